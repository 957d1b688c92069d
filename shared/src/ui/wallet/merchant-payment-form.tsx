import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  amountSchema,
  MOVEMENTS,
  type MerchantCategory,
  type MoneyMovementResult,
  type PaymentInput,
} from '@wallet/shared/contracts';
import { useMoneyMovement, useQuote } from '@wallet/shared/data';
import { pageLanguage } from '@wallet/shared/i18n/languages';
import { asciiDigits, formatTaka } from '@wallet/shared/money';
import { useMerchantCategoryLabel } from '@wallet/shared/ui/wallet/merchant-categories';
import { MoneyReceipt } from '@wallet/shared/ui/wallet/money-receipt';
import { MoneyReviewDialog, sendReviewed } from '@wallet/shared/ui/wallet/money-review-dialog';
import { useWalletT } from './messages';

/**
 * A merchant as staff verified it, in both languages: from its profile (GET /merchants/{id}, with
 * its category) or from a payment link's public view (GET /links/{code}, without one).
 */
export interface VerifiedMerchant {
  name: string;
  nameBn: string;
  city: string;
  cityBn: string;
  category?: MerchantCategory;
}

/** The outlined card a payment's steps are shown in, under their heading when they have one of their own. */
export function PaymentCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 480 }}>
      <Stack spacing={2}>
        {title && (
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** The merchant's name and city in the page's language. */
function localName(merchant: VerifiedMerchant) {
  const bangla = pageLanguage() === 'bn';
  return { name: bangla ? merchant.nameBn : merchant.name, city: bangla ? merchant.cityBn : merchant.city };
}

interface MerchantSummaryProps {
  merchant: VerifiedMerchant;
  /** What the payment is for, as its merchant wrote it (a payment link's description). */
  description?: string;
  /** The amount asked, or null for an amount the payer chooses; omitted, no line for it. */
  amount?: number | null;
}

/**
 * Who is paid, as staff verified them (never as a code or a link says), what for and how much: the
 * page's heading and the lines under it.
 */
export function MerchantSummary({ merchant, description, amount }: MerchantSummaryProps) {
  const t = useWalletT();
  const category = useMerchantCategoryLabel();
  const { name, city } = localName(merchant);
  return (
    <Stack spacing={1}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('wallet.pay.payMerchant', { name })}
      </Typography>
      <Typography color="text.secondary">
        {merchant.category
          ? t('wallet.pay.verified', { category: category(merchant.category), city })
          : t('wallet.pay.verifiedCity', { city })}
      </Typography>
      {description && <Typography sx={{ overflowWrap: 'anywhere' }}>{description}</Typography>}
      {amount === null && <Typography>{t('wallet.pay.anyAmount')}</Typography>}
      {typeof amount === 'number' && (
        <Typography>{t('wallet.pay.fixedAmount', { amount: formatTaka(amount) })}</Typography>
      )}
    </Stack>
  );
}

interface MerchantPaymentFormProps extends Omit<MerchantSummaryProps, 'amount'> {
  /** The amount asked (a dynamic QR's, a link's), or null: the payer types it. */
  amount: number | null;
  /** POST /wallet/pay's body for the reviewed amount: a QR's payload or a link's code with it. */
  toBody: (amount: number) => PaymentInput;
  /** "Done" on the receipt. */
  onDone: () => void;
  /** Buttons beside Review ("Scan another code"). */
  actions?: ReactNode;
}

/**
 * Paying a merchant: who is paid as verified, the amount asked or typed, then the review (the fee,
 * none: the merchant pays it; the balance after; the PIN), POST /wallet/pay, and the receipt.
 */
export function MerchantPaymentForm({
  merchant,
  description,
  amount,
  toBody,
  onDone,
  actions,
}: MerchantPaymentFormProps) {
  const t = useWalletT();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [review, setReview] = useState<{ amount: number } | null>(null);
  const [receipt, setReceipt] = useState<MoneyMovementResult | null>(null);
  const quote = useQuote('payment', review?.amount);
  const { submit, isMutating } = useMoneyMovement<PaymentInput>({
    path: MOVEMENTS.payment.path,
    success: t('wallet.movement.payment.success'),
    failure: t('wallet.movement.payment.failure'),
  });
  const { name, city } = localName(merchant);

  function onReview(event: React.FormEvent) {
    event.preventDefault();
    if (amount !== null) {
      setReview({ amount });
      return;
    }
    const parsed = amountSchema().safeParse(Number(asciiDigits(typed.trim())));
    if (!typed.trim() || !parsed.success) {
      setInvalid(t('wallet.pay.invalidAmount'));
      return;
    }
    setInvalid(null);
    setReview({ amount: parsed.data });
  }

  async function onConfirm(pin: string) {
    if (!review) return;
    const result = await sendReviewed(quote, (fee) => submit(toBody(review.amount), pin, fee));
    if (!result) return;
    setReview(null);
    // The receipt names the shop as staff verified it, as the review did and the history does, not
    // the person behind it (the movement's answer names its wallet's owner).
    const { receiver } = result.transaction;
    setReceipt({ ...result, transaction: { ...result.transaction, receiver: receiver && { ...receiver, name } } });
  }

  function finish() {
    setReceipt(null);
    setTyped('');
    onDone();
  }

  if (receipt) return <MoneyReceipt title={t('wallet.pay.receipt')} result={receipt} onDone={finish} />;
  return (
    <PaymentCard>
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={onReview}
        aria-label={t('wallet.pay.payMerchant', { name })}
      >
        <MerchantSummary merchant={merchant} description={description} amount={amount ?? undefined} />
        {amount === null && (
          <TextField
            label={t('wallet.amount')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={invalid !== null}
            helperText={invalid ?? t('wallet.form.amountHelp')}
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={amount === null && !typed.trim()}>
            {t('wallet.pay.review')}
          </Button>
          {actions}
        </Stack>
      </Stack>
      <MoneyReviewDialog
        title={t('wallet.pay.reviewTitle')}
        counterpartLabel={t('wallet.pay.merchant')}
        review={
          review && {
            // The dialog shows the name; who is paid is the body's (a QR's merchant, a link's).
            counterpart: { _id: '', name },
            details: [
              [t('wallet.pay.city'), city],
              ...(description ? [[t('wallet.pay.for'), description] as [string, string]] : []),
            ],
            amount: review.amount,
            quote: quote.data,
            quoteFailed: Boolean(quote.error) && !quote.data,
          }
        }
        pending={isMutating}
        onConfirm={onConfirm}
        onCancel={() => setReview(null)}
      />
    </PaymentCard>
  );
}
