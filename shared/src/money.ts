/**
 * Money crosses the wire in Taka (a JSON number with at most 2 decimals) and lives in the
 * database as integer poisha. These helpers are the only place the two meet.
 */
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
 * How the screens write Taka: "1,234.50". `compact` is for a chart's axis, where the ticks are
 * round and the room is short: "1.2K".
 */
export function formatTaka(taka: number, { compact = false }: { compact?: boolean } = {}): string {
  return compact
    ? taka.toLocaleString('en-US', { notation: 'compact' })
    : taka.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
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
