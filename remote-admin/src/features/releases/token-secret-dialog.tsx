import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CreatedDeployToken } from '@wallet/shared/contracts';
import { showToast } from '@wallet/shared/toasts';

/**
 * A new token's secret, the one time the site shows it. A click beside the dialog does not close
 * it: the secret would be gone before it was copied.
 */
export function TokenSecretDialog({ created, onClose }: { created: CreatedDeployToken; onClose: () => void }) {
  const warningId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      showToast('Token copied', { variant: 'success' });
    } catch {
      showToast('The token could not be copied: select it and copy it.', { variant: 'error' });
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
      <DialogTitle>{`Deploy token ${created.token.name} created`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert id={warningId} severity="warning">
            Copy the token now: it is not shown again. Keep it where your deploys read it, such as your CI&apos;s
            secrets.
          </Alert>
          <TextField
            label="Token"
            value={created.secret}
            fullWidth
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>Copy</Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
