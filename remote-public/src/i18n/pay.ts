import { registerCatalog, useTranslate, type CompiledCatalog } from '@wallet/shared/i18n';
import en from '../locales/en/pay.json';

/** Ids of the `pay` catalog: the keys of its English file. */
export type PayMessage = keyof typeof en;

/**
 * The payment-link page's messages (`/pay/<code>`): registered when that lazily loaded page imports
 * this module, so they come in its chunk. `lazyPage` waits for `catalogsReady()`.
 */
void registerCatalog({
  en: en as unknown as CompiledCatalog,
  bn: () => import('../locales/bn/pay.json'),
});

export const usePayT = () => useTranslate<PayMessage>();
