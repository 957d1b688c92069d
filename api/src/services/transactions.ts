import { count, desc, eq, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaginationQuery, Transaction } from '@wallet/shared/contracts';
import type { Executor } from '../db/client';
import { transactions, users } from '../db/schema';
import { toTransaction } from './dto';
import { pageMeta, type Paged } from './paging';

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

async function listTransactions(
  db: Executor,
  where: SQL | undefined,
  query: PaginationQuery,
): Promise<Paged<Transaction>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        transaction: transactions,
        sender: { id: sender.id, name: sender.name },
        receiver: { id: receiver.id, name: receiver.name },
      })
      .from(transactions)
      .leftJoin(sender, eq(sender.id, transactions.senderUserId))
      .leftJoin(receiver, eq(receiver.id, transactions.receiverUserId))
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  const items = rows.map((row) =>
    toTransaction(
      row.transaction,
      row.sender ? { _id: row.sender.id, name: row.sender.name } : null,
      row.receiver ? { _id: row.receiver.id, name: row.receiver.name } : null,
    ),
  );
  return { items, meta: pageMeta(query, total!.n) };
}

/** Both directions: what the user sent and what the user received, newest first. */
export function listForUser(db: Executor, userId: string, query: PaginationQuery) {
  return listTransactions(
    db,
    or(eq(transactions.senderUserId, userId), eq(transactions.receiverUserId, userId)),
    query,
  );
}

export function listAll(db: Executor, query: PaginationQuery) {
  return listTransactions(db, undefined, query);
}
