import type { Language } from '@wallet/shared/i18n/languages';
import en from './locales/en.json';
import bn from './locales/bn.json';

/** The worker's words, keyed by message id: English is the catalog every other must match. */
export type WorkerMessage = keyof typeof en;

/**
 * The catalogs the worker carries: it speaks when there is no network (the offline page), so its
 * words travel inside it, never fetched. Its Web Push notifications are worded from here too
 * (push.ts).
 */
export const CATALOGS: Record<Language, Record<WorkerMessage, string>> = { en, bn };
