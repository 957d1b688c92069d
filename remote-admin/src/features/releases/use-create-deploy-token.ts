import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import type { CreateDeployTokenInput, CreatedDeployToken } from '@wallet/shared/contracts/releases';
import { DEPLOY_TOKENS } from './use-deploy-tokens';
import { RELEASE_ACCESS } from './use-release-access';

/** POST /releases/tokens: the answer carries the token's secret, this once. The lists are asked again even when refused. */
export function useCreateDeployToken() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(DEPLOY_TOKENS, async (path: string, { arg }: { arg: CreateDeployTokenInput }) => {
    try {
      return await apiRequest<CreatedDeployToken>(path, { method: 'POST', body: arg });
    } finally {
      await Promise.all([mutate(DEPLOY_TOKENS), mutate(RELEASE_ACCESS)]);
    }
  });
}
