import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import { ADMIN_FEES_PATH, type FeeSchedule, type FeeType, type FeeUpdateInput } from '@wallet/shared/contracts';

/** The fee schedule, asked for again each time the screen opens: another admin may have changed it. */
export function useFees() {
  return useSWR<FeeSchedule>(ADMIN_FEES_PATH, { revalidateIfStale: true });
}

/** PUT /admin/fees/{type}: the whole row. The schedule is asked for again even when refused. */
export function useFeeUpdate(type: FeeType) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${ADMIN_FEES_PATH}/${type}`, async (path: string, { arg }: { arg: FeeUpdateInput }) => {
    try {
      return await apiRequest<FeeSchedule[number]>(path, { method: 'PUT', body: arg });
    } finally {
      await mutate(ADMIN_FEES_PATH);
    }
  });
}
