import type { AdminUserRow } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { useT, type AdminT } from '../../i18n';
import { ROLE_LABELS } from './labels';
import { useUnverified } from './unverified-api';
import { VerifyEmailButton } from './verify-email-button';

const columns = (t: AdminT): Column<AdminUserRow>[] => [
  { header: t('admin.column.name'), render: (row) => row.name },
  { header: t('admin.column.email'), render: (row) => row.email },
  { header: t('admin.column.role'), render: (row) => t(ROLE_LABELS[row.role]) },
  { header: t('admin.unverified.column.registered'), render: (row) => formatDateTime(row.createdAt) },
  { header: t('admin.column.actions'), render: (row) => <VerifyEmailButton userId={row._id} /> },
];

/** The people whose email is not verified yet, oldest first, each with "Verify email". */
export function UnverifiedTable() {
  const t = useT();
  const paged = useUnverified();
  return (
    <PagedTable
      label={t('admin.unverified.label')}
      columns={columns(t)}
      paged={paged}
      rowKey={(row) => row._id}
      emptyText={t('admin.unverified.empty')}
    />
  );
}
