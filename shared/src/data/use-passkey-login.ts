import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { User } from '@wallet/shared/contracts';
import { apiRequest, ME_KEY } from '@wallet/shared/api';
import { useSession } from '@wallet/shared/session';

/**
 * Signs in with a passkey: the server's options, the device's answer (it offers this site's
 * passkeys, the person unlocks one), the server's check; then the session is read again.
 */
export function usePasskeyLogin() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/auth/passkey/login', async (path: string) => {
    const options = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(`${path}/options`, { method: 'POST' });
    const answer = await startAuthentication({ optionsJSON: options.data });
    const envelope = await apiRequest<User>(`${path}/verify`, { method: 'POST', body: answer });
    // Signed in, completely: the screens waiting for it (a staff member's second factor) open now.
    useSession.getState().setUser(envelope.data);
    await mutate(ME_KEY);
    return envelope;
  });
}
