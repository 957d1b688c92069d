import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import type {
  InviteStaffInput,
  StaffInvitation,
  StaffList,
  StaffMember,
  UpdateStaffInput,
} from '@wallet/shared/contracts';

const STAFF = '/admin/staff';

/** Members with their roles, and the invitations waiting (owners only). */
export function useStaff() {
  return useSWR<StaffList>(STAFF, { revalidateIfStale: true });
}

/** Runs a change, then asks for the list again, even when the change was refused. */
function useStaffChange<Input, Result>(key: string, method: 'POST' | 'PATCH' | 'DELETE') {
  const { mutate } = useSWRConfig();
  return useSWRMutation(key, async (path: string, { arg }: { arg: Input }) => {
    try {
      return await apiRequest<Result>(path, { method, ...(arg === undefined ? {} : { body: arg }) });
    } finally {
      await mutate(STAFF);
    }
  });
}

/** POST /admin/staff: an invitation mailed with its roles. */
export const useInviteStaff = () => useStaffChange<InviteStaffInput, StaffInvitation>(STAFF, 'POST');

/** PATCH /admin/staff/{id}: another member's roles, the whole set. */
export const useUpdateStaffRoles = (id: string) =>
  useStaffChange<UpdateStaffInput, StaffMember>(`${STAFF}/${id}`, 'PATCH');

/** DELETE /admin/staff/{id}: another member deactivated, signed out everywhere. */
export const useDeactivateStaff = (id: string) => useStaffChange<undefined, StaffMember>(`${STAFF}/${id}`, 'DELETE');
