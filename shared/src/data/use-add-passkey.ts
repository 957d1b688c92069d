import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { AddedPasskey, PasskeyProofInput } from '@wallet/shared/contracts';
import { apiRequest, ME_KEY } from '@wallet/shared/api';

/** The signed-in person's passkeys (GET /user/passkeys). */
export const PASSKEYS_KEY = '/user/passkeys';

/**
 * Adds a passkey: the proof first (a password, a mailed code, or none within a fresh sign-in's
 * five minutes: a stolen session alone adds none), then the device makes the passkey, unlocked by
 * its PIN or biometrics, and the server keeps its public key. A staff member's first one comes
 * back with their recovery codes; the session is read again (what it still needs may change).
 */
export function useAddPasskey() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/auth/passkey/register', async (path: string, { arg }: { arg: PasskeyProofInput }) => {
    const options = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(`${path}/options`, {
      method: 'POST',
      body: arg,
    });
    const answer = await startRegistration({ optionsJSON: options.data });
    const envelope = await apiRequest<AddedPasskey>(`${path}/verify`, { method: 'POST', body: answer });
    await Promise.all([mutate(PASSKEYS_KEY), mutate(ME_KEY)]);
    return envelope;
  });
}
