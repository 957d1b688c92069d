import useSWR from 'swr';
import type { Analytics } from '@wallet/shared/contracts';

export const ANALYTICS_KEY = '/analytics/me';

/** The last 12 months per month and type, the balance over time and the top counterparts. */
export function useAnalytics() {
  return useSWR<Analytics>(ANALYTICS_KEY, { revalidateIfStale: true });
}
