import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { useSession } from '@wallet/shared/session';
import { apiRequest } from './client';

/** Spec §4: post the logout, then drop every cached answer; a failure is only logged. */
export function useLogout() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/auth/logout', async (path: string) => {
    try {
      await apiRequest<unknown>(path, { method: 'POST' });
    } catch (error) {
      console.error('[session] logout failed', error);
    }
    useSession.getState().signOut();
    await mutate(() => true, undefined, { revalidate: false });
  });
}
