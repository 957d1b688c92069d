import { registerCatalog, useTranslate, type CompiledCatalog } from '@wallet/shared/i18n';
import en from './locales/en/agent.json';

/** The agent area's message ids: the keys of its English catalog (each starts with `agent.`, as every app's messages share the page's translator). */
export type AgentMessage = keyof typeof en;

/**
 * The agent area's catalog: registered when `./routes` or `./menu` loads (both import this module),
 * so the host shows the sidebar and the pages once it is ready in the page's language.
 */
void registerCatalog({
  en: en as unknown as CompiledCatalog,
  bn: () => import('./locales/bn/agent.json'),
});

export const useT = () => useTranslate<AgentMessage>();
