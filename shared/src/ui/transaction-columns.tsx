import type { Transaction } from '@wallet/shared/contracts';
import type { Column } from '@wallet/shared/ui/paged-table';
import { partyName, SignedAmount, TRANSACTION_TYPE_LABELS } from '@wallet/shared/ui/transaction-cells';

/** "1 Mar 2025, 10:00": how a movement's time reads everywhere in the areas. */
export function formatDateTime(iso: string) {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A history's columns, the amount signed from the viewer's side. */
export function transactionColumns(viewerId: string | undefined): Column<Transaction>[] {
  return [
    { header: 'Date', render: (row) => formatDateTime(row.createdAt) },
    { header: 'Type', render: (row) => TRANSACTION_TYPE_LABELS[row.type] },
    { header: 'From', render: (row) => partyName(row.sender) },
    { header: 'To', render: (row) => partyName(row.receiver) },
    { header: 'Amount', align: 'right', render: (row) => <SignedAmount transaction={row} viewerId={viewerId} /> },
    { header: 'Status', render: (row) => row.status },
  ];
}
