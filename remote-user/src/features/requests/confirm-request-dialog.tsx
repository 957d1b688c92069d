import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useT } from '../../i18n';

/**
 * Asks before a request is closed for good (declined, or cancelled): what happens, then Back or
 * the action. Its `children` (a checkbox) sit between the two.
 */
export function ConfirmRequestDialog({
  title,
  text,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby="request-dialog-title" maxWidth="xs">
      <Box
        component="form"
        noValidate
        sx={{ display: 'contents' }}
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <DialogTitle id="request-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('user.requests.back')}
          </Button>
          <SubmitButton pending={pending} fullWidth={false}>
            {confirmLabel}
          </SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
