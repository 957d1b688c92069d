import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pinSchema, type Counterpart, type Quote, type QuoteLimits } from '@wallet/shared/contracts';
import { ApiError, errorMessage } from '@wallet/shared/api';
import { isReviewRefusal, useSetPin } from '@wallet/shared/data';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n/languages';
import { asciiDigits, formatTaka } from '@wallet/shared/money';
import { useSession } from '@wallet/shared/session';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { PinField } from '@wallet/shared/ui/kit/pin-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useWalletT, type WalletT } from './messages';

export interface MoneyReview {
  /** Who gets it: a person (with their email), or a merchant as staff verified it (no email). */
  counterpart: Pick<Counterpart, '_id' | 'name'> & { email?: string };
  /** More about the counterpart, after its name: a merchant's city. */
  details?: [string, string][];
  amount: number;
  /**
   * What it costs the caller, their balance after it and what their limits leave (GET
   * /wallet/quote): Confirm waits for it, and sends the fee it shows.
   */
  quote?: Quote;
  /** The quote could not be had: nothing can be confirmed without its fee. */
  quoteFailed?: boolean;
}

/**
 * Confirm: sends the reviewed movement (`send`) with the fee its review shows (the quote's). A fee
 * changed since is refused (FEE_CHANGED): the dialog says so, and the quote is asked again, so
 * the review shows the fee of now.
 */
export async function sendReviewed<Result>(
  quote: { data?: Quote; mutate: () => unknown },
  send: (fee: number) => Promise<Result | undefined>,
): Promise<Result | undefined> {
  if (!quote.data) return undefined;
  try {
    return await send(quote.data.fee);
  } catch (error) {
    if (isReviewRefusal(error) && typeof error.body === 'object' && error.body.code === 'FEE_CHANGED') {
      void quote.mutate();
    }
    throw error;
  }
}

/** A count of movements in the page's language: "1 movement", "3 movements". */
function movements(t: WalletT, count: number) {
  return t('wallet.review.movements', { count, n: count.toLocaleString(INTL_LOCALE[pageLanguage()]) });
}

/**
 * The fee, the total, an agent's commission and the balance after, as the quote gives them;
 * "Loading..." for the fee and the balance until it has come.
 */
function quoteLines(t: WalletT, quote: Quote | undefined): [string, string][] {
  const taka = (value: number) => t('wallet.taka', { amount: formatTaka(value) });
  if (!quote)
    return [
      [t('wallet.fee'), t('wallet.loading')],
      [t('wallet.review.balanceAfter'), t('wallet.loading')],
    ];
  return [
    [t('wallet.fee'), quote.fee === 0 ? t('wallet.fee.none') : taka(quote.fee)],
    ...(quote.fee > 0 ? [[t('wallet.review.total'), taka(quote.total)] as [string, string]] : []),
    ...(quote.commission > 0 ? [[t('wallet.review.youEarn'), taka(quote.commission)] as [string, string]] : []),
    // A cash-in's commission the commission float cannot cover now: the cash-in still goes through.
    ...(quote.commissionUnpaid > 0
      ? [
          [
            t('wallet.review.youEarn'),
            t('wallet.review.commissionUnpaid', { amount: formatTaka(quote.commissionUnpaid) }),
          ] as [string, string],
        ]
      : []),
    [t('wallet.review.balanceAfter'), taka(quote.balanceAfter)],
  ];
}

/**
 * What the caller's own limits leave after this movement, as the quote says, or, where it goes
 * past one, a warning with what was left before it: the server still decides, this only says it
 * before Confirm. Nothing while no row of limits bounds it, or until the quote has come.
 */
function limitsAfter(t: WalletT, limits: QuoteLimits | null | undefined) {
  const lines: [string, string][] = [];
  const warnings: string[] = [];
  if (!limits) return { lines, warnings };
  if (limits.belowMinimum && limits.minAmount !== null)
    warnings.push(t('wallet.review.belowMin', { amount: formatTaka(limits.minAmount) }));
  if (limits.aboveMaximum && limits.maxAmount !== null)
    warnings.push(t('wallet.review.aboveMax', { amount: formatTaka(limits.maxAmount) }));
  const periods = [
    {
      taka: limits.daily,
      count: limits.dailyCount,
      left: 'wallet.review.leftToday',
      over: 'wallet.review.overDaily',
      overCount: 'wallet.review.overDailyCount',
    },
    {
      taka: limits.monthly,
      count: limits.monthlyCount,
      left: 'wallet.review.leftMonth',
      over: 'wallet.review.overMonthly',
      overCount: 'wallet.review.overMonthlyCount',
    },
  ] as const;
  // A count limit as the spec writes it, "at most 5 a day": no grouping, in the page's digits.
  const plain = (value: number) => value.toLocaleString(INTL_LOCALE[pageLanguage()], { useGrouping: false });
  for (const { taka, count, left, over, overCount } of periods) {
    if (taka?.exceeded) warnings.push(t(over, { amount: formatTaka(taka.left) }));
    else if (taka) lines.push([t(left), t('wallet.taka', { amount: formatTaka(taka.leftAfter) })]);
    if (count?.exceeded) warnings.push(t(overCount, { max: plain(count.limit) }));
    else if (count) lines.push([t(left), movements(t, count.leftAfter)]);
  }
  return { lines, warnings };
}

interface MoneyReviewDialogProps {
  title: string;
  /** "Receiver", "Agent", "User": who the money goes to. */
  counterpartLabel: string;
  review: MoneyReview | null;
  pending: boolean;
  /** Sends the movement with the PIN; rejects with the ApiError of a PIN refusal, which the dialog shows. */
  onConfirm: (pin: string) => Promise<void>;
  onCancel: () => void;
}

/** A PIN as typed: Bangla digits (০-৯) are read as the digits they are. */
const typedPin = () => z.string().overwrite(asciiDigits);

const pinToConfirm = (t: WalletT) =>
  z.object({
    pin: typedPin().regex(/^\d{5}$/, { error: t('wallet.review.pinRequired') }),
    password: z.string(),
  });
/** A first movement sets the PIN it is confirmed with, with the password. */
const firstPin = (t: WalletT) =>
  z.object({
    pin: typedPin().pipe(pinSchema),
    password: z.string().min(1, { error: t('wallet.review.passwordRequired') }),
  });
type PinInput = z.infer<ReturnType<typeof pinToConfirm>>;

/** What is about to happen, said once more before any money leaves the wallet, confirmed with the wallet PIN. */
export function MoneyReviewDialog({
  title,
  counterpartLabel,
  review,
  pending,
  onConfirm,
  onCancel,
}: MoneyReviewDialogProps) {
  const { setPin, isMutating: settingPin } = useSetPin();
  const busy = pending || settingPin;
  return (
    <Dialog
      open={review !== null}
      onClose={() => !busy && onCancel()}
      aria-labelledby="money-review-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="money-review-title">{title}</DialogTitle>
      {review && (
        <ReviewForm
          counterpartLabel={counterpartLabel}
          review={review}
          pending={busy}
          setPin={setPin}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
    </Dialog>
  );
}

interface ReviewFormProps extends Omit<MoneyReviewDialogProps, 'title' | 'review'> {
  review: MoneyReview;
  setPin: ReturnType<typeof useSetPin>['setPin'];
}

/** The review's lines and the PIN, as one form: mounted with each review, so no PIN outlives it. */
function ReviewForm({ counterpartLabel, review, pending, setPin, onConfirm, onCancel }: ReviewFormProps) {
  const t = useWalletT();
  const pinSet = useSession((state) => state.user?.pinSet ?? false);
  // Someone who signs in with Google only sets a PIN on Security, after signing in with Google again.
  const security = useSession((state) =>
    state.user && state.user.googleOnly && !state.user.pinSet ? `/${state.user.role.toLowerCase()}/security` : null,
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const { control, handleSubmit, resetField } = useForm<PinInput>({
    resolver: zodResolver(pinSet ? pinToConfirm(t) : firstPin(t)),
    defaultValues: { pin: '', password: '' },
  });
  const { quote } = review;
  const limits = limitsAfter(t, quote?.limits);

  // Once Confirm is no longer pending: focused before, the PIN would give focus back to it.
  useEffect(() => {
    if (refusal && !pending) pinRef.current?.focus();
  }, [refusal, pending]);

  function refuse(message: string) {
    setRefusal(message);
    resetField('pin');
  }

  const onSubmit = handleSubmit(async ({ pin, password }) => {
    setRefusal(null);
    if (!pinSet) {
      try {
        await setPin({ pin, password });
      } catch (error) {
        refuse(errorMessage(error, t('wallet.pin.notSet')));
        return;
      }
    }
    try {
      await onConfirm(pin);
    } catch (error) {
      if (error instanceof ApiError) refuse(errorMessage(error, error.message));
      else throw error;
    }
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
      <DialogContent>
        <ReviewLines
          lines={[
            [counterpartLabel, review.counterpart.name],
            ...(review.counterpart.email === undefined
              ? []
              : [[t('wallet.email'), review.counterpart.email] as [string, string]]),
            ...(review.details ?? []),
            [t('wallet.amount'), t('wallet.taka', { amount: formatTaka(review.amount) })],
            ...quoteLines(t, quote),
            ...limits.lines,
          ]}
        />
        {review.quoteFailed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('wallet.review.feeFailed')}
          </Alert>
        )}
        {quote !== undefined && quote.balanceAfter < 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('wallet.review.overBalance')}
          </Alert>
        )}
        {quote !== undefined && quote.balanceAfter >= 0 && quote.availableAfter < 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('wallet.review.overAvailable')}
          </Alert>
        )}
        {limits.warnings.map((warning) => (
          <Alert key={warning} severity="warning" sx={{ mt: 2 }}>
            {warning}
          </Alert>
        ))}
        <Stack spacing={2} sx={{ mt: 3 }}>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          {pinSet ? (
            <PinField control={control} name="pin" inputRef={pinRef} helperText={t('wallet.review.pinNeverAsk')} />
          ) : security ? (
            <Alert severity="info" role="note" action={<Button href={security}>{t('wallet.review.security')}</Button>}>
              {t('wallet.review.pinGoogle')} {t('wallet.pin.never')}
            </Alert>
          ) : (
            <>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {t('wallet.pin.set')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('wallet.review.pinFirst')} {t('wallet.pin.never')}
              </Typography>
              <PinField control={control} name="pin" inputRef={pinRef} label={t('wallet.pin.new')} />
              <PasswordField
                control={control}
                name="password"
                label={t('wallet.pin.password')}
                autoComplete="current-password"
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          {t('wallet.cancel')}
        </Button>
        <SubmitButton pending={pending} fullWidth={false} disabled={!quote || security !== null}>
          {t('wallet.review.confirm')}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}

/** Label and value pairs as a description list: read as "Amount, 120.00 Taka". */
export function ReviewLines({ lines }: { lines: [string, ReactNode][] }) {
  return (
    <Typography component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
      {lines.map(([label, value], index) => (
        // A label may come twice ("Left today after this": Taka, then movements).
        <Box key={`${index}-${label}`} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Typography>
  );
}
