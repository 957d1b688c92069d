/**
 * Money crosses the wire in Taka (a JSON number with at most 2 decimals) and lives in the
 * database as integer poisha. These helpers are the only place the two meet.
 */
import { INTL_LOCALE, pageLanguage, type Language } from '@wallet/shared/i18n/languages';

export const POISHA_PER_TAKA = 100;

export function hasAtMostTwoDecimals(taka: number): boolean {
  return Number.isFinite(taka) && Math.round(taka * POISHA_PER_TAKA) / POISHA_PER_TAKA === taka;
}

export function takaToPoisha(taka: number): bigint {
  if (!hasAtMostTwoDecimals(taka)) throw new RangeError(`${taka} is not a whole number of poisha`);
  return BigInt(Math.round(taka * POISHA_PER_TAKA));
}

export function poishaToTaka(poisha: bigint | number): number {
  return Number(poisha) / POISHA_PER_TAKA;
}

/**
 * How the screens write Taka, in the page's language (`<html lang>`; English where there is no
 * page, as in the API): "1,234.50", or in Bangla digits with lakh groups, "১২,৩৪,৫৬৭.৮৯".
 * `language` names another (the API answering a request in Bangla). `compact` is for a chart's axis, where the ticks are round and the room is short: "1.2K".
 */
export function formatTaka(
  taka: number,
  { compact = false, language = pageLanguage() }: { compact?: boolean; language?: Language } = {},
): string {
  const locale = INTL_LOCALE[language];
  return compact
    ? taka.toLocaleString(locale, { notation: 'compact' })
    : taka.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** An amount as a person typed it, Bangla digits (০-৯) read as ASCII ones; anything else is left as typed. */
export function asciiDigits(typed: string): string {
  return typed.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
}

/**
 * How files write poisha: exact, as plain Taka with two decimals and no grouping (12345n is
 * "123.45"), for a spreadsheet to read as a number. Never through a float.
 */
export function formatPoisha(poisha: bigint): string {
  const sign = poisha < 0n ? '-' : '';
  const abs = poisha < 0n ? -poisha : poisha;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
