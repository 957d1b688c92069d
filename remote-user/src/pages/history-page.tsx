import { FilteredTransactionHistory } from '@wallet/shared/ui/wallet/filtered-transaction-history';

export default function HistoryPage() {
  return <FilteredTransactionHistory />;
}
