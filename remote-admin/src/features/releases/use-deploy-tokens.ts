import useSWR from 'swr';
import type { DeployToken } from '@wallet/shared/contracts/releases';

export const DEPLOY_TOKENS = '/releases/tokens';

/** Every deploy token, usable ones first: never a secret. */
export function useDeployTokens() {
  return useSWR<DeployToken[]>(DEPLOY_TOKENS, { revalidateIfStale: true });
}
