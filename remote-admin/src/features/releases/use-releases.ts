import useSWR from 'swr';
import type { AreaReleases } from '@wallet/shared/contracts/releases';

export const RELEASES = '/releases';

/** Every area's live release, its releases and its switches, in the area registry's order. */
export function useReleases() {
  return useSWR<AreaReleases[]>(RELEASES);
}
