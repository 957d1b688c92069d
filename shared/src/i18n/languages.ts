/** The languages the wallet speaks; English is the spec's text to the letter. */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

/**
 * The cookie that keeps a choice (`en` or `bn`): the server writes the first page's `<html lang>`
 * from it, else from Accept-Language.
 */
export const LANGUAGE_COOKIE = 'wallet_lang';

/** Where Intl formats numbers and dates for each language: `bn-BD` writes Bangla digits and lakh groups. */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', bn: 'bn-BD' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The page's language as the server sent it (`<html lang>`), which every app on the page reads. */
export function pageLanguage(): Language {
  // No page in the API (Node, no DOM types): English there.
  const lang = (globalThis as { document?: { documentElement: { lang: string } } }).document?.documentElement.lang;
  return isLanguage(lang) ? lang : 'en';
}
