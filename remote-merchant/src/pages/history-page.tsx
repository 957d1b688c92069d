import { FilteredTransactionHistory } from '@wallet/shared/ui/wallet/filtered-transaction-history';

/** The merchant's wallet, movement by movement (payments taken, refunds given), with its statement. */
export default function HistoryPage() {
  return <FilteredTransactionHistory />;
}
