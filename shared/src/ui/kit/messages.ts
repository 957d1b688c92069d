import { registerCatalog, useTranslate, type CompiledCatalog } from '@wallet/shared/i18n';
import en from './locales/en/kit.json';

/** The kit's message ids: the keys of its English catalog. */
type KitMessage = keyof typeof en;

// Bundled into each app that uses the kit: its release carries the kit's messages with its code.
void registerCatalog({ en: en as unknown as CompiledCatalog, bn: () => import('./locales/bn/kit.json') });

export const useKitT = () => useTranslate<KitMessage>();
