import { registerCatalog, useTranslate, type CompiledCatalog, type Translate } from '@wallet/shared/i18n';
import en from './locales/en/admin.json';

/** The admin area's message ids: the keys of its English catalog. */
export type AdminMessage = keyof typeof en;

/** The admin area's translate function, as `useT` gives it: what the helpers that word things take. */
export type AdminT = Translate<AdminMessage>;

/**
 * The admin area's catalog, registered when the menu, the routes or a page loads: the host (and
 * `lazyPage`) shows them once it is ready in the page's language.
 */
void registerCatalog({
  en: en as unknown as CompiledCatalog,
  bn: () => import('./locales/bn/admin.json'),
});

export const useT = () => useTranslate<AdminMessage>();
