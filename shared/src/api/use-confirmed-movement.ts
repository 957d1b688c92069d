import { useRef } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { enqueueSnackbar } from 'notistack';
// From the zod-free file: this hook is in the host's first load, zod is not.
import { IDEMPOTENCY_KEY_HEADER } from '@wallet/shared/contracts/headers';
import type { MoneyMovementResult } from '@wallet/shared/contracts';
import { ApiError } from './api-error';
import { apiRequest } from './client';
import { ANALYTICS_KEY } from './use-analytics';
import type { MoneyMovement } from './use-money-movement';
import { MY_TRANSACTIONS_PATH } from './use-my-transactions';
import { WALLET_KEY } from './use-my-wallet';
import { OVERVIEW_KEY } from './use-overview';
import { isPageOf } from './use-paged';

function randomKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A money POST sent only once the person confirmed what they reviewed. It resolves to what the
 * server wrote (the transaction and the wallet after it) for the receipt, or undefined after a
 * refusal. Confirming the same body again after a failure reuses its Idempotency-Key: a retry
 * after a lost answer moves the money once.
 */
export function useConfirmedMovement<Body>({ path, success, failure }: MoneyMovement) {
  const { mutate } = useSWRConfig();
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const inFlight = useRef(false);
  const { trigger, isMutating } = useSWRMutation(path, (url: string, { arg }: { arg: { body: Body; key: string } }) =>
    apiRequest<MoneyMovementResult>(url, {
      method: 'POST',
      body: arg.body,
      headers: { [IDEMPOTENCY_KEY_HEADER]: arg.key },
    }),
  );

  async function confirm(body: Body): Promise<MoneyMovementResult | undefined> {
    if (inFlight.current) return undefined;
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: randomKey(), body: serialized };
    inFlight.current = true;
    try {
      const { data } = await trigger({ body, key: attempt.current.key });
      attempt.current = null;
      enqueueSnackbar(success, { variant: 'success' });
      void mutate(WALLET_KEY, data.wallet, { revalidate: false });
      void mutate(isPageOf(MY_TRANSACTIONS_PATH));
      void mutate(OVERVIEW_KEY);
      void mutate(ANALYTICS_KEY);
      return data;
    } catch (error) {
      const message = error instanceof ApiError && typeof error.body === 'object' ? error.body.message : undefined;
      enqueueSnackbar(message || failure, { variant: 'error' });
      return undefined;
    } finally {
      inFlight.current = false;
    }
  }

  return { confirm, isMutating };
}
