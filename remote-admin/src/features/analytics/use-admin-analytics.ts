import useSWR from 'swr';
import type { AdminAnalytics } from '@wallet/shared/contracts';

export const ANALYTICS_DAYS = 30;
const ADMIN_ANALYTICS = `/admin/analytics?days=${ANALYTICS_DAYS}`;

/** The whole system's movements per day and type over the last 30 days; asked again each time it is shown. */
export function useAdminAnalytics() {
  return useSWR<AdminAnalytics>(ADMIN_ANALYTICS, { revalidateIfStale: true });
}
