import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { VERIFY_EMAIL_PATH, type User, type VerifyEmailInput } from '@wallet/shared/contracts';
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
