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

export function formatTaka(taka: number): string {
  return taka.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
