import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { type SQL, sql } from 'drizzle-orm';
import { takeBalanceSnapshots } from '../src/ledger/balance-snapshots';
import { openingBalanceQuery, STATEMENT_BATCH } from '../src/ledger/statement';
import { createTestContext, expectLedgerConsistent, loaderDatabase, type TestContext } from './helpers';
import { type Party, seedMovements } from './seed-movements';

/**
 * A statement of 100,000 movements: it completes, and what it adds up to is what the ledger holds.
 * The movements are written in bulk SQL, as a loader would, then checked whole. Beside it, a
 * wallet of 100: their opening balances read the same number of buffers, through the daily
 * balance snapshots.
 */
const MOVEMENTS = 100_000;

let t: TestContext;
let owner: Party & { cookie: string };
let small: Party;
before(async () => {
  t = await createTestContext();
  owner = await t.user('Bulk Owner');
  small = await t.user('Small Owner');
  const other = await t.user('Bulk, "Other"');
  const loader = await loaderDatabase(t.database);
  try {
    await seedMovements(loader.db, owner, other, MOVEMENTS);
    await seedMovements(loader.db, small, other, 100);
  } finally {
    await loader.close();
  }
  await expectLedgerConsistent(t.db);
});
after(() => t.close());

/** What a query reads of the shared buffers, found or fetched, by EXPLAIN (ANALYZE, BUFFERS). */
async function buffersRead(query: SQL) {
  const { rows } = (await t.db.execute(sql`explain (analyze, buffers, format json) ${query}`)) as unknown as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const explained = rows[0]!['QUERY PLAN'];
  const [{ Plan: plan }] = (typeof explained === 'string' ? JSON.parse(explained) : explained) as [
    { Plan: Record<string, number> },
  ];
  return plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!;
}

const entriesBefore = (walletId: string, start: Date) => sql`
  select coalesce(sum(amount), 0)::text as balance from ledger_entries
  where account_id = ${walletId} and created_at < ${start.toISOString()}::timestamptz`;

describe('a statement of 100,000 movements', () => {
  it("should read a wallet's opening balance from its snapshots: as many buffers for 100,000 earlier entries as for 100", async () => {
    const start = new Date('2025-01-01T00:00:00Z');
    const count = async (walletId: string) =>
      (await t.db.execute(sql`select count(*)::int as n from ledger_entries
         where account_id = ${walletId} and created_at < ${start.toISOString()}::timestamptz`)) as unknown as {
        rows: { n: number }[];
      };
    expect((await count(owner.walletId)).rows[0]!.n).toBe(MOVEMENTS);
    expect((await count(small.walletId)).rows[0]!.n).toBe(100);
    // Summing every earlier entry reads the big wallet's many index pages: what this replaces.
    expect(await buffersRead(entriesBefore(owner.walletId, start))).toBeGreaterThan(
      (await buffersRead(entriesBefore(small.walletId, start))) + 100,
    );

    // Every settled day since the ledger's first, in rounds; a second call finds nothing to take.
    let days = 0;
    for (let round = await takeBalanceSnapshots(t.db); round > 0; round = await takeBalanceSnapshots(t.db))
      days += round;
    expect(days).toBeGreaterThan(347);
    expect(await takeBalanceSnapshots(t.db)).toBe(0);

    const opening = await buffersRead(openingBalanceQuery(owner.walletId, start));
    expect(opening).toBe(await buffersRead(openingBalanceQuery(small.walletId, start)));
    expect(opening).toBeLessThan(20);

    // And it is the same balance the entries give, on any day: before the first snapshot, on
    // one, between two, and after the last.
    for (const day of ['2023-12-31', '2024-01-01', '2024-06-15', '2024-12-13', '2025-01-01'])
      for (const walletId of [owner.walletId, small.walletId]) {
        const at = new Date(`${day}T00:00:00Z`);
        const [fromSnapshots, fromEntries] = await Promise.all(
          [openingBalanceQuery(walletId, at), entriesBefore(walletId, at)].map(
            async (query) =>
              ((await t.db.execute(query)) as unknown as { rows: { balance: string }[] }).rows[0]!.balance,
          ),
        );
        expect({ day, walletId, balance: fromSnapshots }).toEqual({ day, walletId, balance: fromEntries });
      }
  });

  it('should refuse a snapshot that is not what the entries say, a day out of turn, and any change', async () => {
    const attempt = (query: SQL) =>
      t.db
        .transaction((tx) => tx.execute(query))
        .then(
          () => 'accepted',
          (error: Error & { cause?: Error }) => (error.cause ?? error).message,
        );
    expect(
      await attempt(sql`insert into balance_snapshots (account_id, as_of, balance)
                        values (${small.walletId}, '2099-01-01T00:00:00Z', 0)`),
    ).toMatch(/that day has not ended/);
    expect(
      await attempt(sql`insert into balance_snapshots (account_id, as_of, balance)
                        values (${small.walletId}, date_trunc('day', now(), 'UTC'), 1)`),
    ).toMatch(/its entries sum to/);
    expect(await attempt(sql`select ledger_snapshot_day('2024-03-01T00:00:00Z')`)).toMatch(/the next day to take is/);
    // A movement dated in a snapshotted day, well formed otherwise, would make its snapshots untrue.
    expect(
      await attempt(sql`
        with moved as (
          insert into transactions (type, amount, receiver_user_id, created_at)
          values ('deposit', 100, ${small.id}, '2024-03-01T12:00:00Z') returning id, created_at)
        insert into ledger_entries (transaction_id, account_id, amount, created_at)
        select id, ${t.app.system.bank}::uuid, -100, created_at from moved
        union all select id, ${small.walletId}::uuid, 100, created_at from moved`),
    ).toMatch(/is dated in a day whose balances are snapshotted/);
    expect(await attempt(sql`update balance_snapshots set balance = balance + 1`)).toMatch(
      /UPDATE of balance_snapshots is refused|permission denied/,
    );
    expect(await attempt(sql`delete from balance_snapshot_days`)).toMatch(
      /DELETE of balance_snapshot_days is refused|permission denied/,
    );
  });

  it('should stream every movement and add up to the ledger', async () => {
    const from = '2024-01-01';
    const to = '2024-12-31';
    const response = await t.inject({
      method: 'GET',
      url: `/api/v1/transaction/me/statement?from=${from}&to=${to}`,
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    const movements = lines.slice(9, -2);

    const ledger = (await t.db.execute(sql`
      select count(*) filter (where created_at >= ${from}::timestamptz)::int as n,
             coalesce(sum(amount) filter (where created_at < ${from}::timestamptz), 0)::text as opening,
             coalesce(sum(amount) filter (where created_at >= ${from}::timestamptz and amount > 0), 0)::text as money_in,
             coalesce(-sum(amount) filter (where created_at >= ${from}::timestamptz and amount < 0), 0)::text as money_out,
             sum(amount)::text as closing
      from ledger_entries
      where account_id = ${owner.walletId} and created_at < '2025-01-01T00:00:00Z'`)) as unknown as {
      rows: { n: number; opening: string; money_in: string; money_out: string; closing: string }[];
    };
    const expected = ledger.rows[0]!;
    const taka = (poisha: string) => (Number(poisha) / 100).toFixed(2);
    expect(Number(expected.n)).toBeGreaterThan(MOVEMENTS - 300);
    expect(Number(expected.n)).toBeGreaterThan(STATEMENT_BATCH * 50);
    expect(movements).toHaveLength(Number(expected.n));
    expect(lines[6]).toBe(`Opening balance,${taka(expected.opening)}`);
    expect(Number(expected.opening)).toBeGreaterThan(0);
    expect(lines.at(-2)).toBe(
      `Closing balance,,,,${taka(expected.money_in)},${taka(expected.money_out)},${taka(expected.closing)}`,
    );

    // Every running balance follows from the one before; times never go back.
    let balance = Math.round(Number(expected.opening));
    let previous = '';
    for (const line of movements) {
      const fields = line.split(',');
      const at = fields[0]!;
      const [moneyIn, moneyOut, running] = fields.slice(-3);
      balance += Math.round(Number(moneyIn || 0) * 100) - Math.round(Number(moneyOut || 0) * 100);
      expect(running).toBe((balance / 100).toFixed(2));
      expect(at >= previous).toBe(true);
      previous = at;
    }
    expect(movements.filter((line) => line.includes('"Bulk, ""Other"""')).length).toBeGreaterThan(MOVEMENTS / 2);
  });
});
