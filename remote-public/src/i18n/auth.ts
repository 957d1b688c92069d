import { registerCatalog, useTranslate, type CompiledCatalog } from '@wallet/shared/i18n';
import en from '../locales/en/auth.json';

/** Ids of the `auth` catalog: the keys of its English file. */
export type AuthMessage = keyof typeof en;

/**
 * The messages of login, register and verify-email (auth card, forms, Google errors): registered
 * when a lazily loaded page imports this module, so they come in its chunk.
 * `lazyPage` (and the host, for the routes module) waits for `catalogsReady()`.
 */
void registerCatalog({
  en: en as unknown as CompiledCatalog,
  bn: () => import('../locales/bn/auth.json'),
});

export const useAuthT = () => useTranslate<AuthMessage>();
