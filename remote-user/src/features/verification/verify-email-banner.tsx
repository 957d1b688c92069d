import { useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ApiError, errorMessage, ME_KEY } from '@wallet/shared/api';
import { showToast } from '@wallet/shared/toasts';
import { useResendVerification } from './use-resend-verification';
import { useT } from '../../i18n';

/**
 * Above every user page while the person's email is unverified: what they cannot do yet, where
 * the link went, and a way to get a new one. The server's answer to Resend is shown as it comes.
 */
export default function VerifyEmailBanner({ email }: { email: string }) {
  const { mutate } = useSWRConfig();
  const { trigger, isMutating } = useResendVerification();
  const [refusal, setRefusal] = useState<string | null>(null);
  const t = useT();

  const resend = async () => {
    setRefusal(null);
    try {
      const { message } = await trigger();
      showToast(message, { variant: 'success' });
    } catch (error) {
      const message = errorMessage(error, t('user.banner.sendFailed'));
      if (error instanceof ApiError && error.status === 409) {
        // Verified meanwhile (in another tab, say): reading the person again takes the banner away.
        showToast(message, { variant: 'info' });
        void mutate(ME_KEY);
        return;
      }
      setRefusal(message);
    }
  };

  return (
    <Alert
      severity="warning"
      role="status"
      aria-label={t('user.banner.label')}
      // The message wraps, a long address anywhere, instead of scrolling: on a phone a scrolling
      // region that nothing in it can focus is out of a keyboard's reach.
      sx={{ mb: 3, '& .MuiAlert-message': { overflow: 'visible', overflowWrap: 'anywhere', minWidth: 0 } }}
      action={
        <Button color="inherit" size="small" onClick={resend} disabled={isMutating}>
          {isMutating ? t('user.banner.processing') : t('user.banner.resend')}
        </Button>
      }
    >
      {t('user.banner.text', { email })}
      {refusal && (
        <Box role="alert" sx={{ mt: 1, fontWeight: 500 }}>
          {refusal}
        </Box>
      )}
    </Alert>
  );
}
