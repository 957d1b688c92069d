import useSWR from 'swr';
import type { MyLimits } from '@wallet/shared/contracts';

/** The contracts' MY_LIMITS_PATH, written here: the money hook that refreshes it is in the host's first load, zod is not. */
export const MY_LIMITS_KEY = '/wallet/limits';

/** The signed-in person's limits, with what they used of each today and this month (Asia/Dhaka). */
export function useMyLimits({ enabled = true }: { enabled?: boolean } = {}) {
  // Asked again each time it is shown: movements by others (a cash-in, a transfer received) change it.
  return useSWR<MyLimits>(enabled ? MY_LIMITS_KEY : null, { revalidateIfStale: true });
}
