import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { showToast } from '@wallet/shared/toasts';
import { useWalletT } from './messages';

/**
 * A staff member's ten recovery codes, shown once, when their first passkey is added: each
 * completes one sign-in when the passkey is lost. The dialog closes only when they say they kept them.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | undefined; onClose: () => void }) {
  const t = useWalletT();
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes!.join('\n'));
      showToast(t('wallet.recovery.copied'), { variant: 'success' });
    } catch {
      showToast(t('wallet.recovery.copyFailed'), { variant: 'error' });
    }
  };
  return (
    <Dialog open={Boolean(codes)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('wallet.recovery.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('wallet.recovery.intro')}</DialogContentText>
        {/* Codes, not words: never translated, read out letter by letter. */}
        <Box
          component="ol"
          lang="en"
          translate="no"
          aria-label={t('wallet.recovery.title')}
          sx={{ fontFamily: 'monospace', fontSize: '1.05rem', columns: 2, pl: 3, m: 0 }}
        >
          {codes?.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{t('wallet.recovery.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('wallet.recovery.saved')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
