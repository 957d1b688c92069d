import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';

/**
 * Lets a person's registration bonus out of its hold (sql/bonus_release.sql), inside the caller's
 * transaction: the one that approves their identity. Within the day's budget (poisha); past it the
 * bonus waits for the maintenance job's sweep. Returns what was released, in poisha.
 */
export async function releaseBonus(tx: Executor, userId: string, budget: bigint): Promise<bigint> {
  const { rows } = (await tx.execute(
    sql`select bonus_release(${userId}::uuid, ${budget.toString()}::bigint)::text as released`,
  )) as unknown as { rows: { released: string }[] };
  return BigInt(rows[0]?.released ?? 0);
}

/** The maintenance job's sweep: the bonuses waiting for a day's budget, oldest approval first. */
export async function releaseWaitingBonuses(db: Database, budget: bigint): Promise<number> {
  const { rows } = (await db.execute(
    sql`select bonus_release_waiting(${budget.toString()}::bigint) as released`,
  )) as unknown as { rows: { released: number }[] };
  return Number(rows[0]?.released ?? 0);
}

export interface BonusHolds {
  /** Every bonus still held, in poisha. */
  held: bigint;
  /** The part of it whose owner is approved: waiting only for a day's budget. */
  waiting: bigint;
  /** How many bonuses wait for the budget. */
  waitingCount: number;
}

/** What the metrics report of held bonuses; reads only the wallets that hold money back. */
export async function readBonusHolds(db: Executor): Promise<BonusHolds> {
  const { rows } = (await db.execute(sql`
    select coalesce(sum(a.held), 0)::text as held,
           coalesce(sum(a.held) filter (where u.kyc_approved_at is not null or u.role = 'AGENT'), 0)::text as waiting,
           count(*) filter (where u.kyc_approved_at is not null or u.role = 'AGENT')::int as waiting_count
    from accounts a join users u on u.id = a.user_id
    where a.held > 0`)) as unknown as { rows: { held: string; waiting: string; waiting_count: number }[] };
  const row = rows[0];
  return {
    held: BigInt(row?.held ?? 0),
    waiting: BigInt(row?.waiting ?? 0),
    waitingCount: Number(row?.waiting_count ?? 0),
  };
}
