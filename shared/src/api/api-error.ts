import { currentLanguage, registerCatalog } from '@wallet/shared/i18n';
import type { ErrorBody } from '@wallet/shared/contracts';

/** Words an error reply in the page's language; there once that language's catalog of errors is. */
let translatedError: ((body: Partial<ErrorBody>) => string | undefined) | undefined;

/**
 * The API's errors in the page's language, by their code. English is the server's own message, so
 * only the other languages have a catalog, fetched with the code that words it when the page
 * speaks one: a first view in English carries neither. locales/en/errors.json is the translators'
 * source, kept equal to the contracts' tables by a test.
 */
void registerCatalog({
  bn: async () => {
    const [catalog, text] = await Promise.all([import('./locales/bn/errors.json'), import('./error-text')]);
    translatedError = text.translatedError;
    return catalog;
  },
});

/** A failed call: the HTTP status and the body the server sent (or its text). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | string | undefined;

  constructor(status: number, body: Partial<ErrorBody> | string | undefined, fallbackMessage: string) {
    super(messageOf(body) ?? fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function messageOf(body: ApiError['body']) {
  if (typeof body === 'string') return body.trim() || undefined;
  return typeof body?.message === 'string' && body.message ? body.message : undefined;
}

/**
 * The text to show a person for any failure. In English, the server's message when there is one.
 * In another language, the server's refusal in that language by its code (and the figures of its
 * params); the caller's fallback (already in the page's language) for a code without words there,
 * or no code at all (a server that cannot be reached, a proxy's page).
 */
export function errorMessage(error: unknown, fallback: string) {
  if (!(error instanceof ApiError)) return fallback;
  if (currentLanguage() === 'en') return error.message;
  return (error.body && typeof error.body === 'object' && translatedError?.(error.body)) || fallback;
}
