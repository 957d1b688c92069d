import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/** The two wallets the movements are between. */
export interface Party {
  id: string;
  walletId: string;
}

const FIRST = '2023-12-31T00:00:00Z';
const STEP_SECONDS = 300;

/**
 * `count` movements of `owner`, one every 5 minutes from the last day of 2023: every tenth a
 * deposit, the others transfers to and from `other`. Triggers are off while they go in (a
 * loader's `session_replication_role = replica`); the two wallets' balances and entry counts are
 * then set from their entries, and the two people's limit counters rebuilt from their movements;
 * the caller checks the ledger whole.
 */
export async function seedMovements(db: Database, owner: Party, other: Party, count: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      create temporary table seed on commit drop as
      select gen_random_uuid() as id, i,
             case when i % 10 = 0 then 'deposit' else 'transfer' end::transaction_type as type,
             case when i % 10 = 0 then 1000000 else 100 + (i * 7919) % 100000 end::bigint as amount,
             case when i % 10 = 0 then null when i % 10 <= 5 then ${owner.id}::uuid else ${other.id}::uuid end as sender,
             case when i % 10 = 0 or i % 10 > 5 then ${owner.id}::uuid else ${other.id}::uuid end as receiver,
             case when i % 10 = 0 then null when i % 10 <= 5 then ${owner.walletId}::uuid else ${other.walletId}::uuid end
               as from_wallet,
             case when i % 10 = 0 or i % 10 > 5 then ${owner.walletId}::uuid else ${other.walletId}::uuid end as to_wallet,
             ${FIRST}::timestamptz + i * interval '${sql.raw(String(STEP_SECONDS))} seconds' as at
      from generate_series(1, ${count}) as i`);
    await tx.execute(sql`
      insert into transactions (id, type, amount, sender_user_id, receiver_user_id, created_at)
      select id, type, amount, sender, receiver, at from seed`);
    await tx.execute(sql`
      insert into ledger_entries (transaction_id, account_id, amount, created_at)
      select id, coalesce(from_wallet, (select id from accounts where code = 'BANK_SETTLEMENT')), -amount, at from seed
      union all
      select id, to_wallet, amount, at from seed`);
    await tx.execute(sql`
      update accounts a set balance = e.balance, entry_count = e.n
      from (select account_id, sum(amount) as balance, count(*) as n from ledger_entries
            where account_id in (${owner.walletId}, ${other.walletId}) group by account_id) e
      where a.id = e.account_id`);
    // And the two people's limit counters from their movements, as the trigger would have kept them.
    await tx.execute(sql`delete from limit_counters where user_id in (${owner.id}, ${other.id})`);
    await tx.execute(sql`
      insert into limit_counters (user_id, type, side, period, starts, amount, movements)
      select user_id, type, side, period, starts, amount, movements
      from limit_counters_from_history('-infinity', 'infinity') where user_id in (${owner.id}, ${other.id})`);
  });
  await db.execute(sql`analyze`);
}
