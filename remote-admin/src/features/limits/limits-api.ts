import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import {
  ADMIN_LIMITS_PATH,
  type LimitHolder,
  type LimitScope,
  type LimitsTable,
  type LimitsUpdateInput,
} from '@wallet/shared/contracts';

/**
 * Every holder's limits. Asked for again each time the screen opens: another admin may have
 * changed them, and an edit starts from the figures on screen.
 */
export function useLimits() {
  return useSWR<LimitsTable>(ADMIN_LIMITS_PATH, { revalidateIfStale: true });
}

/** PUT /admin/limits/{holder}/{scope}: the whole row. The table is asked for again even when refused. */
export function useLimitsUpdate(holder: LimitHolder, scope: LimitScope) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `${ADMIN_LIMITS_PATH}/${holder}/${scope}`,
    async (path: string, { arg }: { arg: LimitsUpdateInput }) => {
      try {
        return await apiRequest<LimitsTable[number]>(path, { method: 'PUT', body: arg });
      } finally {
        await mutate(ADMIN_LIMITS_PATH);
      }
    },
  );
}
