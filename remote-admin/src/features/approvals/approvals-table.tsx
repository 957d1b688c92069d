import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Approval, ApprovalStatus } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { useSession } from '@wallet/shared/session';
import { ListTable, type Column } from '@wallet/shared/ui/kit/list-table';
import { ReasonDialog } from '@wallet/shared/ui/kit/reason-dialog';
import { ActionButton } from '../../components/action-button';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { PersonCell } from '../../components/person-cell';
import { ReasonText } from '../../components/reason-text';
import { useT, type AdminMessage, type AdminT } from '../../i18n';
import { changeWords } from '../audit/change-words';
import { useApprovalDecision, useApprovals } from './approvals-api';

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, AdminMessage> = {
  pending: 'admin.approvals.status.pending',
  approved: 'admin.approvals.status.approved',
  rejected: 'admin.approvals.status.rejected',
  void: 'admin.approvals.status.void',
  expired: 'admin.approvals.status.expired',
};
const EMPTY: Record<ApprovalStatus, AdminMessage> = {
  pending: 'admin.approvals.empty.pending',
  approved: 'admin.approvals.empty.approved',
  rejected: 'admin.approvals.empty.rejected',
  void: 'admin.approvals.empty.void',
  expired: 'admin.approvals.empty.expired',
};

/**
 * What the proposal changes, in the row it names: each figure before → after, the transfer a
 * reversal undoes, or the money a funding puts into the commission float.
 */
function ChangeCell({ approval }: { approval: Approval }) {
  const t = useT();
  const { funding } = approval;
  const { target, lines } = approval.change
    ? changeWords(t, approval.change)
    : funding
      ? {
          target: t('admin.approvals.fundingTarget'),
          lines: [
            t(
              funding.source === 'fee_revenue'
                ? 'admin.approvals.fundingFromRevenue'
                : 'admin.approvals.fundingByDeposit',
              {
                amount: formatTaka(funding.amount),
              },
            ),
            t('admin.approvals.fundingFloat', {
              before: formatTaka(funding.floatBefore),
              after: formatTaka(Math.round((funding.floatBefore + funding.amount) * 100) / 100),
            }),
          ],
        }
      : {
          target: t('admin.approvals.reversalTarget'),
          lines: [
            t('admin.approvals.reversal', {
              amount: formatTaka(approval.reversal!.amount),
              when: formatDateTime(approval.reversal!.transferredAt),
            }),
            ...(approval.reversal!.disputeId ? [t('admin.approvals.fromDispute')] : []),
          ],
        };
  return (
    <>
      <Typography variant="body2">{target}</Typography>
      {lines.map((line) => (
        <Typography key={line} variant="body2" sx={{ color: 'text.secondary' }}>
          {line}
        </Typography>
      ))}
      {approval.reversal && <ReasonText reason={approval.reversal.reason} />}
    </>
  );
}

/** Approve (asked first) and Reject (with a reason): for anyone but the proposer, whom the API refuses too. */
function Decide({ approval }: { approval: Approval }) {
  const t = useT();
  const selfId = useSession((state) => state.user?._id);
  const { trigger, isMutating } = useApprovalDecision(approval._id);
  const [rejecting, setRejecting] = useState(false);
  if (approval.proposedBy._id === selfId) return null;
  return (
    <Stack direction="row" spacing={1}>
      <ConfirmedActionButton
        color="success"
        pending={isMutating}
        question={t('admin.approvals.approveQuestion')}
        run={async () => (await trigger({ decision: 'approve' })).message}
        failed={t('admin.approvals.failed')}
      >
        {t('admin.approvals.approve')}
      </ConfirmedActionButton>
      <ActionButton pending={false} color="error" onClick={() => setRejecting(true)}>
        {t('admin.approvals.reject')}
      </ActionButton>
      {rejecting && (
        <ReasonDialog
          title={t('admin.approvals.rejectTitle')}
          description={t('admin.approvals.rejectDescription', { name: approval.proposedBy.name })}
          submitLabel={t('admin.confirm')}
          send={(reason) => trigger({ decision: 'reject', reason })}
          pending={isMutating}
          failure={t('admin.approvals.failed')}
          onClose={() => setRejecting(false)}
        />
      )}
    </Stack>
  );
}

const columns = (t: AdminT, status: ApprovalStatus): Column<Approval>[] => [
  { header: t('admin.approvals.column.change'), render: (row) => <ChangeCell approval={row} /> },
  { header: t('admin.approvals.column.proposedBy'), render: (row) => <PersonCell person={row.proposedBy} /> },
  { header: t('admin.approvals.column.proposedAt'), render: (row) => formatDateTime(row.proposedAt) },
  ...(status === 'pending'
    ? [
        { header: t('admin.approvals.column.expires'), render: (row: Approval) => formatDateTime(row.expiresAt) },
        { header: t('admin.column.actions'), render: (row: Approval) => <Decide approval={row} /> },
      ]
    : [
        {
          header: t('admin.approvals.column.decidedBy'),
          render: (row: Approval) => (row.decidedBy ? <PersonCell person={row.decidedBy} /> : null),
        },
        { header: t('admin.column.reason'), render: (row: Approval) => <ReasonText reason={row.decisionReason} /> },
      ]),
];

/** The proposals in one status: waiting ones oldest first, with Approve and Reject. */
export function ApprovalsTable({ status }: { status: ApprovalStatus }) {
  const t = useT();
  const { data, error, isLoading } = useApprovals(status);
  return (
    <ListTable
      label={t('admin.approvals.label')}
      columns={columns(t, status)}
      rows={data ?? []}
      rowKey={(row) => row._id}
      isLoading={isLoading}
      error={error}
      errorText={t('admin.approvals.loadFailed')}
      emptyText={t(EMPTY[status])}
    />
  );
}
