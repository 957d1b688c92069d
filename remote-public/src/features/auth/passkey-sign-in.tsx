import Button from '@mui/material/Button';
import { errorMessage } from '@wallet/shared/api';
import { usePasskeyLogin } from '@wallet/shared/data';
import { showToast } from '@wallet/shared/toasts';
import { useAuthT } from '../../i18n/auth';

/**
 * "Sign in with a passkey": the device offers this site's passkeys, nothing is typed. A cancelled
 * prompt is the person's choice, said as such.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useAuthT();
  const passkey = usePasskeyLogin();
  const signIn = async () => {
    try {
      await passkey.trigger();
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      showToast(cancelled ? t('public.login.passkeyCancelled') : errorMessage(error, t('public.login.passkeyFailed')), {
        variant: 'error',
      });
      return;
    }
    showToast(t('public.login.success'), { variant: 'success' });
    onSignedIn();
  };
  return (
    <Button variant="outlined" disabled={passkey.isMutating} onClick={signIn}>
      {passkey.isMutating ? t('public.login.passkeyWaiting') : t('public.login.passkey')}
    </Button>
  );
}
