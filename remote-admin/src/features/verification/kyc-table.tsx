import Stack from '@mui/material/Stack';
import type { AdminKycRow, KycStatus } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { ReasonText } from '../../components/reason-text';
import { useKycQueue } from './kyc-api';
import { KycDecisionButton } from './kyc-decision-button';
import { KYC_STATUS_LABELS, ROLE_LABELS } from './labels';

const personColumns: Column<AdminKycRow>[] = [
  { header: 'Name', render: (row) => row.person.name },
  { header: 'Email', render: (row) => row.person.email },
  { header: 'Role', render: (row) => ROLE_LABELS[row.person.role] },
  { header: 'Requested', render: (row) => formatDateTime(row.requestedAt) },
];

const pendingColumns: Column<AdminKycRow>[] = [
  ...personColumns,
  {
    header: 'Actions',
    render: (row) => (
      <Stack direction="row" spacing={1}>
        <KycDecisionButton request={row} decision="approve" />
        <KycDecisionButton request={row} decision="reject" />
      </Stack>
    ),
  },
];

const decidedColumns: Column<AdminKycRow>[] = [
  ...personColumns,
  { header: 'Decided', render: (row) => (row.decidedAt ? formatDateTime(row.decidedAt) : '') },
  { header: 'Reason', render: (row) => <ReasonText reason={row.reason} /> },
];

/** The requests in one status, paged: mounted again (by `key`) for another status, so it starts at page 1. */
export function KycTable({ status }: { status: KycStatus }) {
  const paged = useKycQueue(status);
  return (
    <PagedTable
      label="Identity reviews"
      columns={status === 'pending' ? pendingColumns : decidedColumns}
      paged={paged}
      rowKey={(row) => row._id}
      emptyText={`No ${KYC_STATUS_LABELS[status].toLowerCase()} requests.`}
    />
  );
}
