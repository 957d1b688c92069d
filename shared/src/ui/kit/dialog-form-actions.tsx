import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';

/** A dialog form's Cancel and its submit button, both held while the request runs. */
export function DialogFormActions({
  pending,
  onCancel,
  submitLabel,
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
}) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <SubmitButton pending={pending} fullWidth={false}>
        {submitLabel}
      </SubmitButton>
    </DialogActions>
  );
}
