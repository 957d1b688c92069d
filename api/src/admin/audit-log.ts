import { visibleName } from '@wallet/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditQuery, AuditRow } from '@wallet/shared/contracts';
import type { Executor } from '../db/client';
import { auditLog, users } from '../db/schema';
import { maskEmail } from '../lib/search';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from '../lib/paging';

/** The audit log as admins read it (lib/audit.ts writes it, in each action's own transaction). */
const admin = alias(users, 'admin');
const target = alias(users, 'target');

/**
 * Newest first by (created_at, id), off the index for the filter given (action or admin), keyset-paged.
 * A reader whose roles do not read people (`readsPeople` false: an owner or a deployer alone) sees
 * the emails of the people acted on masked; staff's own stay whole.
 */
export async function listAudit(
  db: Executor,
  query: AuditQuery,
  { readsPeople }: { readsPeople: boolean },
): Promise<Paged<AuditRow>> {
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
        target: { id: target.id, name: target.name, email: target.email, role: target.role },
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
      ? {
          _id: target.id,
          name: visibleName(target.name),
          email: readsPeople || target.role === 'ADMIN' ? target.email : maskEmail(target.email),
          walletId: row.walletId,
        }
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
