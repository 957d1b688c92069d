import useSWRMutation from 'swr/mutation';
import { RESEND_VERIFICATION_PATH } from '@wallet/shared/contracts';
import { apiRequest } from '@wallet/shared/api';

/** POST, signed in, no body: a new link to the person's address (the server limits how often). */
export function useResendVerification() {
  return useSWRMutation(RESEND_VERIFICATION_PATH, (path: string) =>
    apiRequest<{ sentTo: string }>(path, { method: 'POST' }),
  );
}
