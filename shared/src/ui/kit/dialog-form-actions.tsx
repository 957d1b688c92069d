import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useKitT } from './messages';

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
  const t = useKitT();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        {t('kit.cancel')}
      </Button>
      <SubmitButton pending={pending} fullWidth={false}>
        {submitLabel}
      </SubmitButton>
    </DialogActions>
  );
}
