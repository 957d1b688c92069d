import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import type { MerchantQr } from '@wallet/shared/bangla-qr';
import type { MerchantProfile } from '@wallet/shared/contracts';
import { MerchantPaymentForm, PaymentCard } from '@wallet/shared/ui/wallet/merchant-payment-form';
import { useT } from '../../i18n';

/** A QR read and parsed on this device: its text (what the API is sent) and its fields. */
export interface ReadQr {
  payload: string;
  qr: MerchantQr;
}

/**
 * Paying the merchant a QR names. The merchant is shown as staff verified it (GET /merchants/{id}),
 * never as the code says; a dynamic QR's amount (only a dynamic one has one) is the code's (the
 * server holds it and checks it), a static one's is typed. The review, the PIN and the receipt are
 * the shared payment form's.
 */
export function PayForm({ read, onBack }: { read: ReadQr; onBack: () => void }) {
  const t = useT();
  const merchant = useSWR<MerchantProfile>(`/merchants/${read.qr.merchantId}`);
  const scanAnother = (
    <Button onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
      {t('user.pay.scanAnother')}
    </Button>
  );

  if (merchant.data)
    return (
      <MerchantPaymentForm
        merchant={merchant.data}
        amount={read.qr.amount === undefined ? null : Number(read.qr.amount)}
        toBody={(amount) => ({ payload: read.payload, amount })}
        onDone={onBack}
        actions={scanAnother}
      />
    );
  return (
    <PaymentCard title={t('user.pay.title')}>
      {merchant.error ? (
        <Alert severity="error" role="alert">
          {errorMessage(merchant.error, t('user.pay.merchantUnknown'))}
        </Alert>
      ) : (
        <Typography role="status">{t('user.pay.loading')}</Typography>
      )}
      {merchant.error && scanAnother}
    </PaymentCard>
  );
}
