import { registerCatalog, useTranslate, type CompiledCatalog, type Translate } from '@wallet/shared/i18n';
import en from './locales/en/user.json';

/** The user area's message ids: the keys of its English catalog (each starts with `user.`, as every app's messages share the page's translator). */
export type UserMessage = keyof typeof en;

/** The user area's translate function, for the helpers a component hands it to. */
export type UserT = Translate<UserMessage>;

/**
 * The user area's catalog: registered when `./routes` or `./menu` loads (both import this module),
 * so the host shows the sidebar and the pages once it is ready in the page's language.
 */
void registerCatalog({
  en: en as unknown as CompiledCatalog,
  bn: () => import('./locales/bn/user.json'),
});

export const useT = () => useTranslate<UserMessage>();
