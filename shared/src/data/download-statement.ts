import type { StatementFormat, StatementQuery } from '@wallet/shared/contracts';
import { pageLanguage } from '@wallet/shared/i18n/languages';
import { ApiError, apiUrl } from '@wallet/shared/api';

export const STATEMENT_PATH = '/transaction/me/statement';

/** The statement's address under the API base, `from`, `to` and the format included. */
export function statementUrl({ from, to }: Pick<StatementQuery, 'from' | 'to'>, format: StatementFormat = 'csv') {
  return apiUrl(`${STATEMENT_PATH}?${new URLSearchParams({ from, to, format })}`);
}

/** The name the server gave the file (Content-Disposition), else one that says the range. */
function fileName(response: Response, { from, to }: Pick<StatementQuery, 'from' | 'to'>, format: StatementFormat) {
  const given = /filename="?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  return given ?? `statement-${from}-to-${to}.${format}`;
}

async function errorBody(response: Response) {
  const text = await response.text();
  try {
    return JSON.parse(text) as ApiError['body'];
  } catch {
    return undefined;
  }
}

/** What a failure without the server's own message says; a screen gives them in the page's language. */
export interface StatementTexts {
  unreachable: string;
  refused: string;
}

const ENGLISH: StatementTexts = {
  unreachable: 'The server cannot be reached. Please try again.',
  refused: 'The statement could not be downloaded.',
};

/**
 * Fetches the statement (CSV, or PDF in the page's language) with the session cookie and saves it. Fetched rather than linked: a refusal
 * (an expired session, a range the server refuses) becomes a message on the page instead of the
 * browser opening the API's JSON error.
 */
export async function downloadStatement(
  range: Pick<StatementQuery, 'from' | 'to'>,
  texts: StatementTexts = ENGLISH,
  format: StatementFormat = 'csv',
) {
  let response: Response;
  try {
    response = await fetch(statementUrl(range, format), {
      credentials: 'include',
      // The PDF is written in the request's language: the page's, which the language cookie
      // (when a person chose one) also says.
      headers: { Accept: format === 'pdf' ? 'application/pdf' : 'text/csv', 'Accept-Language': pageLanguage() },
    });
  } catch {
    throw new ApiError(0, undefined, texts.unreachable);
  }
  if (!response.ok) throw new ApiError(response.status, await errorBody(response), texts.refused);
  const file = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = file;
  link.download = fileName(response, range, format);
  link.click();
  URL.revokeObjectURL(file);
}
