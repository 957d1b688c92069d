import type { Transaction } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import type { Column } from '@wallet/shared/ui/kit/paged-table';
import { partyName, SignedAmount } from '@wallet/shared/ui/wallet/transaction-cells';
import { TransactionTypeCell } from '@wallet/shared/ui/wallet/transaction-types';

/** A history's columns, the amount signed from the viewer's side. */
export function transactionColumns(viewerId: string | undefined): Column<Transaction>[] {
  return [
    { header: 'Date', render: (row) => formatDateTime(row.createdAt) },
    { header: 'Type', render: (row) => <TransactionTypeCell transaction={row} /> },
    { header: 'From', render: (row) => partyName(row.sender) },
    { header: 'To', render: (row) => partyName(row.receiver) },
    { header: 'Amount', align: 'right', render: (row) => <SignedAmount transaction={row} viewerId={viewerId} /> },
    { header: 'Status', render: (row) => row.status },
  ];
}
