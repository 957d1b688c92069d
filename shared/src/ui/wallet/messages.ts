import { registerCatalog, useTranslate, type CompiledCatalog, type Translate } from '@wallet/shared/i18n';
import en from './locales/en/wallet.json';

/** The wallet screens' message ids: the keys of their English catalog. */
export type WalletMessage = keyof typeof en;

/** The wallet screens' translate function, for the helpers a component hands it to. */
export type WalletT = Translate<WalletMessage>;

// Bundled into each app that uses the wallet screens: its release carries their messages with its code.
void registerCatalog({ en: en as unknown as CompiledCatalog, bn: () => import('./locales/bn/wallet.json') });

export const useWalletT = () => useTranslate<WalletMessage>();
