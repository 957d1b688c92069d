import useSWR from 'swr';
import type { ReleaseAccess } from '@wallet/shared/contracts/releases';

export const RELEASE_ACCESS = '/releases/access';

/** What the signed-in admin may do with releases, asked again each time the screen opens: another admin may have changed it. */
export function useReleaseAccess() {
  return useSWR<ReleaseAccess>(RELEASE_ACCESS, { revalidateIfStale: true });
}
