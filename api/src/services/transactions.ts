import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { PaginationQuery, Transaction } from '@wallet/shared/contracts';
import type { Executor } from '../db/client';
import { accounts, transactions, users } from '../db/schema';
import { party, toTransaction } from './dto';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from './paging';

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/** Rows newest first, with both parties' names, straight off the index that serves `where`. */
function newestFirst(db: Executor, where: SQL | undefined, count: number) {
  return db
    .select({
      transaction: transactions,
      /** The time to the microsecond (a Date keeps milliseconds), to merge the halves exactly. */
      micros: sql<string>`(extract(epoch from ${transactions.createdAt}) * 1000000)::bigint::text`,
      sender: { id: sender.id, name: sender.name },
      receiver: { id: receiver.id, name: receiver.name },
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
  return rows.map((row) => toTransaction(row.transaction, party(row.sender), party(row.receiver)));
}

/** Newest first by (created_at, id), exactly as PostgreSQL orders them. */
function compareNewestFirst(a: Row, b: Row) {
  const [x, y] = [BigInt(a.micros), BigInt(b.micros)];
  if (x !== y) return x > y ? -1 : 1;
  return a.transaction.id < b.transaction.id ? 1 : a.transaction.id > b.transaction.id ? -1 : 0;
}

/**
 * Both directions: what the user sent and what the user received, newest first. Read as two
 * halves, each off its own index ((sender, created_at, id) and (receiver, ...)) with a limit,
 * then merged: never a scan or a sort of everything the person ever did. The total is the count
 * of entries on the person's wallet (every transaction of theirs posts exactly one there).
 */
export async function listForUser(db: Executor, userId: string, query: PaginationQuery): Promise<Paged<Transaction>> {
  const offset = offsetOf(query);
  const cursor = await afterCursor(db, transactions, query.after);
  const take = offset + query.limit + 1;
  const half = (party: PgColumn) => newestFirst(db, and(eq(party, userId), cursor), take);
  const [sent, received, [wallet]] = await Promise.all([
    half(transactions.senderUserId),
    half(transactions.receiverUserId),
    db.select({ entries: accounts.entryCount }).from(accounts).where(eq(accounts.userId, userId)).limit(1),
  ]);
  const merged = [...sent, ...received].sort(compareNewestFirst).slice(offset, take);
  const hasNext = merged.length > query.limit;
  return {
    items: toItems(merged.slice(0, query.limit)),
    meta: pageMeta(query, { total: wallet?.entries ?? 0, estimated: false }, hasNext),
  };
}

/** Every transaction, newest first, off the (created_at, id) index; the total capped or estimated. */
export async function listAll(db: Executor, query: PaginationQuery): Promise<Paged<Transaction>> {
  const offset = offsetOf(query);
  const cursor = await afterCursor(db, transactions, query.after);
  const [rows, total] = await Promise.all([
    newestFirst(db, cursor, query.limit + 1).offset(offset),
    cappedTotal(db, sql`select 1 from ${transactions}`),
  ]);
  return { items: toItems(rows.slice(0, query.limit)), meta: pageMeta(query, total, rows.length > query.limit) };
}
