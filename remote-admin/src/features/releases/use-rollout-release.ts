import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import type { AreaReleases, RolloutInput } from '@wallet/shared/contracts/releases';
import { RELEASE_ACCESS } from './use-release-access';
import { RELEASES } from './use-releases';

/**
 * POST /releases/{area}/rollout: a release beside the live one, for a share of visitors or for
 * admins only. The releases are asked for again even when refused, as for a switch.
 */
export function useRolloutRelease(area: AreaReleases['area']) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${RELEASES}/${area}/rollout`, async (path: string, { arg }: { arg: RolloutInput }) => {
    try {
      return await apiRequest<AreaReleases>(path, { method: 'POST', body: arg });
    } finally {
      await Promise.all([mutate(RELEASES), mutate(RELEASE_ACCESS)]);
    }
  });
}
