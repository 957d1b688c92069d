import type { SWRConfiguration } from 'swr';
import { useSession } from '@wallet/shared/session';
import { ApiError } from './api-error';
import { apiFetcher } from './client';

/**
 * Spec §7: no refetch on focus, reconnect or mount once cached. Answers a person can act on (4xx)
 * are shown by the screen that asked; only an unreachable or failing server is logged here.
 * A 401 outside /auth means the session ended on the server (expired, logged out elsewhere,
 * blocked): the client forgets it too, so the guard sends the person to /login.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: apiFetcher,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
  onError: (error: unknown, key: string) => {
    if (error instanceof ApiError && error.status === 401 && !key.startsWith('/auth/')) useSession.getState().signOut();
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    console.error(`[api] ${key}`, error);
  },
};
