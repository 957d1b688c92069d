import { sql } from 'drizzle-orm';
import type { FeeChange, LimitChange } from '@wallet/shared/contracts';
import type { AuditAction } from '@wallet/shared/contracts';
import type { Database, Executor, Tx } from '../db/client';
import { auditLog } from '../db/schema';
import { currentTraceId } from '../telemetry';

/** Who acts: every admin action is recorded in the audit trail, in the action's own transaction. */
export interface Actor {
  adminId: string;
}

export interface AuditEntry {
  action: AuditAction;
  /** Null for the system (a PIN locked by its third wrong try). */
  adminId: string | null;
  /** The person acted on; none for a change of limits. */
  targetUserId: string | null;
  walletId?: string | null;
  /** Why, for actions that take a reason. */
  reason?: string | null;
  /** The transaction the action made (a funding of the commission float). */
  transactionId?: string | null;
  /** A change of limits or of the fee schedule: the row and its figures before and after. */
  change?: LimitChange | FeeChange;
}

/** Written inside the admin action's own database transaction: the action and its record commit together. */
export async function recordAudit(db: Executor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    ...entry,
    traceId: currentTraceId(),
    walletId: entry.walletId ?? null,
    transactionId: entry.transactionId ?? null,
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
