import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CreatedDeployToken } from '@wallet/shared/contracts/releases';
import { showToast } from '@wallet/shared/toasts';
import { useT } from '../../i18n';

/**
 * A new token's secret, the one time the site shows it. A click beside the dialog does not close
 * it: the secret would be gone before it was copied.
 */
export function TokenSecretDialog({ created, onClose }: { created: CreatedDeployToken; onClose: () => void }) {
  const t = useT();
  const warningId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      showToast(t('admin.token.copied'), { variant: 'success' });
    } catch {
      showToast(t('admin.token.copyFailed'), { variant: 'error' });
    }
  };
  return (
    <Dialog
      open
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      maxWidth="sm"
      fullWidth
      aria-describedby={warningId}
    >
      <DialogTitle>{t('admin.token.createdTitle', { name: created.token.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert id={warningId} severity="warning">
            {t('admin.token.copyNow')}
          </Alert>
          <TextField
            label={t('admin.token.label')}
            value={created.secret}
            fullWidth
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{t('admin.token.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('admin.token.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
