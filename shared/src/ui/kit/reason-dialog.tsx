import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ApiError, errorMessage } from '@wallet/shared/api';
import { reasonInputSchema, type ReasonInput } from '@wallet/shared/contracts';
import { showToast } from '@wallet/shared/toasts';
import { DialogFormActions } from '@wallet/shared/ui/kit/dialog-form-actions';
import { ReasonField } from '@wallet/shared/ui/kit/reason-field';

interface ReasonDialogProps {
  title: string;
  /** What happens, and where the reason goes. */
  description: string;
  reasonLabel?: string;
  submitLabel: string;
  /** Sends the reason; resolves to the server's envelope, whose message is toasted. */
  send: (reason: string) => Promise<{ message: string }>;
  pending: boolean;
  /** Toasted when the server gives no message of its own. */
  failure: string;
  /** Whether a failure is final, closing the dialog: by default any refusal (4xx). */
  isFinal?: (error: unknown) => boolean;
  onClose: () => void;
  /** More of the form, above the reason (an identity review's checklist). */
  children?: ReactNode;
  /** Checked before sending: false keeps the dialog open, for the part `children` shows to say why. */
  ready?: () => boolean;
}

const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * A form in a dialog that asks why (an admin's decision or reversal, a person's report): the
 * reason is required, the answer toasted. A final failure (by default a refusal: decided,
 * reversed or reported meanwhile) closes the dialog on the list as it now is; anything else may
 * work again, and the dialog stays open with the reason kept.
 */
export function ReasonDialog({
  title,
  description,
  reasonLabel,
  submitLabel,
  send,
  pending,
  failure,
  isFinal = isRefusal,
  onClose,
  children,
  ready = () => true,
}: ReasonDialogProps) {
  const descriptionId = useId();
  const { control, handleSubmit } = useForm<ReasonInput>({
    resolver: zodResolver(reasonInputSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(async ({ reason }) => {
    if (!ready()) return;
    try {
      const { message } = await send(reason);
      showToast(message, { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, failure), { variant: 'error' });
      if (!isFinal(error)) return;
    }
    onClose();
  });
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-describedby={descriptionId}
      slotProps={{ paper: { component: 'form', onSubmit } }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
          {description}
        </DialogContentText>
        {children}
        <ReasonField control={control} name="reason" label={reasonLabel} />
      </DialogContent>
      {/* Primary for every decision: a filled error button fails contrast in the dark scheme (3.7:1). */}
      <DialogFormActions pending={pending} onCancel={onClose} submitLabel={submitLabel} />
    </Dialog>
  );
}
