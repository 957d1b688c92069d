import type { HistoryQuery, Transaction } from '@wallet/shared/contracts';
import { usePaged } from './use-paged';

export const MY_TRANSACTIONS_PATH = '/transaction/me';

export type HistoryFilters = Pick<HistoryQuery, 'type' | 'from' | 'to' | 'q'>;

/** The filters as query parameters, only those set, in one order (one SWR key per set of filters). */
export function historyFilterQuery({ type, from, to, q }: HistoryFilters) {
  const query = new URLSearchParams();
  if (type) query.set('type', type);
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  if (q?.trim()) query.set('q', q.trim());
  return query;
}

/**
 * The viewer's own movements (both directions) matching `filters`, newest first, 5 a page. The
 * paging lives in the component that calls this: give it a `key` made of the filters, so new
 * filters start again at page 1.
 */
export function useMyTransactions(filters: HistoryFilters = {}) {
  const query = historyFilterQuery(filters).toString();
  return usePaged<Transaction>(query ? `${MY_TRANSACTIONS_PATH}?${query}` : MY_TRANSACTIONS_PATH);
}
