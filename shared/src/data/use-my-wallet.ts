import useSWR from 'swr';
import type { Wallet } from '@wallet/shared/contracts';

export const WALLET_KEY = '/wallet/me';

/** The signed-in person's wallet; `enabled: false` for someone who has none (an admin). */
export function useMyWallet({ enabled = true }: { enabled?: boolean } = {}) {
  return useSWR<Wallet>(enabled ? WALLET_KEY : null);
}
