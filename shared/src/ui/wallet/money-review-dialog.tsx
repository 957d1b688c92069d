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
import { PIN_TEXTS, pinSchema, type Counterpart, type MyLimits, type Quote } from '@wallet/shared/contracts';
import { ApiError, errorMessage } from '@wallet/shared/api';
import { useSetPin } from '@wallet/shared/data';
import { formatTaka } from '@wallet/shared/money';
import { useSession } from '@wallet/shared/session';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { PinField } from '@wallet/shared/ui/kit/pin-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';

export interface MoneyReview {
  counterpart: Counterpart;
  amount: number;
  /** The wallet's balance before the movement; unknown until the wallet has loaded. */
  balance: number | undefined;
  /** The caller's own limits on this movement (GET /wallet/limits); nothing is said of them until they have loaded. */
  limits?: MyLimits['movements'][number];
  /** What it costs the caller (GET /wallet/quote): Confirm waits for it, and sends the fee it shows. */
  quote?: Quote;
  /** The quote could not be had: nothing can be confirmed without its fee. */
  quoteFailed?: boolean;
}

const taka = (amount: number) => `${formatTaka(amount)} Taka`;

/** The fee, the total and an agent's commission, as the quote gives them; "Loading..." until it has come. */
function costLines(amount: number, quote: Quote | undefined): [string, string][] {
  if (!quote) return [['Fee', 'Loading...']];
  return [
    ['Fee', quote.fee === 0 ? 'No fee' : taka(quote.fee)],
    ...(quote.fee > 0 ? [['Total', taka(amount + quote.fee)] as [string, string]] : []),
    ...(quote.commission > 0 ? [['You earn', taka(quote.commission)] as [string, string]] : []),
  ];
}

const movements = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'movement' : 'movements'}`;

/**
 * What the caller's own limits leave after this movement, or, where it goes past one, a warning
 * with what is left: the server still decides, this only says it before Confirm.
 */
function limitsAfter(amount: number, limits: NonNullable<MoneyReview['limits']>) {
  const lines: [string, string][] = [];
  const warnings: string[] = [];
  if (limits.minAmount !== null && amount < limits.minAmount)
    warnings.push(`This is less than the smallest amount allowed: ${formatTaka(limits.minAmount)} Taka`);
  if (limits.maxAmount !== null && amount > limits.maxAmount)
    warnings.push(`This is more than one movement allows: at most ${formatTaka(limits.maxAmount)} Taka at a time`);
  const periods = [
    { taka: limits.daily, count: limits.dailyCount, period: 'today', per: 'a day', limit: 'daily' },
    { taka: limits.monthly, count: limits.monthlyCount, period: 'this month', per: 'a month', limit: 'monthly' },
  ];
  for (const { taka, count, period, per, limit } of periods) {
    if (taka && amount > taka.left)
      warnings.push(`This is more than your ${limit} limit allows: ${formatTaka(taka.left)} Taka left ${period}`);
    else if (taka) lines.push([`Left ${period} after this`, `${formatTaka(Math.max(0, taka.left - amount))} Taka`]);
    if (count && count.left < 1)
      warnings.push(`This is one movement more than your ${limit} limit allows: at most ${count.limit} ${per}`);
    else if (count) lines.push([`Left ${period} after this`, movements(count.left - 1)]);
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

const pinToConfirm = z.object({
  pin: z.string().regex(/^\d{5}$/, { error: 'Enter your 5-digit PIN' }),
  password: z.string(),
});
/** A first movement sets the PIN it is confirmed with, with the password. */
const firstPin = z.object({
  pin: pinSchema,
  password: z.string().min(1, { error: 'Enter your password' }),
});
type PinInput = z.infer<typeof pinToConfirm>;

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
  const pinSet = useSession((state) => state.user?.pinSet ?? false);
  // Someone who signs in with Google only sets a PIN on Security, after signing in with Google again.
  const security = useSession((state) =>
    state.user && state.user.googleOnly && !state.user.pinSet ? `/${state.user.role.toLowerCase()}/security` : null,
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const { control, handleSubmit, resetField } = useForm<PinInput>({
    resolver: zodResolver(pinSet ? pinToConfirm : firstPin),
    defaultValues: { pin: '', password: '' },
  });
  const { quote } = review;
  const balanceAfter =
    review.balance === undefined || quote === undefined
      ? undefined
      : review.balance - review.amount - quote.fee + quote.commission;
  const limits = review.limits ? limitsAfter(review.amount, review.limits) : { lines: [], warnings: [] };

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
        refuse(errorMessage(error, 'Your PIN could not be set. Please try again.'));
        return;
      }
    }
    try {
      await onConfirm(pin);
    } catch (error) {
      if (error instanceof ApiError) refuse(error.message);
      else throw error;
    }
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
      <DialogContent>
        <ReviewLines
          lines={[
            [counterpartLabel, review.counterpart.name],
            ['Email', review.counterpart.email],
            ['Amount', taka(review.amount)],
            ...costLines(review.amount, quote),
            ['Balance after', balanceAfter === undefined ? 'Loading...' : taka(balanceAfter)],
            ...limits.lines,
          ]}
        />
        {review.quoteFailed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            The fee could not be loaded. Please try again.
          </Alert>
        )}
        {balanceAfter !== undefined && balanceAfter < 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            This is more than your balance.
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
            <PinField control={control} name="pin" inputRef={pinRef} helperText="We will never ask for your PIN." />
          ) : security ? (
            <Alert severity="info" role="note" action={<Button href={security}>Security</Button>}>
              You confirm money that leaves your wallet with a 5-digit PIN. Set yours on the Security page first: as you
              sign in with Google, it asks you to sign in with Google again. {PIN_TEXTS.never}
            </Alert>
          ) : (
            <>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                Set your PIN
              </Typography>
              <Typography variant="body2" color="text.secondary">
                You confirm money that leaves your wallet with a 5-digit PIN. {PIN_TEXTS.never}
              </Typography>
              <PinField control={control} name="pin" inputRef={pinRef} label="New PIN" />
              <PasswordField control={control} name="password" label="Your password" autoComplete="current-password" />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <SubmitButton pending={pending} fullWidth={false} disabled={!quote || security !== null}>
          Confirm
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
