import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import { isPageOf } from '@wallet/shared/data';
import type { Wallet } from '@wallet/shared/contracts';

export const ADMIN_USERS = '/admin/users';
export const ADMIN_AGENTS = '/admin/agents';
export const ADMIN_TRANSACTIONS = '/admin/transactions';

const walletOfUserKey = (userId: string) => `/wallet/user/${userId}`;

/** Anything an admin action can change: both people lists and any wallet looked up by user. */
const isAdminData = (key: unknown) =>
  isPageOf(ADMIN_USERS)(key) ||
  isPageOf(ADMIN_AGENTS)(key) ||
  (typeof key === 'string' && key.startsWith('/wallet/user/'));

export type AdminAction = 'approve' | 'suspend' | 'reactivate' | 'block' | 'unblock' | 'pin-unlock';

/** One PATCH /admin/{action}/{id}; afterwards every admin list on screen asks the server again. */
export function useAdminAction(action: AdminAction) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`/admin/${action}`, async (path: string, { arg: id }: { arg: string }) => {
    const envelope = await apiRequest<unknown>(`${path}/${id}`, { method: 'PATCH' });
    await mutate(isAdminData);
    return envelope;
  });
}

/** A user's wallet, read only when the list row did not carry one. */
export function useWalletOfUser(userId: string | null) {
  return useSWR<Wallet>(userId ? walletOfUserKey(userId) : null);
}
