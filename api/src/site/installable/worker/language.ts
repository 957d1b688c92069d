import { isLanguage, LANGUAGE_COOKIE, type Language } from '@wallet/shared/i18n/languages';

/**
 * The person's language, chosen as the site chooses a page's (api/src/site/page-language.ts): the
 * choice kept in the `wallet_lang` cookie, read through the Cookie Store where the browser gives a
 * worker one (Chromium); else the first of ours among the browser's languages; else English.
 */
export async function personLanguage(scope: ServiceWorkerGlobalScope): Promise<Language> {
  const chosen = await scope.cookieStore?.get(LANGUAGE_COOKIE).catch(() => null);
  if (isLanguage(chosen?.value)) return chosen.value;
  const preferred = scope.navigator.languages.map((tag) => tag.toLowerCase().split('-')[0]).find(isLanguage);
  return preferred ?? 'en';
}
