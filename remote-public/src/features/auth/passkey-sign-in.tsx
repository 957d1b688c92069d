import Button from '@mui/material/Button';
import { errorMessage } from '@wallet/shared/api';
import type { Role } from '@wallet/shared/contracts';
import { usePasskeyLogin } from '@wallet/shared/data';
import { showToast } from '@wallet/shared/toasts';
import { useAuthT } from '../../i18n/auth';

/**
 * "Sign in with a passkey": the device offers this site's passkeys, nothing is typed. A cancelled
 * prompt is the person's choice, said as such.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (role: Role) => void }) {
  const t = useAuthT();
  const passkey = usePasskeyLogin();
  const signIn = async () => {
    let role: Role;
    try {
      role = (await passkey.trigger()).data.role;
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      showToast(cancelled ? t('public.login.passkeyCancelled') : errorMessage(error, t('public.login.passkeyFailed')), {
        variant: 'error',
      });
      return;
    }
    showToast(t('public.login.success'), { variant: 'success' });
    onSignedIn(role);
  };
  return (
    <Button variant="outlined" disabled={passkey.isMutating} onClick={signIn}>
      {passkey.isMutating ? t('public.login.passkeyWaiting') : t('public.login.passkey')}
    </Button>
  );
}
