import { registerCatalog, useTranslate, type CompiledCatalog } from '@wallet/shared/i18n';
import en from '../locales/en/home.json';

/** Ids of the `home` catalog: the keys of its English file. */
export type HomeMessage = keyof typeof en;

/**
 * The landing page's messages (`/`), on the critical path: registered when the routes module
 * imports the landing page, so the host shows the first view once they are ready and nothing more.
 * `lazyPage` (and the host, for the routes module) waits for `catalogsReady()`.
 */
void registerCatalog({
  en: en as unknown as CompiledCatalog,
  bn: () => import('../locales/bn/home.json'),
});

export const useHomeT = () => useTranslate<HomeMessage>();
