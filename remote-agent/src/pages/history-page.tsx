import { TransactionHistory } from '@wallet/shared/ui/transaction-history';

export default function HistoryPage() {
  return <TransactionHistory />;
}
