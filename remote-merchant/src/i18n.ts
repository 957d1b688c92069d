import { registerCatalog, useTranslate, type CompiledCatalog } from '@wallet/shared/i18n';
import en from './locales/en/merchant.json';

/** The merchant area's message ids: the keys of its English catalog (each starts with `merchant.`, as every app's messages share the page's translator). */
export type MerchantMessage = keyof typeof en;

/**
 * The merchant area's catalog: registered when `./routes` or `./menu` loads (both import this
 * module), so the host shows the sidebar and the pages once it is ready in the page's language.
 */
void registerCatalog({
  en: en as unknown as CompiledCatalog,
  bn: () => import('./locales/bn/merchant.json'),
});

export const useT = () => useTranslate<MerchantMessage>();
export type MerchantT = ReturnType<typeof useT>;
