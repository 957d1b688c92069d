import type { Transaction } from '@wallet/shared/contracts';
import { usePaged } from './use-paged';

export const MY_TRANSACTIONS_PATH = '/transaction/me';

/** The viewer's own movements, newest first, 5 a page (both directions). */
export function useMyTransactions() {
  return usePaged<Transaction>(MY_TRANSACTIONS_PATH);
}
