import { useState, type ReactElement, type ReactNode } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  counterpartSchema,
  type AllUserQuery,
  type Counterpart,
  type MoneyMovementResult,
  type Movement,
  type MovementType,
} from '@wallet/shared/contracts';
import { useMoneyMovement, useQuote } from '@wallet/shared/data';
import { asciiDigits, formatTaka } from '@wallet/shared/money';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { CounterpartPicker } from '@wallet/shared/ui/wallet/counterpart-picker';
import { useWalletT, type WalletMessage } from './messages';
import { MoneyReceipt } from '@wallet/shared/ui/wallet/money-receipt';
import {
  MoneyReviewDialog,
  ReviewLines,
  sendReviewed,
  type MoneyReview,
} from '@wallet/shared/ui/wallet/money-review-dialog';

/** The movements this form makes: a payment, paid from a merchant's QR, has a screen of its own. */
type FormMovementType = Exclude<MovementType, 'payment'>;

/** The body the movement's POST takes, as the contract describes it. */
type MovementBody<T extends FormMovementType> = z.infer<ReturnType<Movement<T>['body']>>;

/**
 * The toasts of each movement, in the page's language: the contract's `success` and `failure`
 * (MOVEMENTS) are their English words.
 */
const MOVEMENT_TOASTS: Record<MovementType, { success: WalletMessage; failure: WalletMessage }> = {
  deposit: { success: 'wallet.movement.deposit.success', failure: 'wallet.movement.deposit.failure' },
  transfer: { success: 'wallet.movement.transfer.success', failure: 'wallet.movement.transfer.failure' },
  'cash-out': { success: 'wallet.movement.cash-out.success', failure: 'wallet.movement.cash-out.failure' },
  'cash-in': { success: 'wallet.movement.cash-in.success', failure: 'wallet.movement.cash-in.failure' },
  payment: { success: 'wallet.movement.payment.success', failure: 'wallet.movement.payment.failure' },
};

/** An amount as typed, Bangla digits (০-৯) read as the digits they are. */
const typedAmount = (text: string) => asciiDigits(text.trim());

/**
 * The amount as typed. Spec §5's rule (a number above 0) speaks the screen's own words; the
 * movement's own body then applies its limits (2 decimals, the most one movement may move) as the
 * API applies them.
 */
function amountInputSchema(message: string, amount: z.ZodType<number, number>) {
  return z
    .string()
    .overwrite(typedAmount)
    .refine((text) => text !== '' && Number(text) > 0, { error: message, abort: true })
    .transform(Number)
    .pipe(amount);
}

export interface CounterpartRule {
  label: string;
  /** Spec §5, e.g. "Please select a receiver". */
  message: string;
  purpose?: AllUserQuery['purpose'];
}

function moneyFormSchema(amount: z.ZodType<number, number>, amountMessage: string, counterpart?: CounterpartRule) {
  return z.object({
    counterpart: counterpart
      ? counterpartSchema.nullable().refine((chosen) => chosen !== null, { error: counterpart.message })
      : z.null(),
    balance: amountInputSchema(amountMessage, amount),
  });
}

type MoneyFormInput = { counterpart: Counterpart | null; balance: string };
type MoneyFormOutput = { counterpart: Counterpart | null; balance: number };

/** Who the money goes to: a person chosen in the picker, or one the movement's terms name. */
type Recipient = MoneyReview['counterpart'];

/**
 * A movement whose counterpart and amount someone else set (a request being paid): shown, never
 * typed, and sent as they are; the person reviews and confirms it, or leaves.
 */
export interface FixedTerms {
  counterpart: Recipient;
  balance: number;
  /** Why they cannot be changed here, said above them. */
  notice: string;
  /** Lines after the counterpart, on the form as in the review (what it is for). */
  details?: [string, string][];
}

interface CommonProps<T extends FormMovementType> {
  title: string;
  description?: string;
  submitLabel: string;
  amountMessage: string;
  /** One of the contract's `MOVEMENTS`: the POST, its limits and the toasts' words. */
  movement: Movement<T>;
  /** Buttons beside the submit button (a way back). */
  actions?: ReactNode;
  /** "Done" on the receipt, once the form is reset. */
  onDone?: () => void;
}

/** Money into the wallet: no counterpart. */
type IntoWalletProps<T extends FormMovementType> = CommonProps<T> & {
  counterpart?: undefined;
  toBody: (values: { balance: number }) => MovementBody<T>;
};
/** Money that leaves the wallet for someone: reviewed first. */
type ToSomeoneProps<T extends FormMovementType> = CommonProps<T> & {
  counterpart: CounterpartRule;
  toBody: (values: { counterpart: Recipient; balance: number }) => MovementBody<T>;
  /** The counterpart and the amount, when they are not the person's to choose. */
  fixed?: FixedTerms;
};

/**
 * Every money screen: pick a counterpart (if any), type an amount, submit once. Money that leaves
 * the wallet for someone is reviewed first (who gets how much, the balance after it and what the
 * caller's limits leave), only Confirm sends it, and a receipt follows; Cancel returns to the form
 * as typed.
 */
export function MoneyForm<T extends FormMovementType>(props: IntoWalletProps<T>): ReactElement;
export function MoneyForm<T extends FormMovementType>(props: ToSomeoneProps<T>): ReactElement;
export function MoneyForm<T extends FormMovementType>({
  title,
  description,
  submitLabel,
  amountMessage,
  counterpart,
  movement,
  toBody,
  actions,
  onDone,
  ...terms
}: IntoWalletProps<T> | ToSomeoneProps<T>) {
  const fixed = 'fixed' in terms ? terms.fixed : undefined;
  const t = useWalletT();
  const toasts = MOVEMENT_TOASTS[movement.type];
  const { submit, isMutating } = useMoneyMovement<MovementBody<T>>({
    path: movement.path,
    success: t(toasts.success),
    failure: t(toasts.failure),
  });
  const [review, setReview] = useState<(MoneyReview & { body: MovementBody<T> }) | null>(null);
  // The quote is shown before Confirm, and Confirm sends the fee shown: another one now is refused.
  const quote = useQuote(movement.type, review?.amount);
  const [receipt, setReceipt] = useState<MoneyMovementResult | null>(null);
  const { control, handleSubmit, reset } = useForm<MoneyFormInput, unknown, MoneyFormOutput>({
    // Fixed terms are checked as typed ones are (the movement's limits), their counterpart as given.
    resolver: zodResolver(
      moneyFormSchema(movement.body().shape.balance, amountMessage, fixed ? undefined : counterpart),
    ) as never,
    mode: 'onTouched',
    defaultValues: { counterpart: null, balance: fixed ? String(fixed.balance) : '' },
  });
  // The fields speak the typed values (the form's input), not what the schema turns them into.
  const fields = control as unknown as Control<MoneyFormInput>;
  const [chosen, balance] = useWatch({ control: fields, name: ['counterpart', 'balance'] });
  const ready = (!counterpart || fixed !== undefined || chosen !== null) && Number(typedAmount(balance)) > 0;

  const onSubmit = handleSubmit(async (values) => {
    const recipient = fixed?.counterpart ?? values.counterpart;
    const body = toBody({ counterpart: recipient!, balance: values.balance });
    if (!counterpart) {
      if (await submit(body)) reset();
      return;
    }
    setReview({ counterpart: recipient!, details: fixed?.details, amount: values.balance, body });
  });

  async function onConfirm(pin: string) {
    if (!review) return;
    const result = await sendReviewed(quote, (fee) => submit(review.body, pin, fee));
    if (!result) return;
    setReview(null);
    setReceipt(result);
  }

  if (receipt)
    return (
      <MoneyReceipt
        title={t('wallet.form.receipt', { title })}
        result={receipt}
        onDone={() => {
          reset();
          setReceipt(null);
          onDone?.();
        }}
      />
    );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 480 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {description}
        </Typography>
      )}
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={title}>
        {counterpart && fixed && (
          <>
            <Alert severity="info">{fixed.notice}</Alert>
            <ReviewLines
              lines={[
                [counterpart.label, fixed.counterpart.name],
                ...(fixed.details ?? []),
                [t('wallet.amount'), t('wallet.taka', { amount: formatTaka(fixed.balance) })],
              ]}
            />
          </>
        )}
        {counterpart && !fixed && (
          <CounterpartPicker
            control={fields}
            name="counterpart"
            label={counterpart.label}
            purpose={counterpart.purpose}
          />
        )}
        {!fixed && (
          <FormTextField
            control={fields}
            name="balance"
            label={t('wallet.amount')}
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            helperText={t('wallet.form.amountHelp')}
          />
        )}
        <Stack direction="row" spacing={1}>
          {/* A reviewed movement is pending in its dialog, not on the form. */}
          <SubmitButton pending={!counterpart && isMutating} disabled={!ready}>
            {submitLabel}
          </SubmitButton>
          {actions}
        </Stack>
      </Stack>
      {counterpart && (
        <MoneyReviewDialog
          title={t('wallet.form.review', { title: title.toLowerCase() })}
          counterpartLabel={counterpart.label}
          review={
            review && {
              ...review,
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
