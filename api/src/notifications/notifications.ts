import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { visibleName, type MarkReadInput, type Notification, type NotificationQuery } from '@wallet/shared/contracts';
import { poishaToTaka } from '@wallet/shared/money';
import type { Executor } from '../db/client';
import { accounts, moneyRequests, notifications, transactions, users } from '../db/schema';
import { shopOr } from '../lib/dto';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from '../lib/paging';

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/**
 * The other side of a movement, as the person's history names it: a payment's receiver and a
 * refund's sender by the shop's verified name, everyone else by their own (a closed account's,
 * cleared, by visibleName). A request's: its requester to the payer, and to the requester whom
 * they asked, as they asked (the name, or the email they typed).
 */
const otherParty = sql<string | null>`case
  when ${notifications.transactionId} is null and ${notifications.kind} = 'request_received' then
    (select u.name from ${moneyRequests} r join ${users} u on u.id = r.requester_id where r.id = ${notifications.requestId})
  when ${notifications.transactionId} is null and ${notifications.kind} = 'request_declined' then
    (select r.payer_label from ${moneyRequests} r where r.id = ${notifications.requestId})
  when ${notifications.transactionId} is null then null
  when ${transactions.senderUserId} = ${notifications.userId} then ${shopOr(receiver, 'payment')}
  else ${shopOr(sender, 'refund')}
end`;

/**
 * The person's unread count: on their wallet, or on their own row when they have none (staff).
 * See README.md.
 */
async function unreadCount(db: Executor, userId: string) {
  const [row] = await db
    .select({
      unread: sql<number>`coalesce(${accounts.unreadNotifications}, ${users.unreadNotifications})::int`,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.kind, 'WALLET')))
    .where(eq(users.id, userId));
  return row?.unread ?? 0;
}

/** The notifications of `where`, newest first, with the other side named. */
function selectNotifications(db: Executor, where: SQL | undefined) {
  return db
    .select({ notification: notifications, counterpart: otherParty })
    .from(notifications)
    .leftJoin(transactions, eq(transactions.id, notifications.transactionId))
    .leftJoin(sender, eq(sender.id, transactions.senderUserId))
    .leftJoin(receiver, eq(receiver.id, transactions.receiverUserId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** Notifications by id, as the list gives them: what a mailed receipt says. */
export async function readNotifications(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, Notification>();
  const rows = await selectNotifications(db, inArray(notifications.id, ids));
  return new Map(
    rows.map(({ notification, counterpart }) => [notification.id, toNotification(notification, counterpart)]),
  );
}

/** GET /notifications: the person's, newest first, keyset-paged, with the unread count. */
export async function listNotifications(
  db: Executor,
  userId: string,
  query: NotificationQuery,
): Promise<Paged<Notification> & { unread: number }> {
  const after = await afterCursor(db, notifications, query.after);
  const mine = eq(notifications.userId, userId);
  const rows = await selectNotifications(db, after ? and(mine, after) : mine)
    .limit(query.limit + 1)
    .offset(offsetOf(query));
  const total = await cappedTotal(db, sql`select 1 from ${notifications} where ${mine}`);
  const unread = await unreadCount(db, userId);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(({ notification, counterpart }) => toNotification(notification, counterpart)),
    meta: pageMeta(query, total, rows.length > query.limit),
    unread,
  };
}

function toNotification(row: typeof notifications.$inferSelect, counterpart: string | null): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    amount: row.amount === null ? null : poishaToTaka(row.amount),
    transactionId: row.transactionId,
    requestId: row.requestId,
    counterpart:
      row.kind === 'dispute_outcome' || row.kind === 'new_device'
        ? row.detail
        : counterpart === null
          ? null
          : visibleName(counterpart),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** POST /notifications/read: the caller's own among `ids`, or all; what it marked and the count after. */
export async function markRead(db: Executor, userId: string, input: MarkReadInput) {
  const ids = 'ids' in input ? input.ids : null;
  const result = (await db.execute(
    sql`select marked, unread from notifications_mark_read(${userId}::uuid, ${ids === null ? null : sql`${`{${ids.join(',')}}`}::uuid[]`})`,
  )) as unknown as { rows: { marked: number; unread: number }[] };
  return result.rows[0]!;
}

/**
 * Notifications older than the retention, for a batch of people at a time, each one's unread ones
 * taken off their counter (notifications_prune): the maintenance job's.
 */
export async function pruneNotifications(db: Executor, retentionDays: number, people = 500) {
  const result = (await db.execute(
    sql`select people, deleted from notifications_prune(clock_timestamp() - make_interval(days => ${retentionDays}), ${people})`,
  )) as unknown as { rows: { people: number; deleted: number }[] };
  return result.rows[0]!;
}
