import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MAX_OFFSET, type Meta, type PaginationQuery, WALLET_ERRORS } from '@wallet/shared/contracts';
import type { Executor } from '../db/client';
import { tableError } from './api-errors';

export interface Paged<T> {
  items: T[];
  meta: Meta;
}

/** Up to this many rows a list counts exactly; past it, the total is the database's estimate. */
export const COUNT_CAP = 10_000;

export interface Total {
  total: number;
  estimated: boolean;
}

export function pageMeta(query: Pick<PaginationQuery, 'page' | 'limit'>, total: Total, hasNext: boolean): Meta {
  const pages = Math.ceil(total.total / query.limit);
  // An estimate may fall short of where the person already is: never "page 7 of about 5". An
  // exact total stays as it is (a page past it tells the UI the list shrank under it).
  const reached = hasNext ? query.page + 1 : query.page;
  const totalPages = total.estimated ? Math.max(pages, reached) : pages;
  return {
    page: query.page,
    limit: query.limit,
    total: total.total,
    totalPages,
    hasNext,
    ...(total.estimated ? { estimated: true } : {}),
  };
}

/** Rows a page skips by position: none with a cursor, a bounded number without. */
export function offsetOf(query: PaginationQuery) {
  if (query.after) return 0;
  const offset = (query.page - 1) * query.limit;
  if (offset > MAX_OFFSET) {
    throw tableError(WALLET_ERRORS, 'PAGE_TOO_FAR');
  }
  return offset;
}

/**
 * Keyset paging by (a time, id), newest first (or oldest first, `ascending`: a queue): the
 * condition for the rows after the cursor row. `createdAt` is the list's time column (a request's
 * requested_at, say). Its timestamp is read as text, to the microsecond (a JavaScript Date keeps
 * milliseconds). An unknown cursor is an empty page.
 */
export async function afterCursor(
  db: Executor,
  table: { createdAt: PgColumn; id: PgColumn },
  cursorId: string | undefined,
  { ascending = false }: { ascending?: boolean } = {},
): Promise<SQL | undefined> {
  if (!cursorId) return undefined;
  const [row] = (await db
    .select({ createdAt: sql<string>`${table.createdAt}::text` })
    .from(table.id.table)
    .where(sql`${table.id} = ${cursorId}`)
    .limit(1)) as { createdAt: string }[];
  if (!row) return sql`false`;
  const after = ascending ? sql`>` : sql`<`;
  return sql`(${table.createdAt}, ${table.id}) ${after} (${row.createdAt}::timestamptz, ${cursorId}::uuid)`;
}

/** Past this many rows by the planner's estimate a list is not counted at all (the estimate is shown). */
const TRUST_ESTIMATE_ABOVE = 10 * COUNT_CAP;

/** The planner's estimate of a query's rows, from statistics: nothing is scanned. */
async function estimatedRows(db: Executor, rows: SQL) {
  const plan = (await db.execute(sql`explain (format json) ${rows}`)) as unknown as {
    rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }[];
  };
  const raw = plan.rows[0]!['QUERY PLAN'];
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: { 'Plan Rows': number } }]) : raw;
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/**
 * The number of rows of a query: exact up to COUNT_CAP (a count that stops there); past it, or
 * when the planner expects far more, its estimate, so a list of millions is never counted.
 */
export async function cappedTotal(db: Executor, rows: SQL): Promise<Total> {
  const estimate = await estimatedRows(db, rows);
  if (estimate > TRUST_ESTIMATE_ABOVE) return { total: estimate, estimated: true };
  const counted = (await db.execute(
    sql`select count(*)::int as n from (${rows} limit ${COUNT_CAP + 1}) as capped`,
  )) as unknown as { rows: { n: number }[] };
  const exact = counted.rows[0]!.n;
  if (exact <= COUNT_CAP) return { total: exact, estimated: false };
  return { total: Math.max(estimate, COUNT_CAP + 1), estimated: true };
}
