import { after, before, beforeEach, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import {
  LIMIT_HOLDERS,
  LIMITED_MOVEMENTS,
  limitSide,
  MOVEMENT_TYPES,
  ROLES,
  type LimitHolder,
  type LimitsTable,
  type MovementType,
  type MyLimits,
  type Quote,
} from '@wallet/shared/contracts';
import { tierOf } from '../src/lib/dto';
import {
  createTestContext,
  expectLedgerConsistent,
  type Person,
  savedLimits,
  setLimits,
  type TestContext,
  transferredAt,
} from './helpers';

/*
 * Limits by tier, as data (the table limits) and as the ledger enforces them: in the movement's
 * own transaction, under the wallets' locks, counted in Asia/Dhaka days and months. On
 * PostgreSQL the concurrent cases really run at once over the pool.
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

const move = (path: string, person: Person, body: object) =>
  t.post(path, person, body, { 'idempotency-key': randomUUID() });

async function myLimits(person: Person): Promise<MyLimits> {
  const response = await t.inject({ method: 'GET', url: '/api/v1/wallet/limits', cookie: person.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** What the ledger holds of a person's movements of one type sent today (Asia/Dhaka), in Taka. */
async function sentToday(person: Person, type: string) {
  const [row] = await rows<{ taka: string }>(sql`
    select (coalesce(sum(amount), 0) / 100.0)::text as taka from transactions
    where sender_user_id = ${person.id} and type = ${type}::transaction_type
      and created_at >= date_trunc('day', now() at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka'`);
  return Number(row!.taka);
}

/** Runs the requests all at once and counts their statuses. */
async function atOnce(requests: (() => Promise<{ statusCode: number; json(): { code?: string } }>)[]) {
  const responses = await Promise.all(requests.map((request) => request()));
  const statuses: Record<string, number> = {};
  for (const response of responses) {
    const key = response.statusCode === 201 ? '201' : `${response.statusCode} ${response.json().code}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return statuses;
}

describe('the limits table', () => {
  it('should hold the documented defaults, which admins read and nobody else', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v1/admin/limits', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const table: LimitsTable = response.json().data;
    const holder = (name: string) => table.find((row) => row.holder === name)!;
    const movement = (name: string, type: string) => holder(name).movements.find((row) => row.type === type);
    expect(table.map((row) => row.holder)).toEqual([
      'UNVERIFIED',
      'EMAIL_VERIFIED',
      'KYC_APPROVED',
      'AGENT',
      'MERCHANT',
    ]);
    // Bangladesh Bank's 2025 figures for identity-verified accounts.
    expect(movement('KYC_APPROVED', 'transfer')).toEqual({
      type: 'transfer',
      side: 'sent',
      minAmount: null,
      maxAmount: 50_000,
      dailyAmount: 50_000,
      dailyCount: null,
      monthlyAmount: 300_000,
      monthlyCount: null,
    });
    expect(movement('KYC_APPROVED', 'cash-out')).toMatchObject({ dailyAmount: 30_000, monthlyAmount: 200_000 });
    expect(movement('KYC_APPROVED', 'cash-in')).toMatchObject({ side: 'received', dailyAmount: 50_000 });
    expect(holder('KYC_APPROVED').maxBalance).toBe(500_000);
    // Half of each for a verified email.
    expect(movement('EMAIL_VERIFIED', 'transfer')).toMatchObject({ dailyAmount: 25_000, monthlyAmount: 150_000 });
    expect(holder('EMAIL_VERIFIED').maxBalance).toBe(250_000);
    // An unverified account may add a little money, nothing else.
    expect(holder('UNVERIFIED').movements.map((row) => row.type)).toEqual(['deposit']);
    expect(movement('UNVERIFIED', 'deposit')).toMatchObject({ dailyAmount: 5_000, monthlyAmount: 10_000 });
    expect(holder('UNVERIFIED').maxBalance).toBe(10_000);
    expect(movement('AGENT', 'cash-in')).toMatchObject({ side: 'sent', maxAmount: 50_000, dailyAmount: 1_000_000 });
    expect(movement('AGENT', 'cash-out')).toMatchObject({ side: 'received', dailyAmount: null });
    expect(holder('AGENT').maxBalance).toBe(5_000_000);
    // Payments: a payer's as a transfer's; a merchant's received, 5 lakh a day and 50 lakh a month.
    expect(movement('KYC_APPROVED', 'payment')).toMatchObject({
      side: 'sent',
      maxAmount: 50_000,
      monthlyAmount: 300_000,
    });
    expect(movement('EMAIL_VERIFIED', 'payment')).toMatchObject({ side: 'sent', dailyAmount: 25_000 });
    expect(holder('MERCHANT').movements).toEqual([
      expect.objectContaining({
        type: 'payment',
        side: 'received',
        maxAmount: null,
        dailyAmount: 500_000,
        monthlyAmount: 5_000_000,
      }),
    ]);
    expect(holder('MERCHANT').maxBalance).toBe(5_000_000);

    const user = await t.user('Reader');
    for (const [method, url] of [
      ['GET', '/api/v1/admin/limits'],
      ['PUT', '/api/v1/admin/limits/EMAIL_VERIFIED/transfer'],
    ] as const) {
      expect((await t.inject({ method, url, payload: {} })).statusCode).toBe(401);
      expect((await t.inject({ method, url, cookie: user.cookie, payload: {} })).statusCode).toBe(403);
    }
  });

  it('should take an admin edit at once, audited with the figures before and after', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await move('/wallet/deposit', ann, { balance: 1000 });
    const put = (holder: string, scope: string, payload: object) =>
      t.inject({ method: 'PUT', url: `/api/v1/admin/limits/${holder}/${scope}`, cookie: admin.cookie, payload });

    const edited = await put('KYC_APPROVED', 'transfer', {
      maxAmount: 100,
      dailyAmount: 150,
      monthlyAmount: 150_000,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Limits updated',
      data: {
        holder: 'KYC_APPROVED',
        movements: expect.arrayContaining([
          expect.objectContaining({ type: 'transfer', maxAmount: 100, dailyAmount: 150, dailyCount: null }),
        ]),
      },
    });
    const over = await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 100.01 });
    expect(over.json()).toMatchObject({
      code: 'AMOUNT_ABOVE_MAXIMUM',
      message: 'The largest send at a time is 100.00 Taka',
      params: { movement: 'transfer', limit: 100 },
    });
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 100 })).statusCode).toBe(201);
    const daily = await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 60 });
    expect(daily.statusCode).toBe(422);
    expect(daily.json()).toEqual({
      success: false,
      statusCode: 422,
      code: 'DAILY_LIMIT',
      message: 'Daily send limit reached: 50.00 Taka left today',
      params: { movement: 'transfer', limit: 150, used: 100, left: 50 },
    });

    const [audit] = await rows<{ action: string; admin_id: string; target_user_id: string | null; change: unknown }>(
      sql`select action, admin_id, target_user_id, change from audit_log where action = 'limit_change' order by created_at desc limit 1`,
    );
    expect(audit).toEqual({
      action: 'limit_change',
      admin_id: admin.id,
      target_user_id: null,
      change: {
        holder: 'KYC_APPROVED',
        scope: 'transfer',
        before: {
          minAmount: null,
          maxAmount: 50_000,
          dailyAmount: 50_000,
          dailyCount: null,
          monthlyAmount: 300_000,
          monthlyCount: null,
        },
        after: {
          minAmount: null,
          maxAmount: 100,
          dailyAmount: 150,
          dailyCount: null,
          monthlyAmount: 150_000,
          monthlyCount: null,
        },
      },
    });
    const log = await t.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?action=limit_change',
      cookie: admin.cookie,
    });
    expect(log.json().data[0]).toMatchObject({ action: 'limit_change', target: null, change: { scope: 'transfer' } });

    const refused = [
      [put('EMAIL_VERIFIED', 'transfer', { minAmount: 10, maxAmount: 5 }), 'minAmount must be at most maxAmount'],
      [
        put('EMAIL_VERIFIED', 'transfer', { dailyAmount: 500, monthlyAmount: 100 }),
        'dailyAmount must be at most monthlyAmount',
      ],
      [
        put('EMAIL_VERIFIED', 'transfer', { maxAmount: 1_000_000.01 }),
        'maxAmount must be at most 1000000 (MAX_TRANSACTION_AMOUNT)',
      ],
      [put('EMAIL_VERIFIED', 'transfer', { dailyAmount: 0 }), 'dailyAmount must be greater than 0'],
      [put('EMAIL_VERIFIED', 'transfer', { dailyAmount: 1.001 }), 'dailyAmount must have at most 2 decimal places'],
      [put('EMAIL_VERIFIED', 'transfer', { dailyCount: 1.5 }), 'dailyCount must be a whole number or null'],
      [put('EMAIL_VERIFIED', 'transfer', { maxBalance: 10 }), 'maxBalance applies to the balance row only'],
      [put('EMAIL_VERIFIED', 'balance', { dailyAmount: 10 }), 'dailyAmount does not apply to a maximum balance'],
      [put('EMAIL_VERIFIED', 'transfer', { sneaky: 1 }), expect.any(String)],
      [put('EMAIL_VERIFIED', 'bonus', {}), expect.any(String)],
      [put('ANYONE', 'transfer', {}), expect.any(String)],
    ] as const;
    for (const [response, message] of refused) {
      const reply = await response;
      expect({ status: reply.statusCode, message: reply.json().message }).toEqual({ status: 400, message });
    }
    // A rule across the body or a setting names its field, as the schema's validation does.
    expect((await put('EMAIL_VERIFIED', 'transfer', { maxAmount: 1_000_000.01 })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'maxAmount', message: 'maxAmount must be at most 1000000 (MAX_TRANSACTION_AMOUNT)' }],
    });
    const notApplicable = await put('UNVERIFIED', 'transfer', { dailyAmount: 10 });
    expect(notApplicable.json()).toMatchObject({ statusCode: 400, code: 'LIMITS_NOT_APPLICABLE' });
    // Nothing refused was written or audited.
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'limit_change'`,
    );
    expect(count!.n).toBe(1);
    await expectLedgerConsistent(t.db);
  });
});

describe('what each tier may do', () => {
  it('should let an unverified person add 5,000 Taka a day and hold 10,000 at most, and nothing else', async () => {
    const newcomer = await t.user('Newcomer', { verified: false });
    expect((await move('/wallet/deposit', newcomer, { balance: 5_000.01 })).json()).toMatchObject({
      code: 'AMOUNT_ABOVE_MAXIMUM',
      message: 'The largest add money at a time is 5,000.00 Taka',
    });
    expect((await move('/wallet/deposit', newcomer, { balance: 4_000 })).statusCode).toBe(201);
    expect((await move('/wallet/deposit', newcomer, { balance: 1_000.01 })).json()).toMatchObject({
      code: 'DAILY_LIMIT',
      message: 'Daily add money limit reached: 1,000.00 Taka left today',
      params: { movement: 'deposit', limit: 5_000, used: 4_000, left: 1_000 },
    });
    const limits = await myLimits(newcomer);
    expect(limits).toEqual({
      holder: 'UNVERIFIED',
      movements: [
        {
          type: 'deposit',
          side: 'received',
          minAmount: null,
          maxAmount: 5_000,
          daily: { limit: 5_000, used: 4_000, left: 1_000 },
          monthly: { limit: 10_000, used: 4_000, left: 6_000 },
          dailyCount: null,
          monthlyCount: null,
        },
      ],
      balance: { current: 4_050, max: 10_000, left: 5_950 },
    });
    await setLimits(t.db, 'UNVERIFIED', null, { maxBalance: 4_100 });
    expect((await move('/wallet/deposit', newcomer, { balance: 50.01 })).json()).toMatchObject({
      code: 'BALANCE_LIMIT',
      message: 'Your wallet can hold at most 4,100.00 Taka: 50.00 Taka more fits',
    });
  });

  it('should raise the limits the moment an identity review is approved', async () => {
    const ann = await t.user('Ann', { kyc: false });
    expect((await myLimits(ann)).holder).toBe('EMAIL_VERIFIED');
    expect((await move('/wallet/deposit', ann, { balance: 30_000 })).json()).toMatchObject({
      code: 'AMOUNT_ABOVE_MAXIMUM',
      message: 'The largest add money at a time is 25,000.00 Taka',
    });
    expect((await t.post('/user/kyc-request', ann, {})).statusCode).toBe(201);
    const [request] = await rows<{ id: string }>(sql`select id from kyc_requests where user_id = ${ann.id}`);
    const decided = await t.inject({
      method: 'PATCH',
      url: `/api/v1/admin/kyc/${request!.id}`,
      cookie: admin.cookie,
      payload: { decision: 'approve', reason: 'National ID checked', checked: ['national_id'] },
    });
    expect(decided.statusCode).toBe(200);
    expect((await move('/wallet/deposit', ann, { balance: 30_000 })).statusCode).toBe(201);
    const limits = await myLimits(ann);
    expect(limits.holder).toBe('KYC_APPROVED');
    expect(limits.movements.map((row) => [row.type, row.side])).toEqual([
      ['deposit', 'received'],
      ['transfer', 'sent'],
      ['cash-out', 'sent'],
      ['cash-in', 'received'],
      ['payment', 'sent'],
    ]);
    expect(limits.movements[0]!.daily).toEqual({ limit: 50_000, used: 30_000, left: 20_000 });
    expect(limits.balance).toEqual({ current: 30_050, max: 500_000, left: 469_950 });
  });

  it("should show an agent their float's limits, and refuse a cash-in over the person's own limit without its figures", async () => {
    const agent = await t.agent('Float Agent', admin);
    const ann = await t.user('Ann');
    const limits = await myLimits(agent);
    expect(limits.holder).toBe('AGENT');
    expect(limits.movements.map((row) => [row.type, row.side])).toEqual([
      ['cash-in', 'sent'],
      ['cash-out', 'received'],
    ]);
    await setLimits(t.db, 'KYC_APPROVED', 'cash-in', { daily: 30 });
    expect((await move('/agent/cash-in', agent, { userId: ann.id, balance: 20 })).statusCode).toBe(201);
    expect((await move('/agent/cash-in', agent, { userId: ann.id, balance: 10.01 })).json()).toEqual({
      success: false,
      statusCode: 422,
      code: 'RECEIVER_LIMIT',
      message: 'The receiver cannot take this amount: it is over their limits',
      params: { movement: 'cash-in', scope: 'day' },
    });
    expect((await myLimits(ann)).movements.find((row) => row.type === 'cash-in')!.daily).toEqual({
      limit: 30,
      used: 20,
      left: 10,
    });
    const admins = await t.inject({ method: 'GET', url: '/api/v1/wallet/limits', cookie: admin.cookie });
    expect(admins.statusCode).toBe(403);
  });
});

describe('one rule, as the TypeScript and the SQL say it', () => {
  /** A text array literal for unnest: the contract's own lists. */
  const textArray = (values: readonly string[]) => `{${values.join(',')}}`;

  it('should give every holder the same side of every movement in limitSide and limit_side', async () => {
    const sides = await rows<{ holder: LimitHolder; type: MovementType; side: string }>(sql`
      select h.holder, m.type, limit_side(h.holder::limit_holder, m.type::transaction_type) as side
      from unnest(${textArray(LIMIT_HOLDERS)}::text[]) with ordinality h(holder, i)
      cross join unnest(${textArray(MOVEMENT_TYPES)}::text[]) with ordinality m(type, j)
      order by h.i, m.j`);
    expect(sides).toEqual(
      LIMIT_HOLDERS.flatMap((holder) =>
        MOVEMENT_TYPES.map((type) => ({ holder, type, side: limitSide(holder, type) })),
      ),
    );
    expect(sides).toHaveLength(LIMIT_HOLDERS.length * MOVEMENT_TYPES.length);
  });

  it('should count every side a limit can bound, and a fee allowance is read on (limit_counted)', async () => {
    const counted = await rows<{ type: MovementType; side: string; counted: boolean }>(sql`
      select m.type, s.side, limit_counted(m.type::transaction_type, s.side) as counted
      from unnest(${textArray(MOVEMENT_TYPES)}::text[]) m(type) cross join unnest('{sent,received}'::text[]) s(side)`);
    const isCounted = (type: MovementType, side: string) =>
      counted.find((r) => r.type === type && r.side === side)!.counted;
    // Each holder's limited movements (the table takes a row for exactly these), on limit_side's side.
    for (const holder of LIMIT_HOLDERS) {
      for (const type of LIMITED_MOVEMENTS[holder]) {
        expect({ holder, type, counted: isCounted(type, limitSide(holder, type)) }).toEqual({
          holder,
          type,
          counted: true,
        });
      }
    }
    // A fee's free allowance is the payer's month sent.
    for (const type of ['transfer', 'cash-out'] as const) expect(isCounted(type, 'sent')).toBe(true);
    // What no limit bounds is not counted: a transfer received (the maximum balance alone).
    expect(isCounted('transfer', 'received')).toBe(false);
  });

  it('should put every person under the holder limit_holder says: the tier they are shown, or AGENT', async () => {
    const people = ROLES.flatMap((role) =>
      [false, true].flatMap((verified) => [false, true].map((approved) => ({ role, verified, approved }))),
    );
    for (const person of people) {
      const at = (yes: boolean) => (yes ? new Date() : null);
      const [row] = await rows<{ holder: LimitHolder }>(sql`
        select limit_holder(${person.role}::role, ${at(person.verified)}, ${at(person.approved)})::text as holder`);
      const tier = tierOf({ emailVerifiedAt: at(person.verified), kycApprovedAt: at(person.approved) });
      expect({ ...person, holder: row!.holder }).toEqual({
        ...person,
        holder: person.role === 'AGENT' ? 'AGENT' : tier,
      });
    }
  });
});

describe("the quote's limits, counted as the posting counts", () => {
  const quoted = async (person: Person, amount: number) => {
    const response = await t.inject({
      method: 'GET',
      url: `/api/v1/wallet/quote?type=transfer&amount=${amount}`,
      cookie: person.cookie,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as Quote;
  };
  /** The refusal the quote foretells, in the posting's order (limit_refusal): none when it passes. */
  const foretold = ({ limits }: Quote) =>
    limits?.belowMinimum
      ? 'AMOUNT_BELOW_MINIMUM'
      : limits?.aboveMaximum
        ? 'AMOUNT_ABOVE_MAXIMUM'
        : limits?.daily?.exceeded
          ? 'DAILY_LIMIT'
          : limits?.monthly?.exceeded
            ? 'MONTHLY_LIMIT'
            : limits?.dailyCount?.exceeded
              ? 'DAILY_COUNT_LIMIT'
              : limits?.monthlyCount?.exceeded
                ? 'MONTHLY_COUNT_LIMIT'
                : null;

  it('should foretell every refusal and every figure left that the transfer then meets', async () => {
    await setLimits(t.db, 'KYC_APPROVED', 'transfer', { min: 10, max: 400, daily: 700, monthly: 900, dailyCount: 3 });
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await move('/wallet/deposit', ann, { balance: 2_000 });
    let leftAfter: number | undefined;
    const seen = new Set<string | null>();
    for (const amount of [5, 400.01, 300, 250, 150.01, 100, 20, 20]) {
      const quote = await quoted(ann, amount);
      // What the last posting left is what this one finds.
      if (leftAfter !== undefined) expect(quote.limits?.daily?.left).toBe(leftAfter);
      const response = await move('/wallet/transfer', ann, { receiverId: ben.id, balance: amount });
      expect({ amount, code: response.statusCode === 201 ? null : response.json().code }).toEqual({
        amount,
        code: foretold(quote),
      });
      expect(response.statusCode === 201 ? quote.balanceAfter : null).toBe(
        response.statusCode === 201 ? response.json().data.wallet.balance : null,
      );
      if (response.statusCode === 201) leftAfter = quote.limits!.daily!.leftAfter;
      seen.add(foretold(quote));
    }
    // Every kind of limit was met on the way, and passed.
    expect([...seen].sort()).toEqual(
      ['AMOUNT_ABOVE_MAXIMUM', 'AMOUNT_BELOW_MINIMUM', 'DAILY_COUNT_LIMIT', 'DAILY_LIMIT', null].sort(),
    );
    expect(await quoted(ann, 20)).toMatchObject({
      limits: {
        daily: { limit: 700, used: 650, left: 50, leftAfter: 30, exceeded: false },
        monthly: { limit: 900, used: 650, left: 250, leftAfter: 230, exceeded: false },
        dailyCount: { limit: 3, used: 3, left: 0, leftAfter: 0, exceeded: true },
        monthlyCount: null,
      },
    });
  });
});

describe('days and months in Asia/Dhaka', () => {
  async function boundaries() {
    const [row] = await rows<{ day: Date; month: Date }>(sql`
      select date_trunc('day', now() at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka' as day,
             date_trunc('month', now() at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka' as month`);
    return { day: new Date(row!.day), month: new Date(row!.month) };
  }

  it("should count a day from Dhaka's midnight (18:00 UTC), not the server's", async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await move('/wallet/deposit', ann, { balance: 1_000 });
    const { day } = await boundaries();
    expect(day.getUTCHours()).toBe(18);
    await transferredAt(t.db, ann, ben, 300 * 100, new Date(day.getTime() - 1000).toISOString());
    await transferredAt(t.db, ann, ben, 200 * 100, new Date(day.getTime() + 1000).toISOString());
    await setLimits(t.db, 'KYC_APPROVED', 'transfer', { daily: 250 });
    // The 300 of one second before midnight belong to yesterday; the 200 after it to today.
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 50 })).statusCode).toBe(201);
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 0.01 })).json()).toMatchObject({
      code: 'DAILY_LIMIT',
      params: { limit: 250, used: 250, left: 0 },
    });
    expect((await myLimits(ann)).movements.find((row) => row.type === 'transfer')!.daily).toEqual({
      limit: 250,
      used: 250,
      left: 0,
    });
    await expectLedgerConsistent(t.db);
  });

  it('should count a month from the first day at Dhaka midnight', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await move('/wallet/deposit', ann, { balance: 1_000 });
    const { month } = await boundaries();
    await transferredAt(t.db, ann, ben, 300 * 100, new Date(month.getTime() - 1000).toISOString());
    await transferredAt(t.db, ann, ben, 200 * 100, new Date(month.getTime() + 1000).toISOString());
    await setLimits(t.db, 'KYC_APPROVED', 'transfer', { monthly: 250 });
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 50 })).statusCode).toBe(201);
    expect((await move('/wallet/transfer', ann, { receiverId: ben.id, balance: 0.01 })).json()).toMatchObject({
      code: 'MONTHLY_LIMIT',
      message: 'Monthly send limit reached: 0.00 Taka left this month',
    });
  });
});

describe('limits under concurrency', () => {
  it('should let 20 transfers at once at the edge of a daily limit pass it by not one poisha', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await move('/wallet/deposit', ann, { balance: 1_000 });
    await setLimits(t.db, 'KYC_APPROVED', 'transfer', { daily: 100 });
    const statuses = await atOnce(
      Array.from({ length: 20 }, () => () => move('/wallet/transfer', ann, { receiverId: ben.id, balance: 7 })),
    );
    expect(statuses).toEqual({ '201': 14, '422 DAILY_LIMIT': 6 });
    expect(await sentToday(ann, 'transfer')).toBe(98);
    await expectLedgerConsistent(t.db);
  });

  it('should hold a monthly limit and a daily count the same way', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await move('/wallet/deposit', ann, { balance: 1_000 });
    await setLimits(t.db, 'KYC_APPROVED', 'cash-out', { monthly: 50 });
    const agent = await t.agent('Edge Agent', admin);
    const cashOuts = await atOnce(
      Array.from({ length: 20 }, () => () => move('/agent/cash-out', ann, { agentId: agent.id, balance: 3 })),
    );
    expect(cashOuts).toEqual({ '201': 16, '422 MONTHLY_LIMIT': 4 });
    expect(await sentToday(ann, 'cash-out')).toBe(48);

    await setLimits(t.db, 'KYC_APPROVED', 'transfer', { dailyCount: 5 });
    const transfers = await atOnce(
      Array.from({ length: 20 }, () => () => move('/wallet/transfer', ann, { receiverId: ben.id, balance: 1 })),
    );
    expect(transfers).toEqual({ '201': 5, '422 DAILY_COUNT_LIMIT': 15 });
    await expectLedgerConsistent(t.db);
  });

  it('should never let a wallet grow past its maximum balance, from its owner or from others at once', async () => {
    const ben = await t.user('Ben');
    const senders = [await t.user('S1'), await t.user('S2'), await t.user('S3'), await t.user('S4')];
    for (const sender of senders) await move('/wallet/deposit', sender, { balance: 100 });
    // Ben holds his 50 Taka bonus; the senders hold 150 each, under the same ceiling.
    await setLimits(t.db, 'KYC_APPROVED', null, { maxBalance: 190 });
    const statuses = await atOnce([
      ...Array.from({ length: 10 }, () => () => move('/wallet/deposit', ben, { balance: 7 })),
      ...senders.flatMap((sender) =>
        Array.from({ length: 5 }, () => () => move('/wallet/transfer', sender, { receiverId: ben.id, balance: 7 })),
      ),
    ]);
    // 140 Taka fit: exactly 20 movements of 7, whoever made them; Ben is told his own ceiling,
    // the senders only that he cannot take it.
    const { '201': passed, ...refused } = statuses;
    expect(passed).toBe(20);
    expect(Object.values(refused).reduce((sum, n) => sum + n, 0)).toBe(10);
    expect(['422 BALANCE_LIMIT', '422 RECEIVER_LIMIT']).toEqual(expect.arrayContaining(Object.keys(refused)));
    expect(await t.balance(ben)).toBe(190);
    await expectLedgerConsistent(t.db);
  });

  it("should hold an agent's daily cash-in limit across people served at once", async () => {
    const agent = await t.agent('Busy Agent', admin);
    const people = [await t.user('P1'), await t.user('P2'), await t.user('P3'), await t.user('P4')];
    for (const person of people) {
      await move('/wallet/deposit', person, { balance: 100 });
      await move('/agent/cash-out', person, { agentId: agent.id, balance: 100 });
    }
    await setLimits(t.db, 'AGENT', 'cash-in', { daily: 60 });
    const statuses = await atOnce(
      Array.from(
        { length: 20 },
        (_, i) => () => move('/agent/cash-in', agent, { userId: people[i % 4]!.id, balance: 7 }),
      ),
    );
    expect(statuses).toEqual({ '201': 8, '422 DAILY_LIMIT': 12 });
    expect(await sentToday(agent, 'cash-in')).toBe(56);
    await expectLedgerConsistent(t.db);
  });
});
