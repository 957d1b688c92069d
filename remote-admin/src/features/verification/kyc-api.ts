import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import { isPageOf, usePaged } from '@wallet/shared/data';
import { ADMIN_KYC_PATH, type AdminKycRow, type KycDecisionInput, type KycStatus } from '@wallet/shared/contracts';

const kycQueuePath = (status: KycStatus) => `${ADMIN_KYC_PATH}?status=${status}`;

/**
 * The identity reviews in `status`, 5 a page: pending ones oldest first (a queue), decided ones
 * newest first. Give the component a `key` made of the status, so another status starts at page 1.
 */
export function useKycQueue(status: KycStatus) {
  return usePaged<AdminKycRow>(kycQueuePath(status));
}

/**
 * PATCH /admin/kyc/{id} with the decision and its reason. Every status's list is asked for again
 * even when the decision is refused: a 409 means another admin decided first.
 */
export function useKycDecision(requestId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${ADMIN_KYC_PATH}/${requestId}`, async (path: string, { arg }: { arg: KycDecisionInput }) => {
    try {
      return await apiRequest<AdminKycRow>(path, { method: 'PATCH', body: arg });
    } finally {
      await mutate(isPageOf(ADMIN_KYC_PATH));
    }
  });
}
