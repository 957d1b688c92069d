import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  DECLINE_SIGNUP_PATH,
  VERIFY_EMAIL_ACCOUNT_PATH,
  VERIFY_EMAIL_PATH,
  type User,
  type VerifyEmailAccount,
  type VerifyEmailInput,
} from '@wallet/shared/contracts';
import { apiRequest, ME_KEY } from '@wallet/shared/api';
import { useSession } from '@wallet/shared/session';

/** POST the mailed link's token; a signed-in person's record is read again, so their banner goes. */
export function useVerifyEmail() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(VERIFY_EMAIL_PATH, async (path: string, { arg }: { arg: VerifyEmailInput }) => {
    const envelope = await apiRequest<User>(path, { method: 'POST', body: arg });
    if (useSession.getState().status === 'signed-in') void mutate(ME_KEY);
    return envelope;
  });
}

/**
 * Which account the link verifies (its address and when it signed up), asked once on load: the
 * link stays unused. Never retried on focus: a used or expired link stays so.
 */
export function useLinkAccount(token: string | undefined) {
  return useSWR(
    token ? [VERIFY_EMAIL_ACCOUNT_PATH, token] : null,
    async ([path, linkToken]: [string, string]) =>
      (await apiRequest<VerifyEmailAccount>(path, { method: 'POST', body: { token: linkToken } })).data,
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
}

/** POST "I did not sign up" with the link's token: the account is closed. */
export function useDeclineSignup() {
  return useSWRMutation(DECLINE_SIGNUP_PATH, async (path: string, { arg }: { arg: VerifyEmailInput }) =>
    apiRequest<null>(path, { method: 'POST', body: arg }),
  );
}
