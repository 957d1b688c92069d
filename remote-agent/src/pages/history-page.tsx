import { FilteredTransactionHistory } from '@wallet/shared/ui/filtered-transaction-history';

export default function HistoryPage() {
  return <FilteredTransactionHistory />;
}
