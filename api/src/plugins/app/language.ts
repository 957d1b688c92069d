import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { ErrorBody, Language } from '@wallet/shared/contracts';
import { errorWords } from '@wallet/shared/contracts/error-words';
import bnErrors from '@wallet/shared/api/locales/bn/errors.json';

/** The language of a request (its cookie, else Accept-Language), as the site's pages have it. */
export { pageLanguage } from '../../site/page-language';

/**
 * The API's errors in Bangla, from the catalog the screens use (`shared/src/api/locales/bn`),
 * compiled once here as the screens' build compiles it. English is the message as written.
 */
const bangla = setupI18n({
  locale: 'bn',
  messages: {
    bn: Object.fromEntries(
      Object.entries(bnErrors as Record<string, string>).map(([id, text]) => [id, compileMessage(text)]),
    ),
  },
});

/** An error reply's message in `language`, from its code and params, when the catalog has words for it. */
export function errorTextIn(language: Language, body: Partial<ErrorBody>): string | undefined {
  if (language === 'en') return undefined;
  return errorWords(body, bangla, language);
}
