import { and, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const DAY_MS = 86_400_000;

/** Midnight UTC starting `day` (YYYY-MM-DD): every day of the API is a UTC calendar day. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** Midnight UTC ending `day`. */
export const endOfDay = (day: string) => new Date(startOfDay(day).getTime() + DAY_MS);

export const dayOf = (time: Date) => time.toISOString().slice(0, 10);
export const monthOf = (time: Date) => time.toISOString().slice(0, 7);

/** The first instant of the month `monthsBack` months before `time`'s (UTC). */
export function startOfMonth(time: Date, monthsBack = 0) {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth() - monthsBack, 1));
}

/** Days `from` to `to`, both included, on a timestamp column. */
export function withinDays(column: PgColumn, from: string | undefined, to: string | undefined): SQL | undefined {
  return and(from ? gte(column, startOfDay(from)) : undefined, to ? lt(column, endOfDay(to)) : undefined);
}
