import useSWR from 'swr';
import type { Deployer } from '@wallet/shared/contracts/releases';

export const DEPLOYERS = '/releases/deployers';

/** Every admin, and whether each deploys. */
export function useDeployers() {
  return useSWR<Deployer[]>(DEPLOYERS, { revalidateIfStale: true });
}
