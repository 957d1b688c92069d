import { registerCatalog, useTranslate, type CompiledCatalog } from '@wallet/shared/i18n';
import en from './locales/en/host.json';

/** The shell's message ids: the keys of its English catalog. */
export type HostMessage = keyof typeof en;

/** The shell's catalog; the page is mounted once it is ready in the page's language. */
export const hostCatalogReady = registerCatalog({
  en: en as unknown as CompiledCatalog,
  // With the Bengali font (bangla.ts).
  bn: () => import('./bangla'),
});

export const useT = () => useTranslate<HostMessage>();
