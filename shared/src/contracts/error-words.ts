import type { I18n } from '@lingui/core';
import { INTL_LOCALE, type Language } from '@wallet/shared/i18n/languages';
import { formatTaka } from '@wallet/shared/money';
// Types only: the contracts' zod stays out of the Bangla chunk this module travels in.
import type { ErrorBody, REFUSALS } from '@wallet/shared/contracts';

/*
 * The API's errors in a language other than English, by their code (`error.<CODE>`, every code of
 * the contracts' tables). Loaded with that language's catalog of errors (api-error.ts), so a page in
 * English carries none of it.
 */

type TakaCode = {
  [C in keyof typeof REFUSALS]: (typeof REFUSALS)[C] extends { figures: 'taka' } ? C : never;
}[keyof typeof REFUSALS];
const TAKA_LIST = [
  'FEE_CHANGED',
  'BALANCE_HELD',
  'AMOUNT_BELOW_MINIMUM',
  'AMOUNT_ABOVE_MAXIMUM',
  'DAILY_LIMIT',
  'MONTHLY_LIMIT',
  'BALANCE_LIMIT',
  'QR_AMOUNT_MISMATCH',
  'PAY_LINK_AMOUNT_MISMATCH',
  'REFUND_TOO_LARGE',
] as const satisfies readonly TakaCode[];
// Every refusal the table marks `figures: 'taka'` is listed (a missing one fails the typecheck).
const everyTakaCode: [Exclude<TakaCode, (typeof TAKA_LIST)[number]>] extends [never] ? true : never = true;
/** The codes whose figures are Taka (REFUSALS' `figures: 'taka'`): written as formatTaka writes them. */
const TAKA_FIGURES = everyTakaCode && new Set<string>(TAKA_LIST);

/** A figure of a message in `language`: Taka as amounts, any other number as a count. */
function figure(code: string, name: string, value: string | number, language: Language) {
  // ICU select keys are words: the movement `cash-out` is chosen as `cash_out`.
  if (typeof value === 'string') return name === 'movement' ? value.replace(/-/g, '_') : value;
  return TAKA_FIGURES.has(code) ? formatTaka(value, { language }) : value.toLocaleString(INTL_LOCALE[language]);
}

/** The figures a compiled message shows, its choices' included (`[name, format?, choices?]` parts). */
function figuresOf(compiled: unknown, names = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return names;
  for (const part of compiled) {
    if (!Array.isArray(part)) continue;
    const [name, , choices] = part as [string, unknown, Record<string, unknown> | undefined];
    names.add(name);
    for (const choice of Object.values(choices ?? {})) figuresOf(choice, names);
  }
  return names;
}

/**
 * The error reply's message in `language`, from its code and params; undefined for a
 * code it has no words for, or a reply without a figure its words need: by `translator`, which holds
 * the errors catalog of `language` (the page's, or the API's own for a request's language).
 */
export function errorWords(body: Partial<ErrorBody>, translator: I18n, language: Language): string | undefined {
  const { code, params = {} } = body;
  const id = `error.${code}`;
  if (typeof code !== 'string' || !Object.hasOwn(translator.messages, id)) return undefined;
  if ([...figuresOf(translator.messages[id])].some((name) => params[name] === undefined)) return undefined;
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, figure(code, name, value, language)]),
  );
  return translator._(id, values);
}
