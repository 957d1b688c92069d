import useSWR from 'swr';
import type { User } from '@wallet/shared/contracts';
import { ApiError } from './api-error';
import { apiFetcher } from './client';

export const ME_KEY = '/user/me';

/** The signed-in person, or null for a visitor (the API answers 401 to a visitor). */
async function fetchMe(): Promise<User | null> {
  try {
    return await apiFetcher<User>(ME_KEY);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useMe(options?: { onSuccess?: (user: User | null) => void; onError?: (error: unknown) => void }) {
  return useSWR<User | null>(ME_KEY, fetchMe, options);
}
