import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import type { Deployer, SetDeployerInput } from '@wallet/shared/contracts/releases';
import { DEPLOYERS } from './use-deployers';

/** PATCH /releases/deployers/{id}: grants or revokes another admin's deploy permission. The list is asked again even when refused. */
export function useSetDeployer(id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${DEPLOYERS}/${id}`, async (path: string, { arg }: { arg: SetDeployerInput }) => {
    try {
      return await apiRequest<Deployer>(path, { method: 'PATCH', body: arg });
    } finally {
      await mutate(DEPLOYERS);
    }
  });
}
