import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/*
 * A money movement runs at most once per (user, Idempotency-Key). The database function
 * ledger_move (src/ledger/sql/ledger_move.sql) claims the key inside the movement's own
 * transaction: the key's advisory lock first (a duplicate of a request still running is told 409
 * at once), then a live stored outcome is replayed (422 when the body differs), otherwise the
 * movement runs and its outcome is stored, all committed together or not at all. A request that stalls, times out or crashes
 * leaves nothing behind, and a refused movement stores nothing, so it may be retried.
 */

/** Past the retention ledger_move holds keys for (sql/idempotency_key_retention.sql, its one place). */
const expired = () => lt(idempotencyKeys.createdAt, sql`clock_timestamp() - idempotency_key_retention()`);

/** All keys past retention (the periodic maintenance job and the start run it). */
export async function purgeExpiredKeys(db: Executor) {
  await db.delete(idempotencyKeys).where(expired());
}

export function fingerprint(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, body]))
    .digest('hex');
}
