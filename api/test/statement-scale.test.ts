import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { STATEMENT_BATCH } from '../src/services/statement';
import { createTestContext, expectLedgerConsistent, loaderDatabase, type TestContext } from './helpers';
import { seedMovements } from './seed-movements';

/**
 * A statement of 100,000 movements: it completes, and what it adds up to is what the ledger holds.
 * The movements are written in bulk SQL, as a loader would, then checked whole.
 */
const MOVEMENTS = 100_000;

let t: TestContext;
before(async () => {
  t = await createTestContext();
});
after(() => t.close());

describe('a statement of 100,000 movements', () => {
  it('should stream every movement and add up to the ledger', async () => {
    const owner = await t.user('Bulk Owner');
    const other = await t.user('Bulk, "Other"');
    const loader = await loaderDatabase(t.database);
    try {
      await seedMovements(loader.db, owner, other, MOVEMENTS);
    } finally {
      await loader.close();
    }
    await expectLedgerConsistent(t.db);

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
