import { visibleName } from '@wallet/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FeeChange, LimitChange } from '@wallet/shared/contracts';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditQuery, AuditRow } from '@wallet/shared/contracts';
import type { Database, Executor, Tx } from '../db/client';
import { auditLog, users } from '../db/schema';
import { currentTraceId } from '../telemetry';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from './paging';

const admin = alias(users, 'admin');
const target = alias(users, 'target');

export interface AuditEntry {
  action: AuditAction;
  /** Null for the system (a PIN locked by its third wrong try). */
  adminId: string | null;
  /** The person acted on; none for a change of limits. */
  targetUserId: string | null;
  walletId?: string | null;
  /** Why, for actions that take a reason. */
  reason?: string | null;
  /** A change of limits or of the fee schedule: the row and its figures before and after. */
  change?: LimitChange | FeeChange;
}

/** Written inside the admin action's own database transaction: the action and its record commit together. */
export async function recordAudit(db: Executor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    ...entry,
    traceId: currentTraceId(),
    walletId: entry.walletId ?? null,
    reason: entry.reason ?? null,
    change: entry.change ?? null,
  });
}

/**
 * Runs `work` in a database transaction that carries the current trace as `wallet.trace_id`, so
 * the audit rows the ledger's own functions write there name it too (the column's default).
 */
export function inTracedTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const traceId = currentTraceId();
    if (traceId) await tx.execute(sql`select set_config('wallet.trace_id', ${traceId}, true)`);
    return work(tx);
  });
}

/** Newest first by (created_at, id), off the index for the filter given (action or admin), keyset-paged. */
export async function listAudit(db: Executor, query: AuditQuery): Promise<Paged<AuditRow>> {
  const offset = offsetOf(query);
  const cursor = await afterCursor(db, auditLog, query.after);
  const where = and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.adminId ? eq(auditLog.adminId, query.adminId) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        row: auditLog,
        admin: { id: admin.id, name: admin.name, email: admin.email },
        target: { id: target.id, name: target.name, email: target.email },
      })
      .from(auditLog)
      .leftJoin(admin, eq(admin.id, auditLog.adminId))
      .leftJoin(target, eq(target.id, auditLog.targetUserId))
      .where(and(where, cursor))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit + 1)
      .offset(offset),
    cappedTotal(db, sql`select 1 from ${auditLog} where ${where ?? sql`true`}`),
  ]);
  const items = rows.slice(0, query.limit).map(({ row, admin, target }) => ({
    _id: row.id,
    action: row.action,
    admin: admin ? { _id: admin.id, name: visibleName(admin.name), email: admin.email } : null,
    target: target
      ? { _id: target.id, name: visibleName(target.name), email: target.email, walletId: row.walletId }
      : null,
    reason: row.reason,
    change: row.change,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, meta: pageMeta(query, total, rows.length > query.limit) };
}

/** Every admin, by name: the audit log's admin filter offers these. */
export async function listAdmins(db: Executor) {
  const rows = await db
    .select({ _id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, 'ADMIN'))
    .orderBy(asc(users.name), asc(users.id))
    .limit(1000);
  return rows;
}
