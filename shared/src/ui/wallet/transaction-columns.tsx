import type { Transaction } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import type { Column } from '@wallet/shared/ui/kit/paged-table';
import { useWalletT, type WalletMessage } from './messages';
import { partyName, SignedAmount } from '@wallet/shared/ui/wallet/transaction-cells';
import { TransactionTypeCell } from '@wallet/shared/ui/wallet/transaction-types';
import { DisputeNote, ReportProblemButton } from '@wallet/shared/ui/wallet/report-problem';

/** How each status reads in a list. */
const STATUS_MESSAGES: Record<Transaction['status'], WalletMessage> = { completed: 'wallet.status.completed' };

/** The status, and under it the sender's report of a transfer, or the way to make one. */
function StatusCell({ transaction, viewerId }: { transaction: Transaction; viewerId: string | undefined }) {
  const t = useWalletT();
  return (
    <>
      {t(STATUS_MESSAGES[transaction.status])}
      {transaction.dispute ? (
        <DisputeNote dispute={transaction.dispute} />
      ) : (
        <ReportProblemButton transaction={transaction} viewerId={viewerId} />
      )}
    </>
  );
}

/** A history's columns, the amount signed from the viewer's side, in the page's language. */
export function useTransactionColumns(viewerId: string | undefined): Column<Transaction>[] {
  const t = useWalletT();
  const none = t('wallet.party.none');
  return [
    { header: t('wallet.column.date'), render: (row) => formatDateTime(row.createdAt) },
    { header: t('wallet.column.type'), render: (row) => <TransactionTypeCell transaction={row} /> },
    { header: t('wallet.column.from'), render: (row) => partyName(row.sender, none) },
    { header: t('wallet.column.to'), render: (row) => partyName(row.receiver, none) },
    {
      header: t('wallet.column.amount'),
      align: 'right',
      render: (row) => <SignedAmount transaction={row} viewerId={viewerId} />,
    },
    { header: t('wallet.column.status'), render: (row) => <StatusCell transaction={row} viewerId={viewerId} /> },
  ];
}
