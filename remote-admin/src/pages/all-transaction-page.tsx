import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePaged } from '@wallet/shared/data';
import type { Transaction } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { SignedAmount } from '@wallet/shared/ui/wallet/transaction-cells';
import { TransactionTypeCell } from '@wallet/shared/ui/wallet/transaction-types';
import { ADMIN_TRANSACTIONS } from '../features/admin/admin-api';
import { AdminAnalytics } from '../features/analytics/admin-analytics';
import { ReverseButton } from '../features/reversals/reverse-button';
import { partyName } from '../format';
import { useT, type AdminMessage, type AdminT } from '../i18n';

const STATUS_LABELS: Record<Transaction['status'], AdminMessage> = { completed: 'admin.transactions.status.completed' };

const columns = (t: AdminT): Column<Transaction>[] => [
  { header: t('admin.transactions.date'), render: (row) => formatDateTime(row.createdAt) },
  { header: t('admin.transactions.type'), render: (row) => <TransactionTypeCell transaction={row} /> },
  { header: t('admin.transactions.sender'), render: (row) => partyName(t, row.sender) },
  { header: t('admin.transactions.receiver'), render: (row) => partyName(t, row.receiver) },
  { header: t('admin.transactions.amount'), render: (row) => <SignedAmount transaction={row} />, align: 'right' },
  {
    header: t('admin.column.status'),
    render: (row) => (row.status in STATUS_LABELS ? t(STATUS_LABELS[row.status]) : row.status),
  },
  { header: t('admin.column.actions'), render: (row) => <ReverseButton transaction={row} /> },
];

export default function AllTransactionPage() {
  const t = useT();
  const paged = usePaged<Transaction>(ADMIN_TRANSACTIONS);
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {t('admin.transactions.title')}
      </Typography>
      <PagedTable
        label={t('admin.transactions.label')}
        columns={columns(t)}
        paged={paged}
        rowKey={(row) => row._id}
        emptyText={t('admin.transactions.empty')}
      />
      <AdminAnalytics />
    </Stack>
  );
}
