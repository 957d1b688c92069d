import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';

/** One number for every instance: whoever holds it checks, the others skip that round. */
const LEDGER_HEALTH_LOCK = 7_301_002;
/**
 * The mark moves only through entries at least this old, and never past a younger one: ids are
 * drawn as entries are written, and a transaction commits within the statement and
 * idle-in-transaction timeouts (seconds), so every entry below the first young one has committed
 * or is gone, and none is skipped.
 */
export const SETTLE_SECONDS = 60;
/** At most this many entries a round: a backlog is caught up over rounds, never one long read. */
const BATCH = 100_000;

export interface LedgerHealth {
  /** The sum of every entry checked so far, in poisha: 0 while every transaction nets to zero. */
  entriesNet: bigint;
  /** Wallets whose balance is below zero: 0 while the ledger holds. */
  negativeWallets: number;
  /** When the maintenance job last checked; null before its first round. */
  checkedAt: Date | null;
  /** Limit-counter rows of the last settled day checked that differ from the movements: 0 while they agree. */
  countersDrifted: number;
  /** That day (Asia/Dhaka, YYYY-MM-DD); null before the first check. */
  countersCheckedDay: string | null;
}

/**
 * One round of the ledger's health check, incremental: adds the entries written since the last
 * round (read off the primary key, from the mark on) to the running sum, and counts the wallets
 * below zero. Under a transaction-scoped advisory lock, so of many instances one does it.
 * Returns whether this one did. `settleSeconds` is lowered only by tests.
 */
export async function checkLedgerHealth(db: Database, settleSeconds = SETTLE_SECONDS): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${LEDGER_HEALTH_LOCK}) as locked`);
    if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return false;
    await tx.execute(sql`
      with mark as (select checked_through_id as id from ledger_health where id = 1),
      unsettled as (
        select min(e.id) as id from ledger_entries e, mark
        where e.id > mark.id and e.created_at > clock_timestamp() - make_interval(secs => ${settleSeconds})),
      settled as (
        select e.id, e.amount from ledger_entries e, mark, unsettled
        where e.id > mark.id and (unsettled.id is null or e.id < unsettled.id)
        order by e.id limit ${BATCH}),
      checked as (select max(id) as through, coalesce(sum(amount), 0) as net from settled)
      update ledger_health h
      set checked_through_id = coalesce(checked.through, h.checked_through_id),
          entries_net = h.entries_net + checked.net,
          negative_wallets = (select count(*) from accounts where kind = 'WALLET' and balance < 0),
          checked_at = clock_timestamp()
      from checked where h.id = 1`);
    // Once a day, the last settled Asia/Dhaka day's limit counters against its movements: the
    // trigger's count and the rebuild from history (limit_counters_from_history) are two ways to
    // one figure, and a difference is drift. It reads one day of movements, once.
    await tx.execute(sql`
      with day as (
        select ((clock_timestamp() - make_interval(secs => ${settleSeconds})) at time zone 'Asia/Dhaka')::date - 1 as starts),
      bounds as (
        select day.starts, day.starts::timestamp at time zone 'Asia/Dhaka' as opens,
               (day.starts + 1)::timestamp at time zone 'Asia/Dhaka' as closes
        from day join ledger_health h on h.id = 1 and h.counters_checked_day is distinct from day.starts),
      counted as (
        select c.user_id, c.type, c.side, c.period, c.starts, c.amount, c.movements::bigint
        from limit_counters c, bounds where c.period = 'day' and c.starts = bounds.starts),
      history as (
        select r.* from bounds, limit_counters_from_history(bounds.opens, bounds.closes) r where r.period = 'day'),
      drifted as (
        select count(*) as rows from (
          (select * from counted except all select * from history)
          union all (select * from history except all select * from counted)) d)
      update ledger_health h set counters_checked_day = bounds.starts, counters_drifted = drifted.rows
      from bounds, drifted where h.id = 1`);
    return true;
  });
}

export async function readLedgerHealth(db: Executor): Promise<LedgerHealth> {
  const { rows } = (await db.execute(sql`
    select entries_net::text as net, negative_wallets as negatives, checked_at as at,
           counters_drifted as drifted, counters_checked_day::text as day
    from ledger_health where id = 1`)) as unknown as {
    rows: { net: string; negatives: number; at: Date | string | null; drifted: number; day: string | null }[];
  };
  const row = rows[0];
  return {
    entriesNet: BigInt(row?.net ?? 0),
    negativeWallets: Number(row?.negatives ?? 0),
    checkedAt: row?.at ? new Date(row.at) : null,
    countersDrifted: Number(row?.drifted ?? 0),
    countersCheckedDay: row?.day ?? null,
  };
}

/**
 * The share of PostgreSQL's NOTIFY queue in use, 0 to 1 (pg_notification_queue_usage): every
 * movement's commit queues its wallets' announcements (ledger_entries_post), and a full queue fails
 * the commit. Read per scrape by the metrics (wallet_notify_queue_usage_ratio).
 */
export async function notifyQueueUsage(db: Executor): Promise<number> {
  const { rows } = (await db.execute(sql`select pg_notification_queue_usage() as usage`)) as unknown as {
    rows: { usage: number | string }[];
  };
  return Number(rows[0]?.usage ?? 0);
}
