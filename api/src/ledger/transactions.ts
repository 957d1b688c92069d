import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { HistoryQuery, PaginationQuery, Transaction, TransactionDispute } from '@wallet/shared/contracts';
import type { Executor } from '../db/client';
import { accounts, disputes, refunds, transactions, users } from '../db/schema';
import { party, shopOr, toTransaction } from '../lib/dto';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from '../lib/paging';
import { withinDays } from './periods';
import { escapeLike } from '../lib/search';

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/**
 * The report of each transfer, off its unique index: given to its sender (the half of a history
 * that lists what the person sent) and to admins, never to the receiver.
 */
const reportOf = sql<TransactionDispute | null>`(select json_build_object('_id', d.id, 'status', d.status, 'decision', d.decision)
  from ${disputes} d where d.transaction_id = ${transactions.id})`;

/** Rows newest first, with both parties' names, straight off the index that serves `where`. */
function newestFirst(db: Executor, where: SQL | undefined, count: number, reports: 'shown' | 'hidden') {
  return db
    .select({
      transaction: transactions,
      /** The time to the microsecond (a Date keeps milliseconds), to merge the halves exactly. */
      micros: sql<string>`(extract(epoch from ${transactions.createdAt}) * 1000000)::bigint::text`,
      sender: { id: sender.id, name: shopOr(sender, 'refund') },
      receiver: { id: receiver.id, name: shopOr(receiver, 'payment') },
      /** The reversal of a reversed transfer, off the unique index on `reverses`. */
      reversedBy: sql<string | null>`(select r.id from ${transactions} r where r.reverses = ${transactions.id})`,
      dispute: reports === 'shown' ? reportOf : sql<null>`null`,
      /** A refund's payment, off the refunds' primary key. */
      refundOf: sql<
        string | null
      >`(select r.payment_id from ${refunds} r where ${transactions.type} = 'refund' and r.transaction_id = ${transactions.id})`,
    })
    .from(transactions)
    .leftJoin(sender, eq(sender.id, transactions.senderUserId))
    .leftJoin(receiver, eq(receiver.id, transactions.receiverUserId))
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(count);
}

type Row = Awaited<ReturnType<typeof newestFirst>>[number];

function toItems(rows: Row[]) {
  return rows.map((row) => toTransaction(row.transaction, party(row.sender), party(row.receiver), row));
}

/** Newest first by (created_at, id), exactly as PostgreSQL orders them. */
function compareNewestFirst(a: Row, b: Row) {
  const [x, y] = [BigInt(a.micros), BigInt(b.micros)];
  if (x !== y) return x > y ? -1 : 1;
  return a.transaction.id < b.transaction.id ? 1 : a.transaction.id > b.transaction.id ? -1 : 0;
}

type HistoryFilters = Pick<HistoryQuery, 'type' | 'from' | 'to' | 'q'>;

const isFiltered = (query: HistoryFilters) => Boolean(query.type || query.from || query.to || query.q);

const nameContains = (name: PgColumn, q: string) => sql`lower(${name}) like ${`%${escapeLike(q.toLowerCase())}%`}`;

/** Type and days: each served by the list's index with the type after the party (or first). */
function typeAndDays(query: HistoryFilters) {
  return and(
    query.type ? eq(transactions.type, query.type) : undefined,
    withinDays(transactions.createdAt, query.from, query.to),
  );
}

/**
 * Both directions: what the user sent and what the user received, newest first. Read as two
 * halves, each off its own index ((sender, created_at, id) and (receiver, ...), or with the type
 * after the party when filtered by type) with a limit, then merged: never a scan or a sort of
 * everything the person ever did. The counterpart searched by `q` is the receiver of what was
 * sent and the sender of what was received. Unfiltered, the total is the count of entries on the
 * person's wallet (every transaction of theirs posts exactly one there); filtered, it is counted
 * up to the cap.
 */
export async function listForUser(
  db: Executor,
  userId: string,
  query: PaginationQuery & HistoryFilters,
): Promise<Paged<Transaction>> {
  const offset = offsetOf(query);
  const cursor = await afterCursor(db, transactions, query.after);
  const take = offset + query.limit + 1;
  const filters = typeAndDays(query);
  const sentWhere = and(
    eq(transactions.senderUserId, userId),
    filters,
    query.q ? nameContains(receiver.name, query.q) : undefined,
  );
  const receivedWhere = and(
    eq(transactions.receiverUserId, userId),
    filters,
    query.q ? nameContains(sender.name, query.q) : undefined,
  );
  const [sent, received, total] = await Promise.all([
    newestFirst(db, and(sentWhere, cursor), take, 'shown'),
    newestFirst(db, and(receivedWhere, cursor), take, 'hidden'),
    isFiltered(query) ? filteredTotal(db, sentWhere, receivedWhere) : walletEntries(db, userId),
  ]);
  const merged = [...sent, ...received].sort(compareNewestFirst).slice(offset, take);
  const hasNext = merged.length > query.limit;
  return { items: toItems(merged.slice(0, query.limit)), meta: pageMeta(query, total, hasNext) };
}

async function walletEntries(db: Executor, userId: string) {
  const [wallet] = await db
    .select({ entries: accounts.entryCount })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .limit(1);
  return { total: wallet?.entries ?? 0, estimated: false };
}

function filteredTotal(db: Executor, sentWhere: SQL | undefined, receivedWhere: SQL | undefined) {
  const half = (where: SQL | undefined) =>
    db
      .select({ one: sql`1` })
      .from(transactions)
      .leftJoin(sender, eq(sender.id, transactions.senderUserId))
      .leftJoin(receiver, eq(receiver.id, transactions.receiverUserId))
      .where(where)
      .getSQL();
  return cappedTotal(db, sql`${half(sentWhere)} union all ${half(receivedWhere)}`);
}

/**
 * Every transaction, newest first, off the (created_at, id) index, or (type, created_at, id) when
 * filtered by type; `q` matches either party's name. The total capped or estimated.
 */
export async function listAll(db: Executor, query: PaginationQuery & HistoryFilters): Promise<Paged<Transaction>> {
  const offset = offsetOf(query);
  const cursor = await afterCursor(db, transactions, query.after);
  const where = and(typeAndDays(query), query.q ? eitherPartyNamed(query.q) : undefined);
  const [rows, total] = await Promise.all([
    newestFirst(db, and(where, cursor), query.limit + 1, 'shown').offset(offset),
    cappedTotal(db, sql`select 1 from ${transactions} where ${where ?? sql`true`}`),
  ]);
  return { items: toItems(rows.slice(0, query.limit)), meta: pageMeta(query, total, rows.length > query.limit) };
}

/** The people named like `q` found once off the trigram index, then each transaction checked against them. */
function eitherPartyNamed(q: string) {
  const named = sql`(select ${users.id} from ${users} where ${nameContains(users.name, q)})`;
  return sql`(${transactions.senderUserId} in ${named} or ${transactions.receiverUserId} in ${named})`;
}
