import type { FastifyRequest } from 'fastify';
import { type Language, LANGUAGE_COOKIE, languageSchema } from '@wallet/shared/contracts';

const isLanguage = (tag: string | undefined): tag is Language => languageSchema.safeParse(tag).success;

/**
 * The language of a request: of the page the site sends, so its `<html lang>` is right from the first paint
 * (screen readers, fonts, hyphenation): the choice kept in the cookie, else the first of ours in
 * the browser's Accept-Language by preference (a regional tag such as bn-BD counts as its
 * language), else English. The API's error replies speak it too. Needs @fastify/accepts (the errors plugin
 * registers it).
 */
export function pageLanguage(request: FastifyRequest): Language {
  // No cookies yet for the router's own failures (a path over the length limit): before any hook.
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  // languages() is the header's tags ordered by q-value (ties in the header's order); matching by
  // the primary subtag here keeps that order, where accepts would rank an exact `en` above `bn-BD`.
  // Nor Accept-Language's reader then (the router's failures come before the request's decorations).
  if (typeof request.languages !== 'function') return 'en';
  const preferred = request
    .languages()
    .map((tag) => tag.toLowerCase().split('-')[0])
    .find(isLanguage);
  return preferred ?? 'en';
}
