import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { apiRequest, ME_KEY } from '@wallet/shared/api';
import {
  MERCHANT_APPLICATION_PATH,
  type Envelope,
  type MerchantApplication,
  type MerchantApplicationInput,
} from '@wallet/shared/contracts';

/** GET: the person's latest merchant application, or null when they never applied. */
export function useMerchantApplication({ enabled = true }: { enabled?: boolean } = {}) {
  return useSWR<MerchantApplication | null>(enabled ? MERCHANT_APPLICATION_PATH : null);
}

/**
 * POST: the application; its answer becomes the latest. The profile is read again either way: a
 * 409 may mean the person became a merchant meanwhile.
 */
export function useApplyAsMerchant() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    MERCHANT_APPLICATION_PATH,
    async (path: string, { arg }: { arg: MerchantApplicationInput }) => {
      try {
        return await apiRequest<MerchantApplication>(path, { method: 'POST', body: arg });
      } finally {
        void mutate(ME_KEY);
      }
    },
    { populateCache: (answer: Envelope<MerchantApplication>) => answer.data, revalidate: false },
  );
}
