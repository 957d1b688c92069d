import { useMe } from './use-me';
import { useSession } from '@wallet/shared/session';

/** Mounted once by the app shell: keeps the session store in step with GET /user/me. */
export function useSessionLoader() {
  const setUser = useSession((state) => state.setUser);
  return useMe({ onSuccess: setUser, onError: () => setUser(null) });
}
