import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import type { ActivateReleaseInput, AreaReleases } from '@wallet/shared/contracts/releases';
import { RELEASE_ACCESS } from './use-release-access';
import { RELEASES } from './use-releases';

/**
 * POST /releases/{area}/activate. The releases are asked for again even when the switch is
 * refused: a 409 or 404 means the list on screen is behind what another admin or a deploy did,
 * and a 403 that the admin's deploy permission was revoked meanwhile.
 */
export function useActivateRelease(area: AreaReleases['area']) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `${RELEASES}/${area}/activate`,
    async (path: string, { arg }: { arg: ActivateReleaseInput }) => {
      try {
        return await apiRequest<AreaReleases>(path, { method: 'POST', body: arg });
      } finally {
        await Promise.all([mutate(RELEASES), mutate(RELEASE_ACCESS)]);
      }
    },
  );
}
