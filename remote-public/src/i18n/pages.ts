import { registerCatalog, useTranslate, type CompiledCatalog } from '@wallet/shared/i18n';
import en from '../locales/en/pages.json';

/** Ids of the `pages` catalog: the keys of its English file. */
export type PagesMessage = keyof typeof en;

/**
 * The other public pages' messages (features, about, faq, pricing, contact, unauthorized, not
 * found): registered when a lazily loaded page imports this module, so they come in its chunk.
 * `lazyPage` (and the host, for the routes module) waits for `catalogsReady()`.
 */
void registerCatalog({
  en: en as unknown as CompiledCatalog,
  bn: () => import('../locales/bn/pages.json'),
});

export const usePagesT = () => useTranslate<PagesMessage>();
