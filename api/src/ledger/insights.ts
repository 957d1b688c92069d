import { sql } from 'drizzle-orm';
import {
  TRANSACTION_TYPES,
  type AdminAnalytics,
  type Analytics,
  type Overview,
  type TransactionType,
  visibleName,
} from '@wallet/shared/contracts';
import { poishaToTaka } from '@wallet/shared/money';
import type { Executor } from '../db/client';
import { refusal } from '../lib/api-errors';
import { dayOf, monthOf, startOfDay, startOfMonth } from './periods';
import { listForUser } from './transactions';
import { maskEmail } from '../lib/search';

/** The months the analytics cover: this one and the eleven before it. */
const ANALYTICS_MONTHS = 12;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const taka = (poisha: string) => poishaToTaka(BigInt(poisha));
/** Money in and out of a wallet's entries (positive enter, negative leave), in poisha as text. */
const inAndOut = sql`coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as money_in,
                     coalesce(-sum(e.amount) filter (where e.amount < 0), 0)::text as money_out`;

/**
 * The entry's transaction, looked up by primary key row by row (`offset 0` keeps the planner from
 * turning it into a join): the cost follows the wallet's entries, never the size of the table.
 */
const joinTransaction = sql`cross join lateral (
  select t.type, t.sender_user_id, t.receiver_user_id from transactions t where t.id = e.transaction_id offset 0) t`;

async function walletOf(db: Executor, userId: string) {
  const [wallet] = rowsOf<{ id: string; balance: string }>(
    await db.execute(
      sql`select id, balance::text as balance from accounts where user_id = ${userId} and kind = 'WALLET'`,
    ),
  );
  if (!wallet) throw refusal('WALLET_NOT_FOUND');
  return wallet;
}

/** The balance, this month's money in and out (off the wallet's entries index alone), the five latest movements. */
export async function overview(db: Executor, userId: string, now = new Date()): Promise<Overview> {
  const wallet = await walletOf(db, userId);
  const [[month], latest] = await Promise.all([
    db
      .execute(
        sql`select ${inAndOut} from ledger_entries e
            where e.account_id = ${wallet.id} and e.created_at >= ${startOfMonth(now).toISOString()}::timestamptz`,
      )
      .then(rowsOf<{ money_in: string; money_out: string }>),
    listForUser(db, userId, { page: 1, limit: 5 }),
  ]);
  return {
    balance: taka(wallet.balance),
    month: { month: monthOf(now), moneyIn: taka(month!.money_in), moneyOut: taka(month!.money_out) },
    latest: latest.items,
  };
}

/**
 * The last twelve months of one wallet, three charts, one query each, all read from the range of
 * the wallet's entries index since the window opened (the transactions joined by primary key).
 */
export async function analytics(db: Executor, userId: string, now = new Date()): Promise<Analytics> {
  const wallet = await walletOf(db, userId);
  const since = startOfMonth(now, ANALYTICS_MONTHS - 1).toISOString();
  const [months, balance, counterparts] = await Promise.all([
    db.execute(sql`
      select to_char(e.created_at at time zone 'UTC', 'YYYY-MM') as month, t.type::text as type, ${inAndOut},
             coalesce(-sum(e.amount) filter (where e.kind = 'fee'), 0)::text as fees,
             coalesce(sum(e.amount) filter (where e.kind = 'commission'), 0)::text as commissions
      from ledger_entries e ${joinTransaction}
      where e.account_id = ${wallet.id} and e.created_at >= ${since}::timestamptz
      group by 1, t.type order by 1, t.type`),
    // The balance before the window is today's less everything since: both read in one snapshot.
    db.execute(sql`
      with days as (
        select (e.created_at at time zone 'UTC')::date as day, sum(e.amount) as net
        from ledger_entries e
        where e.account_id = ${wallet.id} and e.created_at >= ${since}::timestamptz
        group by 1)
      select to_char(day, 'YYYY-MM-DD') as day,
             ((select balance from accounts where id = ${wallet.id}) - sum(net) over ()
              + sum(net) over (order by day))::text as balance
      from days order by day`),
    db.execute(sql`
      with moved as (
        select case when t.sender_user_id = ${userId} then t.receiver_user_id else t.sender_user_id end as who,
               e.amount, e.transaction_id
        from ledger_entries e ${joinTransaction}
        where e.account_id = ${wallet.id} and e.created_at >= ${since}::timestamptz)
      -- A movement counts once, its fee or commission entries beside its amount's.
      select u.id, u.name, u.email, count(distinct m.transaction_id)::int as count,
             coalesce(sum(m.amount) filter (where m.amount > 0), 0)::text as money_in,
             coalesce(-sum(m.amount) filter (where m.amount < 0), 0)::text as money_out
      from moved m join users u on u.id = m.who
      group by u.id order by sum(abs(m.amount)) desc, u.id limit 5`),
  ]);
  return {
    months: rowsOf<{
      month: string;
      type: TransactionType;
      money_in: string;
      money_out: string;
      fees: string;
      commissions: string;
    }>(months).map((row) => ({
      month: row.month,
      type: row.type,
      moneyIn: taka(row.money_in),
      moneyOut: taka(row.money_out),
      fees: taka(row.fees),
      commissions: taka(row.commissions),
    })),
    balance: rowsOf<{ day: string; balance: string }>(balance).map((row) => ({
      day: row.day,
      balance: taka(row.balance),
    })),
    // Another person's email as the pickers show it: enough to tell two namesakes apart.
    counterparts: rowsOf<{
      id: string;
      name: string;
      email: string;
      count: number;
      money_in: string;
      money_out: string;
    }>(counterparts).map((row) => ({
      _id: row.id,
      name: visibleName(row.name),
      email: maskEmail(row.email),
      count: Number(row.count),
      moneyIn: taka(row.money_in),
      moneyOut: taka(row.money_out),
    })),
  };
}

/**
 * Every transaction of the last `days` days (today included), per UTC day and type: one range per
 * type of the (type, created_at, id, amount) index, read without the table.
 */
export async function adminAnalytics(db: Executor, days: number, now = new Date()): Promise<AdminAnalytics> {
  const since = startOfDay(dayOf(new Date(now.getTime() - (days - 1) * 86_400_000))).toISOString();
  const types = sql.join(
    TRANSACTION_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  const rows = rowsOf<{ day: string; type: TransactionType; count: number; amount: string }>(
    await db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, type::text as type,
             count(*)::int as count, sum(amount)::text as amount
      from transactions
      where type in (${types}) and created_at >= ${since}::timestamptz
      group by 1, transactions.type order by 1, transactions.type`),
  );
  return {
    days: rows.map((row) => ({ day: row.day, type: row.type, count: Number(row.count), amount: taka(row.amount) })),
  };
}
