import { currentLanguage, i18n } from '@wallet/shared/i18n';
// Types only: the contracts' zod stays out of the Bangla chunk this module travels in.
import type { ErrorBody } from '@wallet/shared/contracts';
import { errorWords } from '@wallet/shared/contracts/error-words';

/**
 * The API's errors in the page's language, by their code (`error.<CODE>`, every code of the
 * contracts' tables). Loaded with that language's catalog of errors (api-error.ts), so a page in
 * English carries none of it.
 */
export function translatedError(body: Partial<ErrorBody>): string | undefined {
  return errorWords(body, i18n, currentLanguage());
}
