import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
// Types only: the contracts' zod stays out of the host's first load, which loads this index.
import type { SetPinInput, User } from '@wallet/shared/contracts';
import { apiRequest, ME_KEY } from '@wallet/shared/api';
import { useSession } from '@wallet/shared/session';

/** The contracts' PIN_PATH and PIN_RESET_PATH, written here: this index is in the host's first load, zod is not. */
const PIN_KEY = '/user/pin';
const PIN_RESET_KEY = '/user/pin/reset';

/**
 * PUT /user/pin: sets, changes or resets the wallet PIN. Resolves to the server's envelope (its
 * message says the PIN is set, or reset), rejects with the ApiError of a refusal; the answer's
 * user becomes the session's and useMe's, so `pinSet` is true at once (and after a reset,
 * `pinResetHoldUntil` is set).
 */
export function useSetPin() {
  const { mutate } = useSWRConfig();
  const setUser = useSession((state) => state.setUser);
  const { trigger, isMutating } = useSWRMutation(PIN_KEY, (path: string, { arg }: { arg: SetPinInput }) =>
    apiRequest<User>(path, { method: 'PUT', body: arg }),
  );

  async function setPin(input: SetPinInput) {
    const envelope = await trigger(input);
    void mutate(ME_KEY, envelope.data, { revalidate: false });
    setUser(envelope.data);
    return envelope;
  }

  return { setPin, isMutating };
}

/**
 * POST /user/pin/reset: for a forgotten PIN, the server mails the person a one-time code, which
 * PUT /user/pin then takes with the password. Resolves to the server's envelope (its message says
 * the code was mailed), rejects with the ApiError of a refusal.
 */
export function useRequestPinReset() {
  const { trigger, isMutating } = useSWRMutation(PIN_RESET_KEY, (path: string) =>
    apiRequest<null>(path, { method: 'POST' }),
  );
  return { requestPinReset: () => trigger(), isMutating };
}
