import type { Transaction } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import type { Column } from '@wallet/shared/ui/kit/paged-table';
import { partyName, SignedAmount } from '@wallet/shared/ui/wallet/transaction-cells';
import { TransactionTypeCell } from '@wallet/shared/ui/wallet/transaction-types';
import { DisputeNote, ReportProblemButton } from '@wallet/shared/ui/wallet/report-problem';

/** The status, and under it the sender's report of a transfer, or the way to make one. */
function StatusCell({ transaction, viewerId }: { transaction: Transaction; viewerId: string | undefined }) {
  return (
    <>
      {transaction.status}
      {transaction.dispute ? (
        <DisputeNote dispute={transaction.dispute} />
      ) : (
        <ReportProblemButton transaction={transaction} viewerId={viewerId} />
      )}
    </>
  );
}

/** A history's columns, the amount signed from the viewer's side. */
export function transactionColumns(viewerId: string | undefined): Column<Transaction>[] {
  return [
    { header: 'Date', render: (row) => formatDateTime(row.createdAt) },
    { header: 'Type', render: (row) => <TransactionTypeCell transaction={row} /> },
    { header: 'From', render: (row) => partyName(row.sender) },
    { header: 'To', render: (row) => partyName(row.receiver) },
    { header: 'Amount', align: 'right', render: (row) => <SignedAmount transaction={row} viewerId={viewerId} /> },
    { header: 'Status', render: (row) => <StatusCell transaction={row} viewerId={viewerId} /> },
  ];
}
