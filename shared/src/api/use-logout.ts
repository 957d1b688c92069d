import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { showToast } from '@wallet/shared/toasts';
import type { LogoutAllResult } from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';
import { apiRequest } from './client';
import { errorMessage } from './api-error';

/** Signs this page out: the session store forgets the person and every cached answer is dropped. */
function useForgetSession() {
  const { mutate } = useSWRConfig();
  return async () => {
    useSession.getState().signOut();
    await mutate(() => true, undefined, { revalidate: false });
  };
}

/** Spec §4: post the logout, then forget the session here; a failure is only logged. */
export function useLogout() {
  const forgetSession = useForgetSession();
  return useSWRMutation('/auth/logout', async (path: string) => {
    try {
      await apiRequest<unknown>(path, { method: 'POST' });
    } catch (error) {
      console.error('[session] logout failed', error);
    }
    await forgetSession();
  });
}

/**
 * "Log out everywhere": every session of the person ends on the server, this device's too. Unlike
 * a plain logout, a failure keeps the person signed in and says so: the other devices would
 * otherwise stay signed in while the person believes they are not.
 */
export function useLogoutEverywhere() {
  const forgetSession = useForgetSession();
  return useSWRMutation('/auth/logout-all', async (path: string) => {
    try {
      await apiRequest<LogoutAllResult>(path, { method: 'POST' });
    } catch (error) {
      showToast(errorMessage(error, 'Could not log out everywhere. Please try again.'), { variant: 'error' });
      return;
    }
    await forgetSession();
    showToast('Logged out on every device', { variant: 'success' });
  });
}
