import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import type { DeployToken } from '@wallet/shared/contracts/releases';
import { DEPLOY_TOKENS } from './use-deploy-tokens';
import { RELEASE_ACCESS } from './use-release-access';

/** DELETE /releases/tokens/{id}: at once, for every instance. The lists are asked again even when refused. */
export function useRevokeDeployToken(id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${DEPLOY_TOKENS}/${id}`, async (path: string) => {
    try {
      return await apiRequest<DeployToken>(path, { method: 'DELETE' });
    } finally {
      await Promise.all([mutate(DEPLOY_TOKENS), mutate(RELEASE_ACCESS)]);
    }
  });
}
