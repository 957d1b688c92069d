import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import {
  ADMIN_FEES_PATH,
  COMMISSION_FLOAT_PATH,
  type Approval,
  type CommissionFloat,
  type FeeSchedule,
  type FeeType,
  type FeeUpdateInput,
  type FloatFundingInput,
} from '@wallet/shared/contracts';

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

/** The commission float and fee revenue (GET /admin/commission-float), asked for each time the screen opens. */
export function useCommissionFloat() {
  return useSWR<CommissionFloat>(COMMISSION_FLOAT_PATH, { revalidateIfStale: true });
}

/**
 * POST /admin/commission-float: an owner's funding. Applied at once (200), or proposed for a
 * second approval (202, the proposal); the float is asked for again either way.
 */
export function useFloatFunding() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(COMMISSION_FLOAT_PATH, async (path: string, { arg }: { arg: FloatFundingInput }) => {
    try {
      return await apiRequest<CommissionFloat | Approval>(path, { method: 'POST', body: arg });
    } finally {
      await mutate(COMMISSION_FLOAT_PATH);
    }
  });
}
