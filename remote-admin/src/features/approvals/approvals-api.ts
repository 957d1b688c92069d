import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import { ADMIN_APPROVALS_PATH, type Approval, type ApprovalStatus } from '@wallet/shared/contracts';

const approvalsPath = (status: ApprovalStatus) => `${ADMIN_APPROVALS_PATH}?status=${status}`;
const isApprovals = (key: unknown) => typeof key === 'string' && key.startsWith(ADMIN_APPROVALS_PATH);

/** The proposals in `status`, asked for again each time the screen opens: others decide meanwhile. */
export function useApprovals(status: ApprovalStatus) {
  return useSWR<Approval[]>(approvalsPath(status), { revalidateIfStale: true });
}

/**
 * POST /admin/approvals/{id}/approve or /reject (with its reason). Every status's list is asked
 * for again even when refused: a 409 means another member decided first, or it expired.
 */
export function useApprovalDecision(id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `${ADMIN_APPROVALS_PATH}/${id}`,
    async (path: string, { arg }: { arg: { decision: 'approve' } | { decision: 'reject'; reason: string } }) => {
      try {
        return await apiRequest<Approval>(`${path}/${arg.decision}`, {
          method: 'POST',
          ...(arg.decision === 'reject' ? { body: { reason: arg.reason } } : {}),
        });
      } finally {
        await mutate(isApprovals);
      }
    },
  );
}
