import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MONEY_REQUEST_ERRORS,
  type MoneyRequest,
  type RequestBlock,
  type RequestInput,
  type RequestQuery,
  type RequestRules,
  visibleName,
} from '@wallet/shared/contracts';
import { poishaToTaka, takaToPoisha } from '@wallet/shared/money';
import type { Executor } from '../db/client';
import { moneyRequests, requestBlocks, requestRules, users } from '../db/schema';
import { tableError } from '../lib/api-errors';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from '../lib/paging';

/*
 * Request money (issue 46): the rules live in the database (sql/money_requests.sql, request_rules);
 * this file calls them and reads the lists. Paying is a transfer naming the request (ledger_move).
 */

type Refusal = keyof typeof MONEY_REQUEST_ERRORS;

async function call<T extends { refusal: string | null; refusal_params?: Record<string, number> | null }>(
  db: Executor,
  query: SQL,
) {
  const row = ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  if (row.refusal) {
    const params = row.refusal_params ?? undefined;
    // The range's figures are poisha in the database, Taka on the wire.
    const taka =
      params && 'min' in params
        ? { min: poishaToTaka(BigInt(params.min!)), max: poishaToTaka(BigInt(params.max!)) }
        : params;
    throw tableError(MONEY_REQUEST_ERRORS, row.refusal as Refusal, taka);
  }
  return row;
}

/** POST /requests: asks, and answers the same whether or not anyone has the email asked. */
export async function createRequest(db: Executor, requesterId: string, input: RequestInput) {
  await call(
    db,
    sql`select refusal, refusal_params, request_id from money_request_create(
      ${requesterId}::uuid, ${'payerId' in input ? input.payerId : null}::uuid,
      ${'payerEmail' in input ? input.payerEmail : null}, ${takaToPoisha(input.amount).toString()}::bigint,
      ${input.note ?? null})`,
  );
}

export async function declineRequest(db: Executor, payerId: string, requestId: string, block: boolean) {
  await call(db, sql`select refusal from money_request_decline(${requestId}::uuid, ${payerId}::uuid, ${block})`);
}

export async function cancelRequest(db: Executor, requesterId: string, requestId: string) {
  await call(db, sql`select refusal from money_request_cancel(${requestId}::uuid, ${requesterId}::uuid)`);
}

const requester = alias(users, 'requester');

/** The stored status, or expired for an open one past its time. */
const statusNow = sql<
  MoneyRequest['status']
>`case when ${moneyRequests.status} = 'open' and ${moneyRequests.expiresAt} <= clock_timestamp()
  then 'expired' else ${moneyRequests.status}::text end`;

/**
 * GET /requests?direction=: those delivered to the caller (incoming), or those the caller sent
 * (outgoing), newest first, keyset-paged. To the requester, the payer is what they asked: the
 * person chosen, or the email typed, never whether anyone has that email.
 */
export async function listRequests(db: Executor, userId: string, query: RequestQuery): Promise<Paged<MoneyRequest>> {
  const mine =
    query.direction === 'incoming'
      ? and(eq(moneyRequests.payerId, userId), eq(moneyRequests.delivered, true))
      : eq(moneyRequests.requesterId, userId);
  const after = await afterCursor(db, moneyRequests, query.after);
  const rows = await db
    .select({ request: moneyRequests, requesterName: requester.name, status: statusNow })
    .from(moneyRequests)
    .innerJoin(requester, eq(requester.id, moneyRequests.requesterId))
    .where(after ? and(mine, after) : mine)
    .orderBy(desc(moneyRequests.createdAt), desc(moneyRequests.id))
    .limit(query.limit + 1)
    .offset(offsetOf(query));
  const total = await cappedTotal(db, sql`select 1 from ${moneyRequests} where ${mine}`);
  return {
    items: rows.slice(0, query.limit).map(({ request, requesterName, status }) => ({
      _id: request.id,
      requester: { _id: request.requesterId, name: visibleName(requesterName) },
      payer: {
        _id: request.byEmail && query.direction === 'outgoing' ? null : request.payerId,
        name: request.byEmail ? request.payerLabel : visibleName(request.payerLabel),
      },
      amount: poishaToTaka(request.amount),
      note: request.note,
      status,
      createdAt: request.createdAt.toISOString(),
      expiresAt: request.expiresAt.toISOString(),
      closedAt: request.closedAt?.toISOString() ?? null,
      transactionId: request.transactionId,
    })),
    meta: pageMeta(query, total, rows.length > query.limit),
  };
}

/** GET /requests/blocks: the requesters the caller blocked, newest first. */
export async function listBlocks(db: Executor, payerId: string): Promise<RequestBlock[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, blockedAt: requestBlocks.createdAt })
    .from(requestBlocks)
    .innerJoin(users, eq(users.id, requestBlocks.requesterId))
    .where(eq(requestBlocks.payerId, payerId))
    .orderBy(desc(requestBlocks.createdAt))
    .limit(200);
  return rows.map((row) => ({ _id: row.id, name: visibleName(row.name), blockedAt: row.blockedAt.toISOString() }));
}

/** DELETE /requests/blocks/{id}: the requester may ask the caller again. */
export async function unblock(db: Executor, payerId: string, requesterId: string) {
  const removed = await db
    .delete(requestBlocks)
    .where(and(eq(requestBlocks.payerId, payerId), eq(requestBlocks.requesterId, requesterId)))
    .returning({ id: requestBlocks.requesterId });
  if (removed.length === 0) throw tableError(MONEY_REQUEST_ERRORS, 'BLOCK_NOT_FOUND');
}

/** GET /requests/rules: what the form checks before it sends. */
export async function requestRulesNow(db: Executor): Promise<RequestRules> {
  const [rules] = await db.select().from(requestRules).where(eq(requestRules.id, 1));
  return {
    minAmount: poishaToTaka(rules!.minAmount),
    maxAmount: poishaToTaka(rules!.maxAmount),
    perDay: rules!.perDay,
    expiryDays: rules!.expiryDays,
  };
}
