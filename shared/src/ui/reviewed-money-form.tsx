import { useState } from 'react';
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
import { useConfirmedMovement, useMyWallet, type MoneyMovement } from '@wallet/shared/api';
import { CounterpartPicker } from '@wallet/shared/ui/counterpart-picker';
import { FormTextField } from '@wallet/shared/ui/form-text-field';
import { MoneyReceipt } from '@wallet/shared/ui/money-receipt';
import { MoneyReviewDialog, type MoneyReview } from '@wallet/shared/ui/money-review-dialog';
import { SubmitButton } from '@wallet/shared/ui/submit-button';

function reviewedFormSchema(amountMessage: string, counterpartMessage: string) {
  return z.object({
    counterpart: counterpartSchema.nullable().refine((chosen) => chosen !== null, { error: counterpartMessage }),
    // Spec §5's rule in the screen's words first, then the contract's limits as the API applies them.
    balance: z
      .string()
      .trim()
      .refine((text) => text !== '' && Number(text) > 0, { error: amountMessage, abort: true })
      .transform(Number)
      .pipe(amountSchema()),
  });
}

type FormInput = { counterpart: Counterpart | null; balance: string };
type FormOutput = { counterpart: Counterpart; balance: number };

interface ReviewedMoneyFormProps<Body> {
  title: string;
  description: string;
  submitLabel: string;
  amountMessage: string;
  counterpart: { label: string; message: string; purpose?: AllUserQuery['purpose'] };
  movement: MoneyMovement;
  toBody: (values: FormOutput) => Body;
}

/**
 * Money that leaves the wallet for someone: the form, then a review of who gets how much and the
 * balance after it, and only Confirm sends it; then the receipt. Cancel returns to the form as typed.
 */
export function ReviewedMoneyForm<Body>({
  title,
  description,
  submitLabel,
  amountMessage,
  counterpart,
  movement,
  toBody,
}: ReviewedMoneyFormProps<Body>) {
  const { confirm, isMutating } = useConfirmedMovement<Body>(movement);
  const { data: wallet } = useMyWallet();
  const [review, setReview] = useState<(MoneyReview & { body: Body }) | null>(null);
  const [receipt, setReceipt] = useState<MoneyMovementResult | null>(null);
  const { control, handleSubmit, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(reviewedFormSchema(amountMessage, counterpart.message)) as never,
    mode: 'onTouched',
    defaultValues: { counterpart: null, balance: '' },
  });
  const fields = control as unknown as Control<FormInput>;
  const [chosen, balance] = useWatch({ control: fields, name: ['counterpart', 'balance'] });
  const ready = chosen !== null && Number(balance) > 0;

  const onSubmit = handleSubmit((values) =>
    setReview({ counterpart: values.counterpart, amount: values.balance, balance: undefined, body: toBody(values) }),
  );

  async function onConfirm() {
    if (!review) return;
    const result = await confirm(review.body);
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
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {description}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={title}>
        <CounterpartPicker
          control={fields}
          name="counterpart"
          label={counterpart.label}
          purpose={counterpart.purpose}
        />
        <FormTextField
          control={fields}
          name="balance"
          label="Amount"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          helperText="Taka, up to 2 decimals"
        />
        <SubmitButton pending={false} disabled={!ready}>
          {submitLabel}
        </SubmitButton>
      </Stack>
      <MoneyReviewDialog
        title={`Review ${title.toLowerCase()}`}
        counterpartLabel={counterpart.label}
        review={review && { ...review, balance: wallet?.balance }}
        pending={isMutating}
        onConfirm={() => void onConfirm()}
        onCancel={() => setReview(null)}
      />
    </Paper>
  );
}
