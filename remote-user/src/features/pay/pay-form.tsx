import { useState } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import type { MerchantQr } from '@wallet/shared/bangla-qr';
import {
  amountSchema,
  MOVEMENTS,
  type MerchantProfile,
  type MoneyMovementResult,
  type PaymentInput,
} from '@wallet/shared/contracts';
import { useMoneyMovement, useQuote } from '@wallet/shared/data';
import { pageLanguage } from '@wallet/shared/i18n/languages';
import { asciiDigits, formatTaka } from '@wallet/shared/money';
import { useMerchantCategoryLabel } from '@wallet/shared/ui/wallet/merchant-categories';
import { MoneyReceipt } from '@wallet/shared/ui/wallet/money-receipt';
import { MoneyReviewDialog, sendReviewed } from '@wallet/shared/ui/wallet/money-review-dialog';
import { useT } from '../../i18n';

/** A QR read and parsed on this device: its text (what the API is sent), its fields, and its kind. */
export interface ReadQr {
  payload: string;
  qr: MerchantQr;
  dynamic: boolean;
}

/**
 * Paying the merchant a QR names. The merchant is shown as staff verified it (GET /merchants/{id}),
 * never as the code says; a dynamic QR's amount is the code's (the server holds it and checks it),
 * a static one's is typed. The review shows the fee (none: the merchant pays it) and asks for the
 * PIN; the receipt follows.
 */
export function PayForm({ read, onBack }: { read: ReadQr; onBack: () => void }) {
  const t = useT();
  const category = useMerchantCategoryLabel();
  const merchant = useSWR<MerchantProfile>(`/merchants/${read.qr.merchantId}`);
  const [typed, setTyped] = useState(read.qr.amount ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [review, setReview] = useState<{ amount: number } | null>(null);
  const [receipt, setReceipt] = useState<MoneyMovementResult | null>(null);
  const quote = useQuote('payment', review?.amount);
  const { submit, isMutating } = useMoneyMovement<PaymentInput>({
    path: MOVEMENTS.payment.path,
    success: t('user.pay.success'),
    failure: t('user.pay.failure'),
  });
  const bangla = pageLanguage() === 'bn';
  const shop = merchant.data;
  const name = shop && (bangla ? shop.nameBn : shop.name);

  function onReview(event: React.FormEvent) {
    event.preventDefault();
    const parsed = amountSchema().safeParse(Number(asciiDigits(typed.trim())));
    if (!typed.trim() || !parsed.success) {
      setInvalid(t('user.pay.invalidAmount'));
      return;
    }
    setInvalid(null);
    setReview({ amount: parsed.data });
  }

  async function onConfirm(pin: string) {
    if (!review) return;
    const result = await sendReviewed(quote, (fee) =>
      submit({ payload: read.payload, amount: review.amount }, pin, fee),
    );
    if (!result) return;
    setReview(null);
    setReceipt(result);
  }

  if (receipt) return <MoneyReceipt title={t('user.pay.receipt')} result={receipt} onDone={onBack} />;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 480 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {name ? t('user.pay.payMerchant', { name }) : t('user.pay.title')}
      </Typography>
      {merchant.error ? (
        <Stack spacing={2}>
          <Alert severity="error" role="alert">
            {errorMessage(merchant.error, t('user.pay.merchantUnknown'))}
          </Alert>
          <Button onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
            {t('user.pay.scanAnother')}
          </Button>
        </Stack>
      ) : !shop ? (
        <Typography role="status">{t('user.pay.loading')}</Typography>
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={onReview} aria-label={t('user.pay.title')}>
          <Typography color="text.secondary">
            {t('user.pay.verified', {
              category: category(shop.category),
              city: bangla ? shop.cityBn : shop.city,
            })}
          </Typography>
          {read.dynamic ? (
            <Typography>{t('user.pay.fixedAmount', { amount: formatTaka(Number(read.qr.amount)) })}</Typography>
          ) : (
            <TextField
              label={t('user.pay.amount')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              error={invalid !== null}
              helperText={invalid ?? t('user.pay.amountHelp')}
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          )}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={!typed.trim()}>
              {t('user.pay.review')}
            </Button>
            <Button onClick={onBack}>{t('user.pay.scanAnother')}</Button>
          </Stack>
        </Stack>
      )}
      {shop && (
        <MoneyReviewDialog
          title={t('user.pay.reviewTitle')}
          counterpartLabel={t('user.pay.merchant')}
          review={
            review && {
              counterpart: { _id: shop._id, name: name! },
              details: [[t('user.pay.city'), bangla ? shop.cityBn : shop.city]],
              amount: review.amount,
              quote: quote.data,
              quoteFailed: Boolean(quote.error) && !quote.data,
            }
          }
          pending={isMutating}
          onConfirm={onConfirm}
          onCancel={() => setReview(null)}
        />
      )}
    </Paper>
  );
}
