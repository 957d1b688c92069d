import { useRef } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { showToast } from '@wallet/shared/toasts';
// From the zod-free file: this hook is in the host's first load, zod is not.
import { EXPECTED_FEE_HEADER, IDEMPOTENCY_KEY_HEADER, PIN_HEADER } from '@wallet/shared/contracts/headers';
// Types only: erased from the build, so the contracts' zod stays out of the host's first load.
import type { MoneyMovementResult, Movement, MovementType } from '@wallet/shared/contracts';
import { ApiError, apiRequest, errorMessage } from '@wallet/shared/api';
import { ANALYTICS_KEY } from './use-analytics';
import { MY_LIMITS_KEY } from './use-my-limits';
import { WALLET_KEY } from './use-my-wallet';
import { MY_TRANSACTIONS_PATH } from './use-my-transactions';
import { OVERVIEW_KEY } from './use-overview';
import { isQuoteKey } from './use-quote';
import { isPageOf } from './use-paged';

/**
 * What the hook needs of one of the contract's `MOVEMENTS`: where it posts and what it says after
 * (a screen gives `success` and `failure` in the page's language).
 */
export type MoneyMovement = Pick<Movement<MovementType>, 'path' | 'success' | 'failure'>;

/**
 * Only a message the API wrote for people, as `errorMessage` says it (in the page's language); a
 * proxy's HTML page or an unreachable server gets the fallback.
 */
function serverMessage(error: unknown, fallback: string) {
  if (!(error instanceof ApiError) || typeof error.body !== 'object') return fallback;
  return typeof error.body.message === 'string' && error.body.message ? errorMessage(error, fallback) : fallback;
}

/** The contracts' REQUESTS_PATH, written here as the refusals below are: a transfer may pay a request. */
const REQUESTS_PATH = '/requests';

/**
 * The contracts' refusals of what the review itself asked (REFUSALS): the PIN, and a fee that is
 * not the one shown. Written here: this hook is in the host's first load, zod is not.
 */
const REVIEW_REFUSALS = new Set(['PIN_NOT_SET', 'PIN_REQUIRED', 'PIN_WRONG', 'PIN_LOCKED', 'FEE_CHANGED']);

/** A refusal the review dialog shows beside the PIN and the fee, not in a toast. */
export function isReviewRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && typeof error.body === 'object' && REVIEW_REFUSALS.has(error.body.code ?? '');
}

function newIdempotencyKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a plain-http deployment still gets 128 random bits.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One money POST with its toasts. Each submission carries an Idempotency-Key; submitting the same
 * body again after a failure reuses it, so a retry after a lost answer moves money once. Once the
 * server accepted it, the header's balance, every cached history page, the overview, the
 * analytics, the limits' usage and the requests' lists (a transfer may pay one) are refreshed, and
 * the quotes (their balance after) dropped. A movement that takes money out carries the
 * wallet PIN in X-Wallet-Pin: only in that request, never in a cache key or a log; the server checks
 * it before the key, so a retry with a corrected PIN reuses the key.
 */
export function useMoneyMovement<Body>({ path, success, failure }: MoneyMovement) {
  const { mutate } = useSWRConfig();
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const inFlight = useRef(false);
  const { trigger, isMutating } = useSWRMutation(
    path,
    (url: string, { arg }: { arg: { body: Body; key: string; pin?: string; expectedFee?: number } }) =>
      apiRequest<MoneyMovementResult>(url, {
        method: 'POST',
        body: arg.body,
        headers: {
          [IDEMPOTENCY_KEY_HEADER]: arg.key,
          ...(arg.pin === undefined ? {} : { [PIN_HEADER]: arg.pin }),
          ...(arg.expectedFee === undefined ? {} : { [EXPECTED_FEE_HEADER]: arg.expectedFee.toFixed(2) }),
        },
      }),
  );

  /**
   * Resolves to what the server wrote (the transaction and the wallet after it), or undefined after
   * a refusal it toasted; rejects with the ApiError of a refusal of the PIN or of the fee shown
   * (`expectedFee`, Taka), for the review dialog to show.
   */
  async function submit(body: Body, pin?: string, expectedFee?: number): Promise<MoneyMovementResult | undefined> {
    if (inFlight.current) return undefined;
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    inFlight.current = true;
    try {
      const { data } = await trigger({ body, key: attempt.current.key, pin, expectedFee });
      attempt.current = null;
      showToast(success, { variant: 'success' });
      // The answer carries the wallet after the movement; the history pages are fetched again.
      void mutate(WALLET_KEY, data.wallet, { revalidate: false });
      void mutate(isPageOf(MY_TRANSACTIONS_PATH));
      void mutate(OVERVIEW_KEY);
      void mutate(ANALYTICS_KEY);
      void mutate(MY_LIMITS_KEY);
      // Asked again, not deduped, when shown next: a list fetched a moment before the payment said open.
      void mutate(isPageOf(REQUESTS_PATH));
      // Dropped, not shown while asked again: the next review must not say the balance before this one.
      void mutate(isQuoteKey, undefined, { revalidate: false });
      return data;
    } catch (error) {
      if (isReviewRefusal(error)) throw error;
      showToast(serverMessage(error, failure), { variant: 'error' });
      return undefined;
    } finally {
      inFlight.current = false;
    }
  }

  return { submit, isMutating };
}
