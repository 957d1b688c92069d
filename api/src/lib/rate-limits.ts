import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Keys hold emails and addresses: only their hash is stored. */
const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * A store for @fastify/rate-limit that keeps its fixed-window counters in PostgreSQL, so every
 * API instance counts against the same limit and a restart forgets nothing. One upsert a hit:
 * it starts a window, or counts into the current one, and says how long that window has left.
 */
export function postgresRateLimitStore(db: Executor) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      countHit(db, key, timeWindow).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    /** Every limit names its own counters (`app.limit`'s name leads each key): one store serves all. */
    child() {
      return this;
    }
  };
}

/**
 * One hit of `key`: starts a window of `windowMs`, or counts into the current one; returns the
 * hits in the window and how long it has left. What every limit, and every failure count, runs.
 */
async function countHit(db: Executor, key: string, windowMs: number) {
  const result = await db.execute(
    sql`insert into ${rateLimits} (key, hits, reset_at)
        values (${hashKey(key)}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          hits = case when ${rateLimits.resetAt} <= clock_timestamp() then 1 else ${rateLimits.hits} + 1 end,
          reset_at = case when ${rateLimits.resetAt} <= clock_timestamp() then excluded.reset_at
                          else ${rateLimits.resetAt} end
        returning hits, greatest(0, ceil(extract(epoch from reset_at - clock_timestamp()) * 1000))::int as ttl`,
  );
  const [row] = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows;
  return { current: Number(row!.hits), ttl: Number(row!.ttl) };
}

/** Windows that have ended (the maintenance job runs it). */
export async function purgeExpiredRateLimits(db: Executor) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`clock_timestamp()`));
}

/**
 * Counters of failures, kept in the same table as the limits: `failures` reads how many `key` has
 * in its current window, `countFailure` adds one (starting a window of `windowMs`).
 */
export async function failuresOf(db: Executor, key: string): Promise<number> {
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${hashKey(key)} and ${rateLimits.resetAt} > clock_timestamp()`);
  return row?.hits ?? 0;
}

export async function countFailure(db: Executor, key: string, windowMs: number): Promise<number> {
  return (await countHit(db, key, windowMs)).current;
}
