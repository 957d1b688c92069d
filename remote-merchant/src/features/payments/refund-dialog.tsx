import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Link as RouterLink } from '@wallet/shared/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { errorMessage } from '@wallet/shared/api';
import { reasonSchema, visibleName, type MerchantPayment, type RefundInput } from '@wallet/shared/contracts';
import { says } from '@wallet/shared/contracts/validation';
import { useMoneyMovement } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { asciiDigits, formatTaka } from '@wallet/shared/money';
import { useSession } from '@wallet/shared/session';
import { DialogFormActions } from '@wallet/shared/ui/kit/dialog-form-actions';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { PinField } from '@wallet/shared/ui/kit/pin-field';
import { ReasonField } from '@wallet/shared/ui/kit/reason-field';
import { useT } from '../../i18n';
import { typedTaka } from '../../lib/typed-amount';
import { refundable } from './payments-table';
import { MERCHANT_PAYMENTS_PATH, useRefreshDay } from './use-merchant-day';

/** The refund as typed: at most what is left of the payment, a reason, and the wallet PIN (Bangla digits read as digits). */
const refundForm = (left: number) =>
  z.object({
    amount: typedTaka(left),
    reason: reasonSchema,
    pin: z
      .string()
      .overwrite(asciiDigits)
      .regex(/^\d{5}$/, { error: says('pinDigits') }),
  });
type RefundForm = z.input<ReturnType<typeof refundForm>>;

/**
 * Gives back a payment, in full (the default: what is left of it) or in part, with the reason and
 * the wallet PIN. It goes through the wallet's money POST (`useMoneyMovement`): an Idempotency-Key
 * per refund, kept for a retry of the same one, and the PIN in its header only. The PIN's own
 * refusals (wrong, locked) are shown here beside it; any other refusal is toasted in the API's
 * words, and a refund the server took is toasted as the spec's money flows are.
 */
export function RefundDialog({ payment, onClose }: { payment: MerchantPayment; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const left = refundable(payment);
  const pinSet = useSession((state) => state.user?.pinSet ?? false);
  const refreshDay = useRefreshDay();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { submit, isMutating } = useMoneyMovement<RefundInput>({
    path: `${MERCHANT_PAYMENTS_PATH}/${payment._id}/refund`,
    success: t('merchant.refund.success'),
    failure: t('merchant.refund.failure'),
  });
  const schema = refundForm(left);
  const { control, handleSubmit, resetField } = useForm<RefundForm>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: { amount: left.toFixed(2), reason: '', pin: '' },
  });
  const taka = (value: number) => t('merchant.taka', { amount: formatTaka(value) });

  const onSubmit = handleSubmit(async (values) => {
    const { amount, reason, pin } = schema.parse(values);
    setRefusal(null);
    let result;
    try {
      result = await submit({ amount, reason }, pin);
    } catch (error) {
      setRefusal(errorMessage(error, t('merchant.refund.failure')));
      resetField('pin');
      return;
    }
    // Refused or not, the payment's row is asked again: another refund may have come first.
    refreshDay();
    if (result) onClose();
  });

  return (
    <Dialog
      open
      onClose={isMutating ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { component: 'form', onSubmit } }}
    >
      <DialogTitle id={titleId}>{t('merchant.refund.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('merchant.refund.paid', {
            name: visibleName(payment.payer.name),
            amount: taka(payment.amount),
            time: formatDateTime(payment.createdAt),
          })}{' '}
          {t('merchant.refund.left', { amount: taka(left) })}
        </DialogContentText>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={control}
            name="amount"
            label={t('merchant.refund.amount')}
            helperText={t('merchant.refund.amountHelp')}
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <ReasonField control={control} name="reason" />
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          {pinSet ? (
            <PinField control={control} name="pin" />
          ) : (
            <Alert
              severity="warning"
              action={
                <Button component={RouterLink} to="/user/security" color="inherit">
                  {t('merchant.refund.security')}
                </Button>
              }
            >
              {t('merchant.refund.pinNotSet')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      {pinSet ? (
        <DialogFormActions pending={isMutating} onCancel={onClose} submitLabel={t('merchant.refund.submit')} />
      ) : (
        <DialogActions>
          <Button onClick={onClose}>{t('merchant.close')}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
