import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { httpErrors } from '@fastify/sensible';
import type { Database, Executor, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export interface StoredReply {
  statusCode: number;
  body: unknown;
}

/** A claim older than this belongs to a request that died before committing; it may be taken over. */
const STALE_CLAIM_SECONDS = 120;
/** How long a key protects against a repeat: a retry comes within seconds; a day covers an app left open. */
export const KEY_RETENTION_HOURS = 24;

const expired = () =>
  lt(idempotencyKeys.createdAt, sql`clock_timestamp() - make_interval(hours => ${KEY_RETENTION_HOURS})`);

/** All keys past retention; run at start. */
export async function purgeExpiredKeys(db: Executor) {
  await db.delete(idempotencyKeys).where(expired());
}

export function fingerprint(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, body]))
    .digest('hex');
}

/**
 * Runs a money movement at most once per (user, key). The key is claimed in its own short
 * transaction, so a concurrent duplicate sees it at once (409); the movement and the stored
 * reply then commit together, so a replay can never disagree with what happened. A movement
 * that fails moves no money and releases the key, so the same submission may be retried.
 */
export async function runIdempotent(
  db: Database,
  claim: { userId: string; key: string | undefined; fingerprint: string },
  work: (tx: Tx) => Promise<StoredReply>,
): Promise<StoredReply & { replayed: boolean }> {
  const { userId, key } = claim;
  if (!key) return { ...(await db.transaction(work)), replayed: false };

  // The caller's own expired keys go first, so keys never pile up and an old key may be used anew.
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), expired()));
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: claim.fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const replay = await resolveExisting(db, userId, key, claim.fingerprint);
    if (replay) return { ...replay, replayed: true };
  }

  try {
    const reply = await db.transaction(async (tx) => {
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({
          status: 'completed',
          responseStatus: result.statusCode,
          responseBody: result.body,
          updatedAt: sql`clock_timestamp()`,
        })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return result;
    });
    return { ...reply, replayed: false };
  } catch (error) {
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.status, 'in_progress'),
        ),
      );
    throw error;
  }
}

async function resolveExisting(
  db: Database,
  userId: string,
  key: string,
  requestHash: string,
): Promise<StoredReply | null> {
  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!existing) throw httpErrors.conflict('A request with this Idempotency-Key is still being processed');
  if (existing.requestHash !== requestHash) {
    throw httpErrors.unprocessableEntity('This Idempotency-Key was already used for a different request');
  }
  if (existing.status === 'completed') return { statusCode: existing.responseStatus!, body: existing.responseBody };
  const [takenOver] = await db
    .update(idempotencyKeys)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.status, 'in_progress'),
        lt(idempotencyKeys.updatedAt, sql`clock_timestamp() - make_interval(secs => ${STALE_CLAIM_SECONDS})`),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (takenOver) return null;
  throw httpErrors.conflict('A request with this Idempotency-Key is still being processed');
}
