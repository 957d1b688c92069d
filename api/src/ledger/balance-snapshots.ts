import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { SETTLE_SECONDS } from './ledger-health';

/** One number for every instance: whoever holds it takes the day, the others skip that round. */
const SNAPSHOT_LOCK = 7_301_003;
/** At most this many days a round: a ledger older than its snapshots catches up over rounds. */
const DAYS_PER_ROUND = 366;

/**
 * Takes the balance snapshots of every settled UTC day not yet taken, oldest first, one day per
 * database transaction (the ledger's `ledger_snapshot_day`). A day is settled once it has ended
 * `settleSeconds` ago: its movements have committed by then (see ledger-health.ts). The first day
 * is the ledger's first. Of many instances, the one holding the advisory lock takes a day.
 * Returns how many days this call took.
 */
export async function takeBalanceSnapshots(db: Database, settleSeconds = SETTLE_SECONDS): Promise<number> {
  let days = 0;
  while (days < DAYS_PER_ROUND) {
    const took = await db.transaction(async (tx) => {
      const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${SNAPSHOT_LOCK}) as locked`);
      if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return false;
      const taken = await tx.execute(sql`
        select ledger_snapshot_day(next.as_of) from (
          select coalesce(
                   (select max(as_of) from balance_snapshot_days) + interval '1 day',
                   date_trunc('day', (select min(created_at) from transactions), 'UTC') + interval '1 day'
                 ) as as_of) next
        where next.as_of <= clock_timestamp() - make_interval(secs => ${settleSeconds})`);
      return (taken as unknown as { rows: unknown[] }).rows.length > 0;
    });
    if (!took) break;
    days += 1;
  }
  return days;
}
