import { useId, useState } from 'react';
import { useForm, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import { ApiError, errorMessage } from '@wallet/shared/api';
import type { FeeSchedule, FeeType, FeeUpdateInput } from '@wallet/shared/contracts';
import { showToast } from '@wallet/shared/toasts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { ActionButton } from '../../components/action-button';
import { DialogFormActions } from '@wallet/shared/ui/kit/dialog-form-actions';
import { useT, type AdminMessage } from '../../i18n';
import { useFeeUpdate } from './fees-api';
import {
  FEE_FIELD_LABELS,
  FEE_FIELDS,
  FEE_TYPE_LABELS,
  feeFormSchema,
  feeFormValues,
  isPercentField,
  type FeeField,
  type FeeFormValues,
} from './fee-fields';

/** What each row's dialog says of its figures. */
const DESCRIPTIONS: Record<FeeType, AdminMessage> = {
  transfer: 'admin.fee.description.transfer',
  'cash-out': 'admin.fee.description.cash-out',
  'cash-in': 'admin.fee.description.cash-in',
};

/** A field a refused PUT names ("fixed must be at least 0"), worded as its label. */
function refusedFields(error: unknown, fields: readonly FeeField[]) {
  if (!(error instanceof ApiError) || error.status !== 400 || typeof error.body !== 'object') return [];
  const named = error.body.errors ?? [{ path: error.message.split(' ')[0]!, message: error.message }];
  return named
    .filter(({ path }) => (fields as readonly string[]).includes(path))
    .map(({ path, message }) => ({
      field: path as FeeField,
      message: message.startsWith(`${path} `) ? message.slice(path.length + 1) : message,
    }));
}

/** Mounted each time the dialog opens, so it starts from the figures on screen then. */
function FeesForm({
  row,
  descriptionId,
  onClose,
}: {
  row: FeeSchedule[number];
  descriptionId: string;
  onClose: () => void;
}) {
  const t = useT();
  const fields = FEE_FIELDS[row.type];
  const { trigger, isMutating } = useFeeUpdate(row.type);
  const { control, handleSubmit, setError } = useForm<FeeFormValues, unknown, FeeUpdateInput>({
    resolver: zodResolver(feeFormSchema(t, row.type)) as unknown as Resolver<FeeFormValues, unknown, FeeUpdateInput>,
    defaultValues: feeFormValues(row.type, row),
  });
  const typed = control as unknown as Control<FeeFormValues>;

  const onSubmit = handleSubmit(async (input) => {
    try {
      const { message } = await trigger(input);
      showToast(message, { variant: 'success' });
      onClose();
    } catch (error) {
      showToast(errorMessage(error, t('admin.fee.saveFailed')), { variant: 'error' });
      for (const { field, message } of refusedFields(error, fields)) setError(field, { type: 'server', message });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogTitle>{t('admin.fee.dialogTitle', { type: t(FEE_TYPE_LABELS[row.type]) })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
          {t(DESCRIPTIONS[row.type])}
        </DialogContentText>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
          {fields.map((field, index) => (
            <FormTextField
              key={field}
              control={typed}
              name={field}
              label={t(FEE_FIELD_LABELS[field])}
              autoFocus={index === 0}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">{isPercentField(field) ? '%' : t('admin.unit.taka')}</InputAdornment>
                  ),
                },
              }}
            />
          ))}
        </Box>
      </DialogContent>
      <DialogFormActions pending={isMutating} onCancel={onClose} submitLabel={t('admin.save')} />
    </Box>
  );
}

/** A row's "Edit", named after it: a dialog setting the whole row outright. */
export function EditFeesButton({ row }: { row: FeeSchedule[number] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const descriptionId = useId();
  const title = t('admin.fee.dialogTitle', { type: t(FEE_TYPE_LABELS[row.type]) });
  return (
    <>
      <ActionButton pending={false} aria-label={t('admin.editNamed', { title })} onClick={() => setOpen(true)}>
        {t('admin.edit')}
      </ActionButton>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-describedby={descriptionId}>
        <FeesForm row={row} descriptionId={descriptionId} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
