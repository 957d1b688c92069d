import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import { isPageOf, usePaged } from '@wallet/shared/data';
import {
  ADMIN_DISPUTES_PATH,
  type DisputeDecisionInput,
  type DisputeRow,
  type DisputeStatus,
} from '@wallet/shared/contracts';
import { ADMIN_TRANSACTIONS } from '../admin/admin-api';

/**
 * The reports in `status`, 5 a page: open ones oldest first (a queue), decided ones newest first.
 * Give the component a `key` made of the status, so another status starts at page 1.
 */
export function useDisputes(status: DisputeStatus) {
  return usePaged<DisputeRow>(`${ADMIN_DISPUTES_PATH}?status=${status}`);
}

/**
 * PATCH /admin/disputes/{id} with the decision and its reason. Every status's list, and the
 * transactions (a reversal is one), are asked for again even when refused: a 409 means another
 * admin decided first, or the money is gone.
 */
export function useDisputeDecision(disputeId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `${ADMIN_DISPUTES_PATH}/${disputeId}`,
    async (path: string, { arg }: { arg: DisputeDecisionInput }) => {
      try {
        return await apiRequest<DisputeRow>(path, { method: 'PATCH', body: arg });
      } finally {
        await Promise.all([mutate(isPageOf(ADMIN_DISPUTES_PATH)), mutate(isPageOf(ADMIN_TRANSACTIONS))]);
      }
    },
  );
}
