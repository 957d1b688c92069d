import Typography from '@mui/material/Typography';
import type { Transaction } from '@wallet/shared/contracts';
import { useMyTransactions } from '@wallet/shared/api';
// By package name, not a relative path: a remote then uses the page's one session store, not a copy.
import { useSession } from '@wallet/shared/session';
import { PagedTable, type Column } from '@wallet/shared/ui/paged-table';
import { partyName, SignedAmount } from '@wallet/shared/ui/transaction-cells';

const TYPE_LABELS: Record<Transaction['type'], string> = {
  bonus: 'Bonus',
  deposit: 'Deposit',
  transfer: 'Transfer',
  'cash-in': 'Cash-in',
  'cash-out': 'Cash-out',
};

function columns(viewerId: string | undefined): Column<Transaction>[] {
  return [
    {
      header: 'Date',
      render: (row) => new Date(row.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
    },
    { header: 'Type', render: (row) => TYPE_LABELS[row.type] },
    { header: 'From', render: (row) => partyName(row.sender) },
    { header: 'To', render: (row) => partyName(row.receiver) },
    { header: 'Amount', align: 'right', render: (row) => <SignedAmount transaction={row} viewerId={viewerId} /> },
    { header: 'Status', render: (row) => row.status },
  ];
}

/** /user/history and /agent/history: the viewer's movements, signed as leaving (-) or entering (+) their wallet. */
export function TransactionHistory({ title = 'Transaction History' }: { title?: string }) {
  const viewerId = useSession((state) => state.user?._id);
  const paged = useMyTransactions();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <PagedTable
        label={title}
        columns={columns(viewerId)}
        paged={paged}
        rowKey={(row) => row._id}
        emptyText="No transactions yet."
      />
    </>
  );
}
