import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DISPUTE_ERRORS,
  REVERSAL_ERRORS,
  type AdminDisputeQuery,
  type DisputeDecisionInput,
  type DisputeRow,
  type PaginationQuery,
} from '@wallet/shared/contracts';
import type { Database, Executor } from '../db/client';
import { disputes, transactions, users } from '../db/schema';
import { tableError } from '../lib/api-errors';
import { inTracedTransaction } from '../lib/audit';
import { party, toTransaction } from '../lib/dto';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from '../lib/paging';

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/** Reports with their transfers and both parties, in `order` by (reported_at, id), after the cursor report. */
async function reportRows(
  db: Executor,
  where: SQL,
  order: typeof asc,
  query: PaginationQuery,
): Promise<{ rows: DisputeRow[]; hasNext: boolean }> {
  const cursor = await afterCursor(db, { createdAt: disputes.reportedAt, id: disputes.id }, query.after, {
    ascending: order === asc,
  });
  const rows = await db
    .select({
      report: disputes,
      transaction: transactions,
      sender: { id: sender.id, name: sender.name },
      receiver: { id: receiver.id, name: receiver.name },
      reversedBy: sql<string | null>`(select r.id from ${transactions} r where r.reverses = ${transactions.id})`,
    })
    .from(disputes)
    .innerJoin(transactions, eq(transactions.id, disputes.transactionId))
    .leftJoin(sender, eq(sender.id, transactions.senderUserId))
    .leftJoin(receiver, eq(receiver.id, transactions.receiverUserId))
    .where(and(where, cursor))
    .orderBy(order(disputes.reportedAt), order(disputes.id))
    .limit(query.limit + 1)
    .offset(offsetOf(query));
  const items = rows.slice(0, query.limit).map(({ report, transaction, sender, receiver, reversedBy }) => ({
    _id: report.id,
    transactionId: report.transactionId,
    status: report.status,
    reason: report.reason,
    decision: report.decision,
    reversalId: report.reversalId,
    reportedAt: report.reportedAt.toISOString(),
    decidedAt: report.decidedAt?.toISOString() ?? null,
    transaction: toTransaction(transaction, party(sender), party(receiver), {
      reversedBy,
      dispute: { _id: report.id, status: report.status, decision: report.decision },
    }),
  }));
  return { rows: items, hasNext: rows.length > query.limit };
}

async function oneReport(db: Executor, id: string): Promise<DisputeRow> {
  const { rows } = await reportRows(db, eq(disputes.id, id), asc, { page: 1, limit: 1 });
  return rows[0]!;
}

/**
 * The sender reports a transfer, as the ledger's own function decides (sql/dispute_report.sql):
 * theirs, a transfer, within 7 × 24 hours, not reversed, not reported before. A refusal is thrown
 * as its 4xx.
 */
export async function reportTransfer(
  db: Database,
  reporterId: string,
  transactionId: string,
  reason: string,
): Promise<DisputeRow> {
  const { rows } = (await db.execute(
    sql`select refusal, dispute_id from dispute_report(${transactionId}::uuid, ${reporterId}::uuid, ${reason})`,
  )) as unknown as { rows: { refusal: keyof typeof DISPUTE_ERRORS | null; dispute_id: string | null }[] };
  const [outcome] = rows;
  if (outcome?.refusal) throw tableError(DISPUTE_ERRORS, outcome.refusal);
  return oneReport(db, outcome!.dispute_id!);
}

/** The caller's reports, newest first, each with its outcome. */
export async function listMyReports(
  db: Executor,
  reporterId: string,
  query: PaginationQuery,
): Promise<Paged<DisputeRow>> {
  const where = eq(disputes.reporterId, reporterId);
  const [{ rows, hasNext }, total] = await Promise.all([
    reportRows(db, where, desc, query),
    cappedTotal(db, sql`select 1 from ${disputes} where ${where}`),
  ]);
  return { items: rows, meta: pageMeta(query, total, hasNext) };
}

/** The queue: open reports oldest first (the longest waiting on top); decided ones newest first. */
export async function listReports(db: Executor, query: AdminDisputeQuery): Promise<Paged<DisputeRow>> {
  const where = eq(disputes.status, query.status);
  const [{ rows, hasNext }, total] = await Promise.all([
    reportRows(db, where, query.status === 'open' ? asc : desc, query),
    cappedTotal(db, sql`select 1 from ${disputes} where ${where}`),
  ]);
  return { items: rows, meta: pageMeta(query, total, hasNext) };
}

/** The transfer an open report names; null when there is no such open report (the decision then says why). */
export async function openReportTransfer(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ transactionId: disputes.transactionId })
    .from(disputes)
    .where(and(eq(disputes.id, id), eq(disputes.status, 'open')));
  return row?.transactionId ?? null;
}

/**
 * An admin's decision on an open report, as sql/dispute_decide.sql makes it: reversed (the
 * transfer reversed, its fee refunded, audited as reverse) or rejected (audited as
 * dispute_reject), with the reason, in one database transaction. A refusal is thrown as its 4xx.
 */
export async function decideReport(
  db: Database,
  adminId: string,
  id: string,
  input: DisputeDecisionInput,
): Promise<DisputeRow> {
  const { rows } = (await inTracedTransaction(db, (tx) =>
    tx.execute(
      sql`select refusal from dispute_decide(${id}::uuid, ${adminId}::uuid, ${input.decision}, ${input.reason})`,
    ),
  )) as unknown as { rows: { refusal: string | null }[] };
  const refusal = rows[0]?.refusal;
  if (refusal && refusal in DISPUTE_ERRORS) throw tableError(DISPUTE_ERRORS, refusal as keyof typeof DISPUTE_ERRORS);
  if (refusal) throw tableError(REVERSAL_ERRORS, refusal as keyof typeof REVERSAL_ERRORS);
  return oneReport(db, id);
}
