import { useId, useState } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import { FLOAT_SOURCES, floatFundingInputSchema, floatSourceSchema, type FloatSource } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import { showToast } from '@wallet/shared/toasts';
import { DialogFormActions } from '@wallet/shared/ui/kit/dialog-form-actions';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { ActionButton } from '../../components/action-button';
import { useT, type AdminMessage } from '../../i18n';
import { shownFor, useMay } from '../staff/staff-access';
import { useCommissionFloat, useFloatFunding } from './fees-api';

const SOURCE_LABELS: Record<FloatSource, AdminMessage> = {
  fee_revenue: 'admin.float.source.fee_revenue',
  deposit: 'admin.float.source.deposit',
};

const SOURCE_FIELD = 'source';

/** What is typed: the amount as text, turned into the contract's Taka by its own schema. */
const formSchema = z.object({
  amount: z
    .string()
    .transform((typed) => (typed.trim() === '' ? undefined : Number(typed)))
    .pipe(floatFundingInputSchema.shape.amount),
  source: floatSourceSchema,
});
type FormValues = z.input<typeof formSchema>;

function FundForm({ descriptionId, onClose }: { descriptionId: string; onClose: () => void }) {
  const t = useT();
  const funding = useFloatFunding();
  const { control, handleSubmit, register } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: '', source: 'deposit' },
  });
  // The field speaks the typed text (the form's input), not the Taka the schema makes of it.
  const typed = control as unknown as Control<FormValues>;
  const { ref: sourceRef, ...sourceField } = register(SOURCE_FIELD);
  const onSubmit = handleSubmit(async (input) => {
    try {
      const { message } = await funding.trigger(input);
      showToast(message, { variant: 'success' });
      onClose();
    } catch (error) {
      showToast(errorMessage(error, t('admin.float.fundFailed')), { variant: 'error' });
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogTitle>{t('admin.float.fundTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
          {t('admin.float.fundDescription')}
        </DialogContentText>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={typed}
            name="amount"
            label={t('admin.float.amount')}
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            select
            label={t('admin.float.source')}
            inputRef={sourceRef}
            {...sourceField}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {FLOAT_SOURCES.map((source) => (
              <option key={source} value={source}>
                {t(SOURCE_LABELS[source])}
              </option>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogFormActions pending={funding.isMutating} onCancel={onClose} submitLabel={t('admin.float.fund')} />
    </Box>
  );
}

/** An owner's "Fund": applied at once, or proposed for a FINANCE member's approval. */
function FundButtonShown() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const descriptionId = useId();
  return (
    <>
      <ActionButton pending={false} onClick={() => setOpen(true)}>
        {t('admin.float.fund')}
      </ActionButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-describedby={descriptionId} fullWidth maxWidth="xs">
        {open && <FundForm descriptionId={descriptionId} onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
const FundButton = shownFor('POST /api/v1/admin/commission-float', FundButtonShown);

function CommissionFloatShown() {
  const t = useT();
  const { data, error } = useCommissionFloat();
  const taka = (amount: number) => t('admin.float.taka', { amount: formatTaka(amount) });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="commission-float-heading" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Typography id="commission-float-heading" variant="h6" component="h2">
          {t('admin.float.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('admin.float.intro')}
        </Typography>
        {error && <Alert severity="error">{errorMessage(error, t('admin.float.loadFailed'))}</Alert>}
        {data && (
          <>
            <Typography>
              {t('admin.float.balance')}: <strong>{taka(data.balance)}</strong>
            </Typography>
            <Typography>
              {t('admin.float.feeRevenue')}: <strong>{taka(data.feeRevenue)}</strong>
            </Typography>
            {data.balance === 0 && <Alert severity="warning">{t('admin.float.empty')}</Alert>}
          </>
        )}
        <Box>
          <FundButton />
        </Box>
      </Stack>
    </Paper>
  );
}

/** The commission float on the Fees screen: for a member who may read it (GET /api/v1/admin/commission-float). */
export function CommissionFloatCard() {
  return useMay('GET /api/v1/admin/commission-float') ? <CommissionFloatShown /> : null;
}
