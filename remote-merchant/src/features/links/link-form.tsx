import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { errorMessage } from '@wallet/shared/api';
import { DESCRIPTION_MAX, paymentLinkInputSchema } from '@wallet/shared/contracts';
import { asciiDigits } from '@wallet/shared/money';
import { showToast } from '@wallet/shared/toasts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { TitledSection } from '@wallet/shared/ui/kit/titled-section';
import { useT } from '../../i18n';
import { optionalTypedTaka } from '../../lib/typed-amount';
import { useCreateLink } from './use-payment-links';

const blank = (typed: string) => typed.trim() === '';

/** A `datetime-local` value (the person's own clock) as the instant the contract takes; anything else as typed, for it to refuse. */
function instant(typed: string) {
  const time = new Date(typed);
  return Number.isNaN(time.getTime()) ? typed : time.toISOString();
}

/** The form's text, read into the contract's body (POST /merchant/links) and checked by it. */
const linkForm = z
  .object({
    description: z.string(),
    amount: optionalTypedTaka(),
    expiresAt: z
      .string()
      .transform((typed) => (blank(typed) ? undefined : instant(typed)))
      .optional(),
    maxUses: z
      .string()
      .transform((typed) => (blank(typed) ? undefined : Number(asciiDigits(typed.trim()))))
      .optional(),
  })
  .pipe(paymentLinkInputSchema());
type LinkForm = z.input<typeof linkForm>;

const EMPTY: LinkForm = { description: '', amount: '', expiresAt: '', maxUses: '' };

/** A new payment link: what it is for, and if the merchant wishes, its amount, its end and how often it may be paid. */
export function LinkForm() {
  const t = useT();
  const { trigger, isMutating } = useCreateLink();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset } = useForm<LinkForm>({
    resolver: zodResolver(linkForm, undefined, { raw: true }),
    defaultValues: EMPTY,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const input = linkForm.parse(values);
    try {
      await trigger(input);
      showToast(t('merchant.links.created'), { variant: 'success' });
      reset(EMPTY);
    } catch (error) {
      setFailure(errorMessage(error, t('merchant.links.createFailed')));
    }
  });
  return (
    <TitledSection title={t('merchant.links.new')} sx={{ mb: 3 }}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={t('merchant.links.new')}
        sx={{ display: 'grid', gap: 2, maxWidth: 520 }}
      >
        <FormTextField
          control={control}
          name="description"
          label={t('merchant.links.description')}
          helperText={t('merchant.links.descriptionHelp', { max: DESCRIPTION_MAX })}
          slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
        />
        <FormTextField
          control={control}
          name="amount"
          label={t('merchant.links.amount')}
          helperText={t('merchant.links.amountHelp')}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField
          control={control}
          name="expiresAt"
          type="datetime-local"
          label={t('merchant.links.expiresAt')}
          helperText={t('merchant.links.expiresAtHelp')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextField
          control={control}
          name="maxUses"
          label={t('merchant.links.maxUses')}
          helperText={t('merchant.links.maxUsesHelp')}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <SubmitButton pending={isMutating} fullWidth={false} sx={{ justifySelf: 'start' }}>
          {t('merchant.links.create')}
        </SubmitButton>
      </Box>
    </TitledSection>
  );
}
