import { useId, useState } from 'react';
import { useForm, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import { errorMessage } from '@wallet/shared/api';
import { showToast } from '@wallet/shared/toasts';
import { DialogFormActions } from '@wallet/shared/ui/kit/dialog-form-actions';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { useT, type AdminMessage } from '../../i18n';
import { ActionButton } from '../action-button';
import { formValuesOf, refusedFields, type Figures, type FiguresFormValues, type FigureUnit } from './figure-fields';

/** A row's PUT, as its SWR mutation gives it: the server's message is the toast. */
interface FiguresUpdate<Input> {
  trigger: (input: Input) => Promise<{ message: string }>;
  isMutating: boolean;
}

export interface FiguresRowEditor<F extends string, Input> {
  /** The row's name: the dialog's title and accessible name, and its Edit button's ("Cash out fees"). */
  title: string;
  /** What the dialog says of the row's figures: its accessible description. */
  description: string;
  fields: readonly F[];
  labels: Record<F, AdminMessage>;
  unitOf: (field: F) => FigureUnit;
  /** The figures on screen when the dialog opens. */
  figures: Figures<F>;
  /** What was typed, turned into the PUT's body and checked by the contract's own schema. */
  schema: z.ZodType<Input, FiguresFormValues>;
  update: FiguresUpdate<Input>;
  saveFailed: string;
  /** How the contract's and the API's messages read on this form; as they come when left out. */
  word?: (message: string) => string;
}

const asSent = (message: string) => message;

/** The row's schema through zodResolver, its messages worded for the form. */
function figuresResolver<Input>(
  schema: z.ZodType<Input, FiguresFormValues>,
  word: (message: string) => string,
): Resolver<FiguresFormValues, unknown, Input> {
  const resolve = zodResolver(schema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const error of Object.values(result.errors)) {
      if (error?.message) error.message = word(error.message);
    }
    return result;
  };
}

function FigureField({
  unit,
  ...props
}: {
  control: Control<FiguresFormValues>;
  name: string;
  label: string;
  autoFocus: boolean;
  unit: FigureUnit;
}) {
  const t = useT();
  return (
    <FormTextField
      {...props}
      slotProps={{
        htmlInput: { inputMode: unit === 'count' ? 'numeric' : 'decimal' },
        input:
          unit === 'count'
            ? undefined
            : {
                endAdornment: (
                  <InputAdornment position="end">{unit === 'percent' ? '%' : t('admin.unit.taka')}</InputAdornment>
                ),
              },
      }}
    />
  );
}

/** Mounted each time the dialog opens, so it starts from the figures on screen then. */
function FiguresForm<F extends string, Input>({
  editor,
  descriptionId,
  onClose,
}: {
  editor: FiguresRowEditor<F, Input>;
  descriptionId: string;
  onClose: () => void;
}) {
  const t = useT();
  const { fields, update, word = asSent } = editor;
  const { control, handleSubmit, setError } = useForm<FiguresFormValues, unknown, Input>({
    resolver: figuresResolver(editor.schema, word),
    defaultValues: formValuesOf(fields, editor.figures),
  });
  // The fields hold what was typed (the form's input), not the numbers the schema makes of it.
  const typed = control as unknown as Control<FiguresFormValues>;

  const onSubmit = handleSubmit(async (input) => {
    try {
      const { message } = await update.trigger(input);
      showToast(message, { variant: 'success' });
      onClose();
    } catch (error) {
      showToast(word(errorMessage(error, editor.saveFailed)), { variant: 'error' });
      for (const { field, message } of refusedFields(error, fields, word)) setError(field, { type: 'server', message });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogTitle>{editor.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
          {editor.description}
        </DialogContentText>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
          {fields.map((field, index) => (
            <FigureField
              key={field}
              control={typed}
              name={field}
              label={t(editor.labels[field])}
              autoFocus={index === 0}
              unit={editor.unitOf(field)}
            />
          ))}
        </Box>
      </DialogContent>
      <DialogFormActions pending={update.isMutating} onCancel={onClose} submitLabel={t('admin.save')} />
    </Box>
  );
}

/**
 * A row's "Edit", named after the row: a dialog setting the whole row outright, every figure of it
 * sent (empty ones as none). It stays open while the row is being saved.
 */
export function EditFiguresButton<F extends string, Input>(editor: FiguresRowEditor<F, Input>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const descriptionId = useId();
  const close = () => setOpen(false);
  return (
    <>
      <ActionButton
        pending={false}
        aria-label={t('admin.editNamed', { title: editor.title })}
        onClick={() => setOpen(true)}
      >
        {t('admin.edit')}
      </ActionButton>
      <Dialog
        open={open}
        onClose={editor.update.isMutating ? undefined : close}
        maxWidth="sm"
        fullWidth
        aria-describedby={descriptionId}
      >
        <FiguresForm editor={editor} descriptionId={descriptionId} onClose={close} />
      </Dialog>
    </>
  );
}
