import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import type { AreaReleases } from '@wallet/shared/contracts/releases';
import { RELEASE_ACCESS } from './use-release-access';
import { RELEASES } from './use-releases';

/** POST /releases/{area}/promote: the release rolling out goes live for everyone. The releases are asked for again even when refused. */
export function usePromoteRelease(area: AreaReleases['area']) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${RELEASES}/${area}/promote`, async (path: string) => {
    try {
      return await apiRequest<AreaReleases>(path, { method: 'POST' });
    } finally {
      await Promise.all([mutate(RELEASES), mutate(RELEASE_ACCESS)]);
    }
  });
}
