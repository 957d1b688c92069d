import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '../i18n';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, and the dialog's accessible name. */
  title: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDialog({ open, title, onCancel, onConfirm }: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogActions>
        <Button onClick={onCancel}>{t('admin.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm}>
          {t('admin.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
