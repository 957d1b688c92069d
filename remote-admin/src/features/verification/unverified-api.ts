import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import { isPageOf, usePaged } from '@wallet/shared/data';
import { ADMIN_UNVERIFIED_PATH, ADMIN_VERIFY_PATH, type AdminUserRow, type User } from '@wallet/shared/contracts';

/** The people whose email is not verified yet, oldest first, 5 a page. */
export function useUnverified() {
  return usePaged<AdminUserRow>(ADMIN_UNVERIFIED_PATH);
}

/** PATCH /admin/verify/{id}; afterwards the list is asked for again (a 409: someone verified it meanwhile). */
export function useVerifyEmail() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(ADMIN_VERIFY_PATH, async (path: string, { arg: userId }: { arg: string }) => {
    try {
      return await apiRequest<User>(`${path}/${userId}`, { method: 'PATCH' });
    } finally {
      await mutate(isPageOf(ADMIN_UNVERIFIED_PATH));
    }
  });
}
