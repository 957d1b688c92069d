import { useState, type ReactElement } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  amountSchema,
  counterpartSchema,
  type AllUserQuery,
  type Counterpart,
  type MoneyMovementResult,
} from '@wallet/shared/contracts';
import { useMoneyMovement, useMyWallet, type MoneyMovement } from '@wallet/shared/data';
import { CounterpartPicker } from '@wallet/shared/ui/counterpart-picker';
import { FormTextField } from '@wallet/shared/ui/form-text-field';
import { MoneyReceipt } from '@wallet/shared/ui/money-receipt';
import { MoneyReviewDialog, type MoneyReview } from '@wallet/shared/ui/money-review-dialog';
import { SubmitButton } from '@wallet/shared/ui/submit-button';

/**
 * The amount as typed. Spec §5's rule (a number above 0) speaks the screen's own words; the
 * contract's limits (2 decimals, the most one movement may move) then apply as the API applies them.
 */
function amountInputSchema(message: string) {
  return z
    .string()
    .trim()
    .refine((text) => text !== '' && Number(text) > 0, { error: message, abort: true })
    .transform(Number)
    .pipe(amountSchema());
}

export interface CounterpartRule {
  label: string;
  /** Spec §5, e.g. "Please select a receiver". */
  message: string;
  purpose?: AllUserQuery['purpose'];
}

function moneyFormSchema(amountMessage: string, counterpart?: CounterpartRule) {
  return z.object({
    counterpart: counterpart
      ? counterpartSchema.nullable().refine((chosen) => chosen !== null, { error: counterpart.message })
      : z.null(),
    balance: amountInputSchema(amountMessage),
  });
}

type MoneyFormInput = { counterpart: Counterpart | null; balance: string };
type MoneyFormOutput = { counterpart: Counterpart | null; balance: number };

interface CommonProps {
  title: string;
  description?: string;
  submitLabel: string;
  amountMessage: string;
  movement: MoneyMovement;
}

/** Money into the wallet: no counterpart. */
type IntoWalletProps<Body> = CommonProps & {
  counterpart?: undefined;
  toBody: (values: { balance: number }) => Body;
};
/** Money that leaves the wallet for someone: reviewed first. */
type ToSomeoneProps<Body> = CommonProps & {
  counterpart: CounterpartRule;
  toBody: (values: { counterpart: Counterpart; balance: number }) => Body;
};

/**
 * Every money screen: pick a counterpart (if any), type an amount, submit once. Money that leaves
 * the wallet for someone is reviewed first (who gets how much, and the balance after it), only
 * Confirm sends it, and a receipt follows; Cancel returns to the form as typed.
 */
export function MoneyForm<Body>(props: IntoWalletProps<Body>): ReactElement;
export function MoneyForm<Body>(props: ToSomeoneProps<Body>): ReactElement;
export function MoneyForm<Body>({
  title,
  description,
  submitLabel,
  amountMessage,
  counterpart,
  movement,
  toBody,
}: IntoWalletProps<Body> | ToSomeoneProps<Body>) {
  const { submit, isMutating } = useMoneyMovement<Body>(movement);
  const { data: wallet } = useMyWallet();
  const [review, setReview] = useState<(MoneyReview & { body: Body }) | null>(null);
  const [receipt, setReceipt] = useState<MoneyMovementResult | null>(null);
  const { control, handleSubmit, reset } = useForm<MoneyFormInput, unknown, MoneyFormOutput>({
    resolver: zodResolver(moneyFormSchema(amountMessage, counterpart)) as never,
    mode: 'onTouched',
    defaultValues: { counterpart: null, balance: '' },
  });
  // The fields speak the typed values (the form's input), not what the schema turns them into.
  const fields = control as unknown as Control<MoneyFormInput>;
  const [chosen, balance] = useWatch({ control: fields, name: ['counterpart', 'balance'] });
  const ready = (!counterpart || chosen !== null) && Number(balance) > 0;

  const onSubmit = handleSubmit(async (values) => {
    const body = toBody(values as { counterpart: Counterpart; balance: number });
    if (!counterpart) {
      if (await submit(body)) reset();
      return;
    }
    setReview({ counterpart: values.counterpart!, amount: values.balance, balance: undefined, body });
  });

  async function onConfirm() {
    if (!review) return;
    const result = await submit(review.body);
    if (!result) return;
    setReview(null);
    setReceipt(result);
  }

  if (receipt)
    return (
      <MoneyReceipt
        title={`${title} receipt`}
        result={receipt}
        onDone={() => {
          reset();
          setReceipt(null);
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
        {counterpart && (
          <CounterpartPicker
            control={fields}
            name="counterpart"
            label={counterpart.label}
            purpose={counterpart.purpose}
          />
        )}
        <FormTextField
          control={fields}
          name="balance"
          label="Amount"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          helperText="Taka, up to 2 decimals"
        />
        {/* A reviewed movement is pending in its dialog, not on the form. */}
        <SubmitButton pending={!counterpart && isMutating} disabled={!ready}>
          {submitLabel}
        </SubmitButton>
      </Stack>
      {counterpart && (
        <MoneyReviewDialog
          title={`Review ${title.toLowerCase()}`}
          counterpartLabel={counterpart.label}
          review={review && { ...review, balance: wallet?.balance }}
          pending={isMutating}
          onConfirm={() => void onConfirm()}
          onCancel={() => setReview(null)}
        />
      )}
    </Paper>
  );
}
