import useSWR from 'swr';
// Types only: the contracts' zod stays out of the host's first load, which loads this index.
import type { MovementType, Quote } from '@wallet/shared/contracts';

/** The contracts' QUOTE_PATH, written here: this index is in the host's first load, zod is not. */
const QUOTE_PATH = '/wallet/quote';

/** Any movement's quote in the cache: each says a balance after and limits left, which every movement changes. */
export const isQuoteKey = (key: unknown) => typeof key === 'string' && key.startsWith(`${QUOTE_PATH}?`);

/**
 * What a movement of `amount` Taka would cost the signed-in person now (GET /wallet/quote): the
 * fee, the total, for an agent's cash-in their commission, their balance after it and what their
 * limits leave. Nothing is asked until there is an amount; asked afresh each time a review opens,
 * as the schedule, the allowance, the balance or the limits' use may change.
 */
export function useQuote(type: MovementType, amount: number | undefined) {
  return useSWR<Quote>(amount === undefined ? null : `${QUOTE_PATH}?type=${type}&amount=${amount}`, {
    revalidateIfStale: true,
  });
}
