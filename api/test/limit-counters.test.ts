import { after, before, beforeEach, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { checkLedgerHealth, readLedgerHealth } from '../src/ledger/ledger-health';
import {
  countersDriftedFromHistory,
  createTestContext,
  expectLedgerConsistent,
  loaderDatabase,
  type Person,
  savedLimits,
  setLimits,
  type TestContext,
  transferredAt,
} from './helpers';

/*
 * Limits read counters, not history (limit_counters, kept by the trigger limit_counters_count):
 * counted at the movement's own instant in Asia/Dhaka days and months, by whatever code writes a
 * movement, never by one refused, replayed or rolled back; read in the same two probes however
 * busy the person's month. Every test file's counters are also held against their rebuild from
 * history when it closes (TestContext.close).
 */

let t: TestContext;
let admin: Person;
let restoreLimits: () => Promise<void>;
before(async () => {
  t = await createTestContext();
  admin = await t.admin();
  restoreLimits = await savedLimits(t.db);
});
beforeEach(() => restoreLimits());
after(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>) {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const move = (path: string, person: Person, body: object, key = randomUUID()) =>
  t.post(path, person, body, { 'idempotency-key': key });

/** A person's counter rows, as "type side period starts: amount poisha / movements". */
async function countersOf(person: Person) {
  return (
    await rows<{ row: string }>(sql`
      select type || ' ' || side || ' ' || period || ' ' || starts || ': ' || amount || ' / ' || movements as row
      from limit_counters where user_id = ${person.id} order by type, side, period, starts`)
  ).map((row) => row.row);
}

/** What limit_usage reads for a person, type and side at an instant. */
async function usage(person: Person, type: string, sent: boolean, at: string) {
  const [row] = await rows<{ day_amount: string; day_count: string; month_amount: string; month_count: string }>(sql`
    select day_amount::text, day_count::text, month_amount::text, month_count::text
    from limit_usage(${person.id}::uuid, ${type}::transaction_type, ${sent}, ${at}::timestamptz)`);
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)]));
}

describe('the Asia/Dhaka day and month a movement is counted in', () => {
  it('should turn the day at 18:00 UTC, the month after 31 January, and keep 29 February 2028', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    expect((await move('/wallet/deposit', ann, { balance: 1_000 })).statusCode).toBe(201);
    // One poisha either side of each Dhaka midnight (UTC+6, no daylight saving).
    await transferredAt(t.db, ann, ben, 101, '2028-01-31T17:59:59.999Z');
    await transferredAt(t.db, ann, ben, 102, '2028-01-31T18:00:00Z');
    await transferredAt(t.db, ann, ben, 103, '2028-02-28T18:00:00Z');
    await transferredAt(t.db, ann, ben, 104, '2028-02-29T17:59:59.999Z');
    await transferredAt(t.db, ann, ben, 105, '2028-02-29T18:00:00Z');
    expect((await countersOf(ann)).filter((row) => row.startsWith('transfer'))).toEqual([
      'transfer sent day 2028-01-31: 101 / 1',
      'transfer sent day 2028-02-01: 102 / 1',
      'transfer sent day 2028-02-29: 207 / 2',
      'transfer sent day 2028-03-01: 105 / 1',
      'transfer sent month 2028-01-01: 101 / 1',
      'transfer sent month 2028-02-01: 309 / 3',
      'transfer sent month 2028-03-01: 105 / 1',
    ]);
    // A transfer received is bounded by the maximum balance alone: not counted (limit_counted).
    expect((await countersOf(ben)).filter((row) => row.startsWith('transfer'))).toEqual([]);
    // Read back at instants on either side of the same edges.
    expect(await usage(ann, 'transfer', true, '2028-01-31T17:59:59.999Z')).toEqual({
      day_amount: 101,
      day_count: 1,
      month_amount: 101,
      month_count: 1,
    });
    expect(await usage(ann, 'transfer', true, '2028-02-29T17:59:59.999Z')).toEqual({
      day_amount: 207,
      day_count: 2,
      month_amount: 309,
      month_count: 3,
    });
    expect(await usage(ann, 'transfer', true, '2028-02-29T18:00:00Z')).toEqual({
      day_amount: 105,
      day_count: 1,
      month_amount: 105,
      month_count: 1,
    });
    expect(await usage(ben, 'transfer', false, '2028-02-15T00:00:00Z')).toMatchObject({
      day_amount: 0,
      month_amount: 0,
    });
    await expectLedgerConsistent(t.db);
  });
});

describe('a movement counted once, or not at all', () => {
  it('should count nothing for a refused, a replayed or a rolled-back movement', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    expect((await move('/wallet/deposit', ann, { balance: 100 })).statusCode).toBe(201);
    const key = randomUUID();
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 10 }, key)).statusCode).toBe(201);
    const counted = await countersOf(ann);
    expect(counted.filter((row) => row.startsWith('transfer'))).toEqual([
      expect.stringMatching(/^transfer sent day .*: 1000 \/ 1$/),
      expect.stringMatching(/^transfer sent month .*: 1000 \/ 1$/),
    ]);
    // Replayed: the same key, the stored answer, nothing counted again.
    const replay = await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 10 }, key);
    expect(replay.statusCode).toBe(201);
    // Refused: more than the balance.
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 100_000 })).json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    // Refused by a limit.
    await setLimits(t.db, 'KYC_APPROVED', 'transfer', { daily: 15 });
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 6 })).json()).toMatchObject({
      code: 'DAILY_LIMIT',
    });
    // Rolled back: a posting whose database transaction does not commit.
    const rolledBack = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          select ledger_post('transfer', 500, ${ann.walletId}::uuid, ${ben.walletId}::uuid, ${ann.id}::uuid, ${ben.id}::uuid)`);
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    expect(rolledBack).toBe('rolled back on purpose');
    expect(await countersOf(ann)).toEqual(counted);
    await expectLedgerConsistent(t.db);
  });

  it('should count nothing for a reversal: the reversed transfer stays counted', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    expect((await move('/wallet/deposit', ann, { balance: 100 })).statusCode).toBe(201);
    const sent = await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 10 });
    const transferId = (sent.json() as { data: { transaction: { _id: string } } }).data.transaction._id;
    const before = [await countersOf(ann), await countersOf(ben)];
    const [reversed] = await rows<{ refusal: string | null }>(
      sql`select refusal from ledger_reverse(${transferId}::uuid, ${admin.id}::uuid, 'counted test')`,
    );
    expect(reversed!.refusal).toBeNull();
    expect([await countersOf(ann), await countersOf(ben)]).toEqual(before);
    await expectLedgerConsistent(t.db);
  });
});

describe('limits at their edges, counted on both sides at once', () => {
  it("should hold a day's and a month's limit that end on the same poisha together", async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    expect((await move('/wallet/deposit', ann, { balance: 1_000 })).statusCode).toBe(201);
    await setLimits(t.db, 'KYC_APPROVED', 'transfer', { daily: 40, monthly: 40 });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => move('/wallet/transfer', ann, { receiverId: ben.id, balance: 5 })),
    );
    expect(statuses.filter((response) => response.statusCode === 201)).toHaveLength(8);
    // Both are spent; the day's is told first.
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 0.01 })).json()).toMatchObject({
      code: 'DAILY_LIMIT',
      params: { limit: 40, used: 40, left: 0 },
    });
    // A month with room and a day without, then the other way round.
    await setLimits(t.db, 'KYC_APPROVED', 'transfer', { daily: 40, monthly: 41 });
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 0.01 })).json()).toMatchObject({
      code: 'DAILY_LIMIT',
    });
    await setLimits(t.db, 'KYC_APPROVED', 'transfer', { daily: 41, monthly: 41 });
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 1 })).statusCode).toBe(201);
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 0.01 })).json()).toMatchObject({
      code: 'DAILY_LIMIT',
      params: { limit: 41, used: 41, left: 0 },
    });
    await expectLedgerConsistent(t.db);
  });

  it('should count an agent giving cash-ins and taking cash-outs at the same moment, each on its side', async () => {
    const agent = await t.agent('Both Sides Agent', admin);
    const people = [await t.user('P1'), await t.user('P2'), await t.user('P3'), await t.user('P4')];
    // The agent's float: 400 Taka taken in cash-outs before the limits below.
    for (const person of people) {
      expect((await move('/wallet/deposit', person, { balance: 500 })).statusCode).toBe(201);
      expect((await move('/agent/cash-out', person, { agentId: agent.id, balance: 100 })).statusCode).toBe(201);
    }
    await setLimits(t.db, 'AGENT', 'cash-in', { daily: 70 });
    await setLimits(t.db, 'AGENT', 'cash-out', { daily: 550 });
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? move('/agent/cash-in', agent, { userId: people[(i / 2) % 4]!.id, balance: 10 })
          : move('/agent/cash-out', people[((i - 1) / 2) % 4]!, { agentId: agent.id, balance: 50 }),
      ),
    );
    const passed = (side: number) => responses.filter((response, i) => i % 2 === side && response.statusCode === 201);
    // Cash-ins of 10 against a day of 70 given: 7 of 8. Cash-outs of 50 against a day of 550 taken,
    // 400 of it already: 3 of 8. Each counted on its own side of the agent's counters.
    expect(passed(0)).toHaveLength(7);
    expect(passed(1)).toHaveLength(3);
    const now = new Date().toISOString();
    expect(await usage(agent, 'cash-in', true, now)).toMatchObject({ day_amount: 7_000, day_count: 7 });
    expect(await usage(agent, 'cash-out', false, now)).toMatchObject({ day_amount: 55_000, day_count: 7 });
    expect(await usage(agent, 'cash-in', false, now)).toMatchObject({ day_amount: 0, day_count: 0 });
    expect(await countersDriftedFromHistory(t.db)).toEqual([]);
    await expectLedgerConsistent(t.db);
  });
});

describe('the cost of a limit check', () => {
  /** The rows a limit check of `person` reads, by table, from the statistics of its own transaction. */
  async function rowsRead(person: Person) {
    return t.db.transaction(async (tx) => {
      const read = async () =>
        (
          (await tx.execute(sql`
            select relname, (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int as tuples, coalesce(idx_scan, 0)::int as scans
            from pg_stat_xact_user_tables where relname in ('transactions', 'limit_counters') order by relname`)) as unknown as {
            rows: { relname: string; tuples: number; scans: number }[];
          }
        ).rows;
      const before = await read();
      await tx.execute(sql`
        select limit_refusal(l, ${person.id}::uuid, false, 100, clock_timestamp())
        from limits l where l.holder = 'KYC_APPROVED' and l.type = 'deposit'`);
      const after = await read();
      return Object.fromEntries(
        after.map((row) => {
          const earlier = before.find((b) => b.relname === row.relname);
          return [
            row.relname,
            { tuples: row.tuples - (earlier?.tuples ?? 0), scans: row.scans - (earlier?.scans ?? 0) },
          ];
        }),
      );
    });
  }

  it('should read as much for a person with 2,000 movements this month as for one with none', async () => {
    const [busy, quiet] = [await t.user('Busy'), await t.user('Quiet')];
    // 2,000 deposits of one poisha this month, straight through the posting.
    await t.db.execute(sql`
      select ledger_post('deposit', 1, (select id from accounts where code = 'BANK_SETTLEMENT'),
                         ${busy.walletId}::uuid, null, ${busy.id}::uuid)
      from generate_series(1, 2000)`);
    expect(await usage(busy, 'deposit', false, new Date().toISOString())).toMatchObject({ day_count: 2000 });
    const [forBusy, forQuiet] = [await rowsRead(busy), await rowsRead(quiet)];
    // No movement is read, and the counters are probed the same number of times.
    expect(forBusy.transactions?.tuples ?? 0).toBe(0);
    expect(forQuiet.transactions?.tuples ?? 0).toBe(0);
    expect(forBusy.limit_counters!.scans).toBe(forQuiet.limit_counters?.scans);
    expect(forBusy.limit_counters!.tuples).toBeLessThanOrEqual(2);
    await expectLedgerConsistent(t.db);
  });
});

describe('counters held against history', () => {
  it('should refuse a counter changed by hand, and tell one a loader changed, in the tests and the daily check', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    expect((await move('/wallet/deposit', ann, { balance: 100 })).statusCode).toBe(201);
    // A transfer of yesterday (Asia/Dhaka), the day the maintenance job checks.
    const [yesterday] = await rows<{ at: string; day: string }>(sql`
      select (clock_timestamp() - interval '1 day')::text as at,
             ((clock_timestamp() - interval '1 day') at time zone 'Asia/Dhaka')::date::text as day`);
    await transferredAt(t.db, ann, ben, 700, yesterday!.at);
    const change = (by: number) => sql`
      update limit_counters set amount = amount + ${by}
      where user_id = ${ann.id} and type = 'transfer' and side = 'sent' and period = 'day' and starts = ${yesterday!.day}::date`;
    // The API's role cannot: a counter lowered by hand would lift a limit.
    expect(
      await t.db.execute(change(-700)).then(
        () => 'changed',
        (error: Error & { cause?: Error }) => error.cause?.message,
      ),
    ).toBe('limit counters change only as movements are written');
    // A loader with the triggers off can, as it can write balances: the checks tell it.
    const loader = await loaderDatabase(t.database);
    const tamper = (by: number) =>
      loader.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(change(by));
      });
    await tamper(1);
    expect(await countersDriftedFromHistory(t.db)).toEqual([
      `counted ${ann.id} transfer sent day ${yesterday!.day} 701 1`,
      `history ${ann.id} transfer sent day ${yesterday!.day} 700 1`,
    ]);
    await t.db.execute(sql`update ledger_health set counters_checked_day = null, counters_drifted = 0`);
    expect(await checkLedgerHealth(t.db, 0)).toBe(true);
    expect(await readLedgerHealth(t.db)).toMatchObject({ countersDrifted: 2, countersCheckedDay: yesterday!.day });
    await tamper(-1);
    await t.db.execute(sql`update ledger_health set counters_checked_day = null`);
    await checkLedgerHealth(t.db, 0);
    expect(await readLedgerHealth(t.db)).toMatchObject({ countersDrifted: 0, countersCheckedDay: yesterday!.day });
    await loader.close();
    await expectLedgerConsistent(t.db);
  });
});
