import { setupI18n, type Messages } from '@lingui/core';
import { INTL_LOCALE, isLanguage, LANGUAGE_COOKIE, pageLanguage, type Language } from './languages';

/** A compiled catalog, as the Lingui loader makes it from `locales/<language>/<name>.json`. */
export interface CompiledCatalog {
  messages: Messages;
}

/**
 * One app's messages: English bundled with the code that shows it (a first view in English costs
 * no request), Bangla fetched only when chosen.
 */
export interface CatalogSource {
  /**
   * Absent for messages whose English comes from elsewhere (the API's errors: the server's own
   * English): nothing of them is bundled, only the other languages are fetched.
   */
  en?: CompiledCatalog;
  /** `import('./locales/bn/<name>.json')`: the module the loader compiled. */
  bn: () => Promise<unknown>;
}

/** A dynamically imported catalog module: its default export (a JSON module), or itself. */
function compiled(module: unknown): CompiledCatalog {
  const value = (module as { default?: unknown }).default ?? module;
  return value as CompiledCatalog;
}

/**
 * The page's one translator, provided by the host as a shared singleton: a remote's `useLingui`
 * reads it, so switching the language re-renders the host and every loaded remote at once.
 */
export const i18n = setupI18n();

const sources = new Set<CatalogSource>();
const loaded = new Map<CatalogSource, Map<Language, Promise<void>>>();

function load(source: CatalogSource, language: Language): Promise<void> {
  let byLanguage = loaded.get(source);
  if (!byLanguage) loaded.set(source, (byLanguage = new Map()));
  let done = byLanguage.get(language);
  if (!done) {
    done =
      language === 'en'
        ? Promise.resolve(source.en && i18n.load('en', source.en.messages))
        : source[language]().then((module) => i18n.load(language, compiled(module).messages));
    done.catch(() => byLanguage.delete(language));
    byLanguage.set(language, done);
  }
  return done;
}

const pending = new Set<Promise<void>>();
/** The cookie's choice, else the page's language as the server sent it (from the browser's preference). */
let language: Language = cookieLanguage() ?? pageLanguage();
// Nothing is shown before the host's own catalog is ready in `language` (bootstrap waits for it).
i18n.load('en', {});
i18n.activate('en', [INTL_LOCALE.en]);
// What the dates and amounts of every app on the page read (`pageLanguage`).
if (globalThis.document) document.documentElement.lang = language;

function cookieLanguage(): Language | undefined {
  const value = globalThis.document?.cookie.match(new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`))?.[1];
  return isLanguage(value) ? value : undefined;
}

/**
 * Adds an app's catalog to the page: English at once, the chosen language's before the promise
 * settles. A remote registers its catalogs when its code loads; the host waits for them
 * (`catalogsReady`) before it shows the remote's screen, so no screen shows a message's id.
 */
export function registerCatalog(source: CatalogSource): Promise<void> {
  sources.add(source);
  void load(source, 'en');
  const ready = load(source, language).then(() => {
    if (language !== 'en' && i18n.locale !== language) i18n.activate(language, [INTL_LOCALE[language]]);
  });
  pending.add(ready);
  void ready.finally(() => pending.delete(ready)).catch(() => undefined);
  return ready;
}

/** Settles once every catalog registered so far is loaded in the page's language. */
export async function catalogsReady(): Promise<void> {
  await Promise.allSettled([...pending]);
}

export const currentLanguage = () => language;

/**
 * Switches the page's language: every registered catalog is loaded in it first, then `<html lang>`,
 * the cookie and the translator change together, and every `useLingui` re-renders.
 */
export async function setLanguage(next: Language): Promise<void> {
  // Until every catalog is loaded in `next`, those registered meanwhile included: an area whose
  // code arrives during the switch (a tap on বাংলা as it loads) registers in the old language,
  // and would otherwise show its messages' ids once the translator changes.
  let count: number;
  do {
    count = sources.size;
    await Promise.all([...sources].map((source) => load(source, next)));
  } while (sources.size !== count);
  language = next;
  // No page when the public pages are rendered at build time (Node): only the translator changes.
  if (globalThis.document) {
    document.documentElement.lang = next;
    document.cookie = `${LANGUAGE_COOKIE}=${next}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  }
  i18n.activate(next, [INTL_LOCALE[next]]);
}
