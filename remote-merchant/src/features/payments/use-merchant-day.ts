import { useCallback, useEffect, useRef } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { MerchantPayment, MerchantSummary } from '@wallet/shared/contracts';
import { isPageOf, useMyWallet, usePaged } from '@wallet/shared/data';
import { useLiveEvents } from '@wallet/shared/live';

export const MERCHANT_PAYMENTS_PATH = '/merchant/payments';
/** Today's summary (no `day`: the API's today, in Asia/Dhaka). */
const MERCHANT_SUMMARY_KEY = '/merchant/summary';

export const useTodaySummary = () => useSWR<MerchantSummary>(MERCHANT_SUMMARY_KEY);

export const useTodayPayments = () => usePaged<MerchantPayment>(MERCHANT_PAYMENTS_PATH);

/** Asks again for today's payments (the page on screen) and summary. */
export function useRefreshDay() {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(isPageOf(MERCHANT_PAYMENTS_PATH));
    void mutate(MERCHANT_SUMMARY_KEY);
  }, [mutate]);
}

/**
 * Today's payments, live: the wallet's stream (`useLiveEvents`, one per tab however many listen;
 * the host's dashboard holds it too) writes each new balance into the wallet's cache. A payment
 * arriving, or a refund leaving, changes the balance, and the day is asked for again, so the
 * newest payment shows without a reload.
 */
export function useDayFollowsWallet() {
  useLiveEvents();
  const balance = useMyWallet().data?.balance;
  const refresh = useRefreshDay();
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (balance === undefined) return;
    if (last.current !== undefined && last.current !== balance) refresh();
    last.current = balance;
  }, [balance, refresh]);
}
