import useSWR from 'swr';
import type { Overview } from '@wallet/shared/contracts';

export const OVERVIEW_KEY = '/analytics/me/overview';

/** The balance, this month's money in and out, and the five latest movements. */
export function useOverview() {
  // Asked again each time the page is shown: movements by others (a cash-in, a transfer) change it.
  return useSWR<Overview>(OVERVIEW_KEY, { revalidateIfStale: true });
}
