import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { httpErrors } from '@fastify/sensible';
import type { Database, Executor, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { pgErrorCode } from './db-errors';

export interface StoredReply {
  statusCode: number;
  body: unknown;
}

/** How long a key protects against a repeat: a retry comes within seconds; a day covers an app left open. */
export const KEY_RETENTION_HOURS = 24;
/** How long a duplicate waits for the request holding its key before it is told 409. */
const CLAIM_WAIT = '100ms';

const expired = () =>
  lt(idempotencyKeys.createdAt, sql`clock_timestamp() - make_interval(hours => ${KEY_RETENTION_HOURS})`);

/** All keys past retention (the periodic maintenance job and the start run it). */
export async function purgeExpiredKeys(db: Executor) {
  await db.delete(idempotencyKeys).where(expired());
}

export function fingerprint(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, body]))
    .digest('hex');
}

const stillRunning = () => httpErrors.conflict('A request with this Idempotency-Key is still being processed');

/**
 * Runs a money movement at most once per (user, key). The key is claimed inside the movement's
 * own database transaction: the claim, the movement and the stored reply commit together or not
 * at all, so a request that stalls, times out or crashes leaves no claim behind and can never
 * finish after a retry has. A duplicate that meets the claim uncommitted waits at most
 * CLAIM_WAIT (the row lock of the unique key) and is told 409; one that comes after the commit
 * gets the stored reply, or 422 when its body differs. A refused movement rolls its claim back,
 * so the same submission may be retried once it can succeed.
 */
export async function runIdempotent(
  db: Database,
  claim: { userId: string; key: string | undefined; fingerprint: string },
  work: (tx: Tx) => Promise<StoredReply>,
): Promise<StoredReply & { replayed: boolean }> {
  const { userId, key } = claim;
  if (!key) return { ...(await db.transaction(work)), replayed: false };

  let claiming = false;
  try {
    return await db.transaction(async (tx) => {
      claiming = true;
      await tx.execute(sql.raw(`set local lock_timeout = '${CLAIM_WAIT}'`));
      // A new key is inserted; the caller's own key past retention is claimed anew in the same
      // statement; a live key is left as it is (no row comes back) and answered below.
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: claim.fingerprint })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: {
            requestHash: claim.fingerprint,
            status: 'in_progress',
            responseStatus: null,
            responseBody: sql`null`,
            createdAt: sql`clock_timestamp()`,
            updatedAt: sql`clock_timestamp()`,
          },
          setWhere: expired(),
        })
        .returning({ key: idempotencyKeys.key });
      if (!claimed) return { ...(await storedReply(tx, userId, key, claim.fingerprint)), replayed: true };
      claiming = false;
      await tx.execute(sql`reset lock_timeout`);

      const result = await work(tx);
      const [completed] = await tx
        .update(idempotencyKeys)
        .set({
          status: 'completed',
          responseStatus: result.statusCode,
          responseBody: result.body,
          updatedAt: sql`clock_timestamp()`,
        })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        .returning({ key: idempotencyKeys.key });
      // Cannot happen while the claim is ours; if it ever did, nothing may commit.
      if (!completed) throw new Error('idempotency claim vanished inside its own transaction');
      return { ...result, replayed: false };
    });
  } catch (error) {
    // 55P03 while claiming: the key's row is held by a transaction still running with it.
    // (A lock timeout in the movement itself is no duplicate: it stays a 503.)
    if (claiming && pgErrorCode(error) === '55P03') throw stillRunning();
    throw error;
  }
}

async function storedReply(tx: Tx, userId: string, key: string, requestHash: string): Promise<StoredReply> {
  const [existing] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!existing || existing.status !== 'completed') throw stillRunning();
  if (existing.requestHash !== requestHash) {
    throw httpErrors.unprocessableEntity('This Idempotency-Key was already used for a different request');
  }
  return { statusCode: existing.responseStatus!, body: existing.responseBody };
}
