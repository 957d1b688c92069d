import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ApiError, errorMessage } from '@wallet/shared/api';
import { kycDecisionInputSchema, type AdminKycRow, type KycDecisionInput } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { showToast } from '@wallet/shared/toasts';
import { DialogFormActions } from '../../components/dialog-form-actions';
import { ReasonField } from '../../components/reason-field';
import { useKycDecision } from './kyc-api';
import { KYC_DECISION_LABELS } from './labels';

const DECISION_FAILED = 'The decision could not be saved. Please try again.';

interface KycDecisionDialogProps {
  open: boolean;
  decision: KycDecisionInput['decision'];
  request: AdminKycRow;
  onClose: () => void;
}

/** Why the admin approves or rejects: required, kept with the decision and in the audit log. */
export function KycDecisionDialog({ open, decision, request, onClose }: KycDecisionDialogProps) {
  const descriptionId = useId();
  const { trigger, isMutating } = useKycDecision(request._id);
  const { control, handleSubmit, reset } = useForm<KycDecisionInput>({
    resolver: zodResolver(kycDecisionInputSchema),
    defaultValues: { decision, reason: '' },
  });
  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (input) => {
    try {
      const { message } = await trigger(input);
      showToast(message, { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, DECISION_FAILED), { variant: 'error' });
      // Already decided (or gone): nothing left to decide. Anything else may work again, reason kept.
      const final = error instanceof ApiError && (error.status === 409 || error.status === 404);
      if (!final) return;
    }
    close();
  });

  return (
    <Dialog
      open={open}
      onClose={isMutating ? undefined : close}
      maxWidth="sm"
      fullWidth
      aria-describedby={descriptionId}
      slotProps={{ paper: { component: 'form', onSubmit } }}
    >
      <DialogTitle>{`${KYC_DECISION_LABELS[decision]} the identity of ${request.person.name}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
          {`${request.person.email} asked on ${formatDateTime(request.requestedAt)}. ` +
            'The reason is kept with the decision and in the audit log.'}
        </DialogContentText>
        <ReasonField control={control} name="reason" />
      </DialogContent>
      {/* Primary for both: a filled error button fails contrast in the dark scheme (3.7:1). */}
      <DialogFormActions pending={isMutating} onCancel={close} submitLabel="Confirm" />
    </Dialog>
  );
}
