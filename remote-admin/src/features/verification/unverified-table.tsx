import type { AdminUserRow } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { ROLE_LABELS } from './labels';
import { useUnverified } from './unverified-api';
import { VerifyEmailButton } from './verify-email-button';

const columns: Column<AdminUserRow>[] = [
  { header: 'Name', render: (row) => row.name },
  { header: 'Email', render: (row) => row.email },
  { header: 'Role', render: (row) => ROLE_LABELS[row.role] },
  { header: 'Registered', render: (row) => formatDateTime(row.createdAt) },
  { header: 'Actions', render: (row) => <VerifyEmailButton userId={row._id} /> },
];

/** The people whose email is not verified yet, oldest first, each with "Verify email". */
export function UnverifiedTable() {
  const paged = useUnverified();
  return (
    <PagedTable
      label="Unverified emails"
      columns={columns}
      paged={paged}
      rowKey={(row) => row._id}
      emptyText="Every email is verified."
    />
  );
}
