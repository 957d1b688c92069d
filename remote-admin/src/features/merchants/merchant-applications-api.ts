import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import { isPageOf, usePaged } from '@wallet/shared/data';
import {
  ADMIN_MERCHANT_APPLICATIONS_PATH,
  type AdminMerchantApplication,
  type KycStatus,
  type MerchantDecisionInput,
} from '@wallet/shared/contracts';

/**
 * The merchant applications in `status`, a page at a time: pending ones oldest first (a queue),
 * decided ones newest first. Give the component a `key` made of the status.
 */
export function useMerchantApplications(status: KycStatus) {
  return usePaged<AdminMerchantApplication>(`${ADMIN_MERCHANT_APPLICATIONS_PATH}?status=${status}`);
}

/** PATCH with the decision and its reason; every status's list is asked for again, even when refused. */
export function useMerchantDecision(applicationId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `${ADMIN_MERCHANT_APPLICATIONS_PATH}/${applicationId}`,
    async (path: string, { arg }: { arg: MerchantDecisionInput }) => {
      try {
        return await apiRequest<AdminMerchantApplication>(path, { method: 'PATCH', body: arg });
      } finally {
        await mutate(isPageOf(ADMIN_MERCHANT_APPLICATIONS_PATH));
      }
    },
  );
}
