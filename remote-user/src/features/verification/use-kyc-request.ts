import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { KYC_REQUEST_PATH, type Envelope, type KycRequest } from '@wallet/shared/contracts';
import { apiRequest } from '@wallet/shared/api';

/** GET: the person's latest identity review request, or null when they never asked. */
export function useKycRequest({ enabled = true }: { enabled?: boolean } = {}) {
  return useSWR<KycRequest | null>(enabled ? KYC_REQUEST_PATH : null);
}

/** POST, no body: asks for a review; the request it answers with becomes the latest. */
export function useAskForReview() {
  return useSWRMutation(KYC_REQUEST_PATH, (path: string) => apiRequest<KycRequest>(path, { method: 'POST' }), {
    populateCache: (answer: Envelope<KycRequest>) => answer.data,
    revalidate: false,
  });
}
