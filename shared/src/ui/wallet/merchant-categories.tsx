import type { MerchantCategory } from '@wallet/shared/contracts';
import { useWalletT, type WalletMessage } from './messages';

/** Each merchant category's words in the wallet catalog, for the user's application and staff's queue. */
export const MERCHANT_CATEGORY_MESSAGES: Record<MerchantCategory, WalletMessage> = {
  '5411': 'wallet.merchantCategory.5411',
  '5499': 'wallet.merchantCategory.5499',
  '5812': 'wallet.merchantCategory.5812',
  '5814': 'wallet.merchantCategory.5814',
  '5912': 'wallet.merchantCategory.5912',
  '5311': 'wallet.merchantCategory.5311',
  '5651': 'wallet.merchantCategory.5651',
  '5732': 'wallet.merchantCategory.5732',
  '5251': 'wallet.merchantCategory.5251',
  '5942': 'wallet.merchantCategory.5942',
  '5999': 'wallet.merchantCategory.5999',
  '4121': 'wallet.merchantCategory.4121',
  '7230': 'wallet.merchantCategory.7230',
  '8062': 'wallet.merchantCategory.8062',
  '8220': 'wallet.merchantCategory.8220',
};

/** A category as it reads in the page's language, for a screen outside the wallet's own. */
export function useMerchantCategoryLabel() {
  const t = useWalletT();
  return (category: MerchantCategory) => t(MERCHANT_CATEGORY_MESSAGES[category]);
}
