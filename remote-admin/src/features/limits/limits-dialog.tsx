import { useId } from 'react';
import { useForm, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import { errorMessage } from '@wallet/shared/api';
import type { LimitHolder, LimitScope, LimitsUpdateInput } from '@wallet/shared/contracts';
import { showToast } from '@wallet/shared/toasts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import {
  LIMIT_FIELD_LABELS,
  fieldsOf,
  formValuesOf,
  isCountField,
  limitMessage,
  limitsFormSchema,
  refusedFields,
  type LimitFigures,
  type LimitField,
  type LimitsFormValues,
} from './limit-fields';
import { DialogFormActions } from '@wallet/shared/ui/kit/dialog-form-actions';
import { useT, type AdminT } from '../../i18n';
import { useLimitsUpdate } from './limits-api';

/** The contract's schema through zodResolver, its messages worded as the form's labels are. */
function limitsResolver(
  t: AdminT,
  fields: readonly LimitField[],
): Resolver<LimitsFormValues, unknown, LimitsUpdateInput> {
  const resolve = zodResolver(limitsFormSchema(t, fields)) as unknown as Resolver<
    LimitsFormValues,
    unknown,
    LimitsUpdateInput
  >;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const error of Object.values(result.errors)) {
      if (error?.message) error.message = limitMessage(t, error.message);
    }
    return result;
  };
}

interface LimitsRow {
  holder: LimitHolder;
  scope: LimitScope;
  /** The dialog's title and name, e.g. "Send money limits for Email verified". */
  title: string;
  figures: LimitFigures;
}

interface LimitsFormProps extends Omit<LimitsRow, 'holder'> {
  update: ReturnType<typeof useLimitsUpdate>;
  descriptionId: string;
  onClose: () => void;
}

/** Mounted each time the dialog opens, so it starts from the figures on screen then. */
function LimitsForm({ scope, title, figures, update, descriptionId, onClose }: LimitsFormProps) {
  const t = useT();
  const fields = fieldsOf(scope);
  const { trigger, isMutating } = update;
  const { control, handleSubmit, setError } = useForm<LimitsFormValues, unknown, LimitsUpdateInput>({
    resolver: limitsResolver(t, fields),
    defaultValues: formValuesOf(fields, figures),
  });
  // The fields hold what was typed (the form's input), not the numbers the schema makes of it.
  const typed = control as unknown as Control<LimitsFormValues>;

  const onSubmit = handleSubmit(async (input) => {
    try {
      const { message } = await trigger(input);
      showToast(message, { variant: 'success' });
      onClose();
    } catch (error) {
      showToast(limitMessage(t, errorMessage(error, t('admin.limits.saveFailed'))), { variant: 'error' });
      for (const { field, message } of refusedFields(t, error, fields)) setError(field, { type: 'server', message });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
          {scope === 'balance' ? t('admin.limits.description.balance') : t('admin.limits.description.movement')}
        </DialogContentText>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
          {fields.map((field, index) => (
            <FormTextField
              key={field}
              control={typed}
              name={field}
              label={t(LIMIT_FIELD_LABELS[field])}
              autoFocus={index === 0}
              slotProps={{
                htmlInput: { inputMode: isCountField(field) ? 'numeric' : 'decimal' },
                input: isCountField(field)
                  ? undefined
                  : { endAdornment: <InputAdornment position="end">{t('admin.unit.taka')}</InputAdornment> },
              }}
            />
          ))}
        </Box>
      </DialogContent>
      <DialogFormActions pending={isMutating} onCancel={onClose} submitLabel={t('admin.save')} />
    </Box>
  );
}

interface LimitsDialogProps extends LimitsRow {
  open: boolean;
  onClose: () => void;
}

/** One row of limits, set outright: every figure of it is sent, empty ones as "no limit". */
export function LimitsDialog({ open, onClose, holder, ...row }: LimitsDialogProps) {
  const descriptionId = useId();
  const update = useLimitsUpdate(holder, row.scope);
  return (
    <Dialog
      open={open}
      onClose={update.isMutating ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-describedby={descriptionId}
    >
      <LimitsForm {...row} update={update} descriptionId={descriptionId} onClose={onClose} />
    </Dialog>
  );
}
