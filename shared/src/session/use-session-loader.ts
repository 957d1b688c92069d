import { useMe } from '../api/use-me';
import { useSession } from './session-store';

/** Mounted once by the app shell: keeps the session store in step with GET /user/me. */
export function useSessionLoader() {
  const setUser = useSession((state) => state.setUser);
  return useMe({ onSuccess: setUser, onError: () => setUser(null) });
}
