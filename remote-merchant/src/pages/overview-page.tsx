import { useState } from 'react';
import Typography from '@mui/material/Typography';
import type { MerchantPayment } from '@wallet/shared/contracts';
import { useT } from '../i18n';
import { isNotAMerchant, MerchantOnly, NotAMerchant } from '../features/merchant-only';
import { DaySummary } from '../features/payments/day-summary';
import { PaymentsTable } from '../features/payments/payments-table';
import { RefundDialog } from '../features/payments/refund-dialog';
import { useDayFollowsWallet, useTodayPayments, useTodaySummary } from '../features/payments/use-merchant-day';
import { ShownAmount } from '../features/read-aloud/shown-amount';
import { useReadAloud } from '../features/read-aloud/use-read-aloud';

function Today() {
  const t = useT();
  useDayFollowsWallet();
  const summary = useTodaySummary();
  const payments = useTodayPayments();
  const readAloud = useReadAloud();
  const [refunding, setRefunding] = useState<MerchantPayment | null>(null);
  if (isNotAMerchant(summary.error) || isNotAMerchant(payments.error)) return <NotAMerchant />;
  return (
    <>
      <DaySummary summary={summary.data} error={summary.error} />
      <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 2 }}>
        {t('merchant.payments.title')}
      </Typography>
      {readAloud.shown && <ShownAmount text={readAloud.shown} onClose={readAloud.dismiss} />}
      <PaymentsTable
        paged={payments}
        onReadAloud={(payment) => void readAloud.read(payment.amount)}
        onRefund={setRefunding}
      />
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}

/** The shop's day: today's figures and payments (Asia/Dhaka), live as payments arrive. */
export default function OverviewPage() {
  const t = useT();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        {t('merchant.overview.title')}
      </Typography>
      <MerchantOnly>
        <Today />
      </MerchantOnly>
    </>
  );
}
