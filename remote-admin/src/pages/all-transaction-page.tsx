import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePaged } from '@wallet/shared/data';
import type { Transaction } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { partyName, SignedAmount } from '@wallet/shared/ui/wallet/transaction-cells';
import { TransactionTypeCell } from '@wallet/shared/ui/wallet/transaction-types';
import { ADMIN_TRANSACTIONS } from '../features/admin/admin-api';
import { AdminAnalytics } from '../features/analytics/admin-analytics';
import { ReverseButton } from '../features/reversals/reverse-button';

const columns: Column<Transaction>[] = [
  { header: 'Date', render: (row) => formatDateTime(row.createdAt) },
  { header: 'Type', render: (row) => <TransactionTypeCell transaction={row} /> },
  { header: 'Sender', render: (row) => partyName(row.sender) },
  { header: 'Receiver', render: (row) => partyName(row.receiver) },
  { header: 'Amount', render: (row) => <SignedAmount transaction={row} />, align: 'right' },
  { header: 'Status', render: (row) => row.status },
  { header: 'Actions', render: (row) => <ReverseButton transaction={row} /> },
];

export default function AllTransactionPage() {
  const paged = usePaged<Transaction>(ADMIN_TRANSACTIONS);
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        All Transactions
      </Typography>
      <PagedTable
        label="Transactions"
        columns={columns}
        paged={paged}
        rowKey={(row) => row._id}
        emptyText="No transactions yet."
      />
      <AdminAnalytics />
    </Stack>
  );
}
