import Stack from '@mui/material/Stack';
import type { AdminKycRow, KycStatus } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { ReasonText } from '../../components/reason-text';
import { useT, type AdminT } from '../../i18n';
import { useKycQueue } from './kyc-api';
import { KycDecisionButton } from './kyc-decision-button';
import { KYC_CHECK_LABELS, KYC_EMPTY_TEXTS, ROLE_LABELS } from './labels';

const personColumns = (t: AdminT): Column<AdminKycRow>[] => [
  { header: t('admin.column.name'), render: (row) => row.person.name },
  { header: t('admin.column.email'), render: (row) => row.person.email },
  { header: t('admin.column.role'), render: (row) => t(ROLE_LABELS[row.person.role]) },
  { header: t('admin.kyc.column.requested'), render: (row) => formatDateTime(row.requestedAt) },
];

const pendingColumns = (t: AdminT): Column<AdminKycRow>[] => [
  ...personColumns(t),
  // What an approval lets out of its hold (the registration bonus), within the day's budget.
  { header: t('admin.kyc.column.held'), render: (row) => formatTaka(row.person.held), align: 'right' },
  {
    header: t('admin.column.actions'),
    render: (row) => (
      <Stack direction="row" spacing={1}>
        <KycDecisionButton request={row} decision="approve" />
        <KycDecisionButton request={row} decision="reject" />
      </Stack>
    ),
  },
];

const decidedColumns = (t: AdminT): Column<AdminKycRow>[] => [
  ...personColumns(t),
  { header: t('admin.column.decided'), render: (row) => (row.decidedAt ? formatDateTime(row.decidedAt) : '') },
  { header: t('admin.column.reason'), render: (row) => <ReasonText reason={row.reason} /> },
  // What the admin saw, for an approval.
  {
    header: t('admin.kyc.column.checked'),
    render: (row) => row.checked.map((check) => t(KYC_CHECK_LABELS[check])).join(', '),
  },
];

/** The requests in one status, paged: mounted again (by `key`) for another status, so it starts at page 1. */
export function KycTable({ status }: { status: KycStatus }) {
  const t = useT();
  const paged = useKycQueue(status);
  return (
    <PagedTable
      label={t('admin.kyc.label')}
      columns={status === 'pending' ? pendingColumns(t) : decidedColumns(t)}
      paged={paged}
      rowKey={(row) => row._id}
      emptyText={t(KYC_EMPTY_TEXTS[status])}
    />
  );
}
