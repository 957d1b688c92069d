import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import {
  FEE_FIELDS,
  FEE_TYPES,
  type FeeField,
  feeScheduleRefusal,
  type FeeUpdateInput,
  FREE_FEE_ROW,
} from '@wallet/shared/contracts';
import { ledgerEntries, transactions } from '../src/db/schema';
import type { Tx } from '../src/db/client';
import { takeBalanceSnapshots } from '../src/ledger/balance-snapshots';
import {
  createTestContext,
  expectLedgerConsistent,
  expectWriteRefused,
  type FeeFigures,
  liftCashOutMinimum,
  ledgerState,
  type Person,
  setFees,
  type TestContext,
} from './helpers';

/*
 * Fees and commissions: priced by the schedule (table fees) inside the posting, written as ledger
 * entries of their own, shown before anyone confirms (GET /wallet/quote), and kept true by the
 * database whatever code writes.
 */

let t: TestContext;
let admin: Person;
let agent: Person;
before(async () => {
  t = await createTestContext();
  admin = await t.admin();
  agent = await t.agent('Agent', admin);
});
after(() => t.close());

const DEFAULTS: Record<'transfer' | 'cash-out' | 'cash-in', FeeFigures> = {
  transfer: {},
  'cash-out': { percentBp: 185, agentShareBp: 2200 },
  'cash-in': { agentCommissionBp: 40 },
};
async function defaultFees() {
  for (const [type, figures] of Object.entries(DEFAULTS)) await setFees(t.db, type as keyof typeof DEFAULTS, figures);
}

const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The entries of a transaction, by kind, account and amount (poisha), in the order written. */
async function entriesOf(transactionId: string) {
  return rows<{ kind: string; account: string; amount: string }>(sql`
    select e.kind::text as kind, coalesce(a.code, a.user_id::text) as account, e.amount::text as amount
    from ledger_entries e join accounts a on a.id = e.account_id
    where e.transaction_id = ${transactionId} order by e.id`);
}

async function revenue() {
  return systemBalance('FEE_REVENUE');
}

async function systemBalance(code: 'FEE_REVENUE' | 'COMMISSION_FLOAT') {
  const [row] = await rows<{ balance: string }>(
    sql`select balance::text as balance from account_balances where code = ${code}`,
  );
  return BigInt(row!.balance);
}

/** Taka as the API writes it: whole poisha (a sum of two Taka figures in floating point may not be). */
const taka = (value: number) => Math.round(value * 100) / 100;

const cashOut = (person: Person, balance: number, headers: Record<string, string> = {}) =>
  t.post('/agent/cash-out', person, { agentId: agent.id, balance }, headers);
const quote = (person: Person, type: string, amount: number) =>
  t.inject({ method: 'GET', url: `/api/v1/wallet/quote?type=${type}&amount=${amount}`, cookie: person.cookie });

/*
 * The commission float (issue 42): cash-in commissions are paid from COMMISSION_FLOAT, which pays
 * only what it holds; owners fund it. This file's database starts with an empty float, so these
 * run first and leave it funded for the rest.
 */
describe('the commission float', () => {
  before(defaultFees);
  const float = () => t.inject({ method: 'GET', url: '/api/v1/admin/commission-float', cookie: admin.cookie });
  const fund = (amount: number, source: string) => t.post('/admin/commission-float', admin, { amount, source });

  it('should post a cash-in the empty float cannot cover with commission 0, and tell the agent why', async () => {
    const ben = await t.user('Ben');
    expect((await float()).json().data).toMatchObject({ balance: 0 });
    const agentBefore = await t.balance(agent);
    expect((await quote(agent, 'cash-in', 10)).json().data).toMatchObject({
      commission: 0,
      commissionUnpaid: 0.04,
      balanceAfter: taka(agentBefore - 10),
    });
    const key = { 'idempotency-key': 'float-empty-cash-in' };
    const cashIn = await t.post('/agent/cash-in', agent, { userId: ben.id, balance: 10 }, key);
    expect(cashIn.statusCode).toBe(201);
    expect(cashIn.json().data).toMatchObject({
      transaction: { type: 'cash-in', fee: 0, commission: 0 },
      wallet: { balance: taka(agentBefore - 10) },
      commissionUnpaid: 0.04,
    });
    // The replay answers as the first reply did, the unpaid commission with it.
    const replayed = await t.post('/agent/cash-in', agent, { userId: ben.id, balance: 10 }, key);
    expect(replayed.json().data).toEqual(cashIn.json().data);
    expect(await entriesOf(cashIn.json().data.transaction._id)).toEqual([
      { kind: 'amount', account: agent.id, amount: '-1000' },
      { kind: 'amount', account: ben.id, amount: '1000' },
    ]);
    expect(await systemBalance('COMMISSION_FLOAT')).toBe(0n);
    await expectLedgerConsistent(t.db);
  });

  it('should fund the float from fee revenue only as far as it holds, or by a deposit, audited', async () => {
    // Fee revenue earns a cash-out's fee less its agent's share.
    const cara = await t.user('Cara');
    await t.post('/wallet/deposit', cara, { balance: 2000 });
    expect((await cashOut(cara, 1500)).statusCode).toBe(201);
    const earned = (await float()).json().data.feeRevenue as number;
    expect(earned).toBeGreaterThan(0);
    expect(BigInt(Math.round(earned * 100))).toBe(await revenue());

    const short = await fund(earned + 0.01, 'fee_revenue');
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'REVENUE_SHORT',
      message: `Fee revenue holds only ${earned} Taka: fund the rest by a deposit`,
    });
    expect((await float()).json().data).toEqual({ balance: 0, feeRevenue: earned });

    expect((await fund(earned, 'fee_revenue')).json().data).toEqual({ balance: earned, feeRevenue: 0 });
    expect((await fund(100_000, 'deposit')).json().data).toEqual({ balance: taka(earned + 100_000), feeRevenue: 0 });
    for (const bad of [
      { amount: 0, source: 'deposit' },
      { amount: 10, source: 'bank' },
      { amount: 1.001, source: 'deposit' },
    ]) {
      expect((await t.post('/admin/commission-float', admin, bad)).statusCode).toBe(400);
    }
    const funded = await rows<{ id: string; amount: string }>(
      sql`select id, amount::text as amount from transactions where type = 'float-funding' order by created_at`,
    );
    expect(funded.map((row) => row.amount)).toEqual([String(Math.round(earned * 100)), '10000000']);
    const audit = await rows<{ reason: string }>(
      sql`select reason from audit_log where action = 'float_fund' and admin_id = ${admin.id} order by created_at`,
    );
    expect(audit.map((row) => row.reason)).toEqual([
      `Funded the commission float with ${earned} Taka from fee revenue, transaction ${funded[0]!.id} (Single approval (SECOND_APPROVAL=optional))`,
      expect.stringMatching(/^Funded the commission float with 100000 Taka from a deposit from the bank, transaction /),
    ]);

    // Now the commission is paid, out of the float.
    const ben = await t.user('Ben');
    const cashIn = await t.post('/agent/cash-in', agent, { userId: ben.id, balance: 10 });
    expect(cashIn.json().data.transaction.commission).toBe(0.04);
    expect(cashIn.json().data).not.toHaveProperty('commissionUnpaid');
    expect((await float()).json().data.balance).toBe(taka(earned + 100_000 - 0.04));
    // The metrics say the same, in poisha.
    const metrics = (await t.inject({ method: 'GET', url: '/metrics' })).body;
    const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1]);
    expect(gauge('wallet_commission_float_poisha')).toBe(Number(await systemBalance('COMMISSION_FLOAT')));
    expect(gauge('wallet_fee_revenue_poisha')).toBe(Number(await revenue()));
    await expectLedgerConsistent(t.db);
  });

  it('should refuse, in the database, a commission the float does not hold or one paid from elsewhere', async () => {
    const ben = await t.user('Ben');
    const [float] = await rows<{ id: string; balance: string }>(
      sql`select id, balance::text as balance from accounts where code = 'COMMISSION_FLOAT'`,
    );
    const [revenueRow] = await rows<{ id: string }>(sql`select id from accounts where code = 'FEE_REVENUE'`);
    const over = BigInt(float!.balance) + 1n;
    const cashInByHand = (source: string, commission: bigint) => async (tx: Tx) => {
      const [row] = await tx
        .insert(transactions)
        .values({ type: 'cash-in', amount: 100n, commission, senderUserId: agent.id, receiverUserId: ben.id })
        .returning();
      await tx.insert(ledgerEntries).values(
        (
          [
            [agent.walletId, -100n, 'amount'],
            [ben.walletId, 100n, 'amount'],
            [source, -commission, 'commission'],
            [agent.walletId, commission, 'commission'],
          ] as const
        ).map(([accountId, amount, kind]) => ({ transactionId: row!.id, accountId, amount, kind })),
      );
    };
    await expectWriteRefused(t.db, cashInByHand(float!.id, over), /accounts_commission_float_chk/);
    // The 100% commission of the issue: paid out of fee revenue, which no longer pays cash-ins.
    await expectWriteRefused(
      t.db,
      cashInByHand(revenueRow!.id, 100n),
      /do not go through the fee revenue and commission float accounts/,
    );
    // A funding comes into the float from fee revenue or the bank only: never out of a person's wallet.
    const fundedByHand = (from: string) => async (tx: Tx) => {
      const [row] = await tx.insert(transactions).values({ type: 'float-funding', amount: 10n }).returning();
      await tx.insert(ledgerEntries).values([
        { transactionId: row!.id, accountId: from, amount: -10n },
        { transactionId: row!.id, accountId: float!.id, amount: 10n },
      ]);
    };
    await expectWriteRefused(
      t.db,
      fundedByHand(ben.walletId),
      /do not go through the fee revenue and commission float accounts/,
    );
  });
});

describe('the default schedule', () => {
  before(defaultFees);

  it('should charge a cash-out 1.85% in entries of its own, the agent earning 22% of it from revenue', async () => {
    const ann = await t.user('Ann');
    await t.post('/wallet/deposit', ann, { balance: 2000 });
    const agentBefore = await t.balance(agent);
    const revenueBefore = await revenue();

    const quoted = await quote(ann, 'cash-out', 1000);
    expect(quoted.json().data).toEqual({
      type: 'cash-out',
      amount: 1000,
      fee: 18.5,
      commission: 0,
      commissionUnpaid: 0,
      total: 1018.5,
      balanceAfter: 1031.5,
      availableAfter: 1031.5,
      // An identity-approved person's cash-out limits, as the seeded table has them, after this one.
      limits: {
        minAmount: 50,
        maxAmount: 30000,
        belowMinimum: false,
        aboveMaximum: false,
        daily: { limit: 30000, used: 0, left: 30000, leftAfter: 29000, exceeded: false },
        monthly: { limit: 200000, used: 0, left: 200000, leftAfter: 199000, exceeded: false },
        dailyCount: null,
        monthlyCount: null,
      },
    });
    const response = await cashOut(ann, 1000, { 'x-expected-fee': '18.50' });
    expect(response.statusCode).toBe(201);
    const { transaction, wallet } = response.json().data;
    expect(transaction).toMatchObject({ balance: 1000, fee: 18.5, commission: 4.07 });
    expect(wallet.balance).toBe(1031.5);
    expect(await t.balance(agent)).toBe(taka(agentBefore + 1004.07));
    expect(await revenue()).toBe(revenueBefore + 1850n - 407n);
    expect(await entriesOf(transaction._id)).toEqual([
      { kind: 'amount', account: ann.id, amount: '-100000' },
      { kind: 'amount', account: agent.id, amount: '100000' },
      { kind: 'fee', account: ann.id, amount: '-1850' },
      { kind: 'fee', account: 'FEE_REVENUE', amount: '1850' },
      { kind: 'commission', account: 'FEE_REVENUE', amount: '-407' },
      { kind: 'commission', account: agent.id, amount: '407' },
    ]);
    // The history counts one movement, with its fee.
    const history = await t.inject({ method: 'GET', url: '/api/v1/transaction/me', cookie: ann.cookie });
    expect(history.json().data[0]).toMatchObject({ type: 'cash-out', balance: 1000, fee: 18.5 });
    expect(history.json().meta.total).toBe(3);
    await expectLedgerConsistent(t.db);
  });

  it('should keep transfers free, and pay the agent Tk 4 per 1,000 cashed in, from the commission float', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const transfer = await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 20 });
    expect(transfer.json().data.transaction).toMatchObject({ fee: 0, commission: 0 });
    expect(await entriesOf(transfer.json().data.transaction._id)).toHaveLength(2);

    // The agent's float for the cash-in: a person cashes out to them.
    const cara = await t.user('Cara');
    await t.post('/wallet/deposit', cara, { balance: 2000 });
    expect((await cashOut(cara, 1500)).statusCode).toBe(201);
    const agentBefore = await t.balance(agent);
    const revenueBefore = await revenue();
    const floatBefore = await systemBalance('COMMISSION_FLOAT');
    expect((await quote(agent, 'cash-in', 1000)).json().data).toMatchObject({
      fee: 0,
      commission: 4,
      commissionUnpaid: 0,
      total: 1000,
      balanceAfter: taka(agentBefore - 996),
    });
    const cashIn = await t.post('/agent/cash-in', agent, { userId: ben.id, balance: 1000 }, { 'x-expected-fee': '0' });
    expect(cashIn.statusCode).toBe(201);
    expect(cashIn.json().data.transaction).toMatchObject({ fee: 0, commission: 4 });
    expect(cashIn.json().data.wallet.balance).toBe(taka(agentBefore - 996));
    expect(await t.balance(ben)).toBe(1070);
    expect(cashIn.json().data).not.toHaveProperty('commissionUnpaid');
    // Fee revenue only receives: the commission came out of the float.
    expect(await revenue()).toBe(revenueBefore);
    expect(await systemBalance('COMMISSION_FLOAT')).toBe(floatBefore - 400n);
    expect(await entriesOf(cashIn.json().data.transaction._id)).toEqual([
      { kind: 'amount', account: agent.id, amount: '-100000' },
      { kind: 'amount', account: ben.id, amount: '100000' },
      { kind: 'commission', account: 'COMMISSION_FLOAT', amount: '-400' },
      { kind: 'commission', account: agent.id, amount: '400' },
    ]);
    await expectLedgerConsistent(t.db);
  });

  it('should refuse a cash-out whose amount and fee together are more than the balance, and take one that fits to the poisha', async () => {
    const ann = await t.user('Ann');
    await t.post('/wallet/deposit', ann, { balance: 50 });
    // 100.00 held: 100.00 out would cost 1.85 more.
    expect((await cashOut(ann, 100)).json()).toMatchObject({ statusCode: 400, code: 'INSUFFICIENT_BALANCE' });
    // 98.18 costs 1.82 (181.633 poisha, rounded to 182): exactly 100.00.
    expect((await quote(ann, 'cash-out', 98.18)).json().data).toMatchObject({ fee: 1.82, total: 100 });
    expect((await cashOut(ann, 98.18)).statusCode).toBe(201);
    expect(await t.balance(ann)).toBe(0);
  });

  it('should count the amount, not the fee, towards limits', async () => {
    const ann = await t.user('Ann');
    await t.post('/wallet/deposit', ann, { balance: 40000 });
    const limits = await t.inject({ method: 'GET', url: '/api/v1/wallet/limits', cookie: ann.cookie });
    const daily = limits.json().data.movements.find((row: { type: string }) => row.type === 'cash-out').daily;
    // The whole day's cash-out limit in one movement, its fee on top.
    expect((await cashOut(ann, daily.left)).statusCode).toBe(201);
    const after = await t.inject({ method: 'GET', url: '/api/v1/wallet/limits', cookie: ann.cookie });
    expect(after.json().data.movements.find((row: { type: string }) => row.type === 'cash-out').daily).toMatchObject({
      used: daily.limit,
      left: 0,
    });
  });
});

describe('the statement', () => {
  before(defaultFees);

  it('should write a fee as a line of its own, and keep a name with ; from becoming a formula', async () => {
    const ann = await t.user('Ann');
    const shop = await t.agent('x;=1+1;', admin);
    await t.post('/wallet/deposit', ann, { balance: 1000 });
    expect((await t.post('/agent/cash-out', ann, { agentId: shop.id, balance: 500 })).statusCode).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const statement = await t.inject({
      method: 'GET',
      url: `/api/v1/transaction/me/statement?from=${today}&to=${today}`,
      cookie: ann.cookie,
    });
    expect(statement.statusCode).toBe(200);
    const lines = statement.body.split('\r\n');
    const movement = lines.filter((line) => line.includes(',cash-out'));
    // 1.85% of 500 is 9.25, after the 500 itself; each with the running balance.
    expect(movement.map((line) => line.split(',').slice(2))).toEqual([
      ['cash-out', `"x;'=1+1;"`, '', '500.00', '550.00'],
      ['cash-out fee', `"x;'=1+1;"`, '', '9.25', '540.75'],
    ]);
    // In: the 50 Taka bonus and the deposit.
    expect(lines.find((line) => line.startsWith('Closing balance'))).toBe('Closing balance,,,,1050.00,509.25,540.75');
  });
});

describe('analytics', () => {
  before(defaultFees);

  it("should show the payer's fees and the agent's commissions on their own, and count a movement once", async () => {
    const ann = await t.user('Ann');
    const shop = await t.agent('Analytics Shop', admin);
    await t.post('/wallet/deposit', ann, { balance: 2000 });
    for (const balance of [1000, 100]) {
      expect((await t.post('/agent/cash-out', ann, { agentId: shop.id, balance })).statusCode).toBe(201);
    }
    const analyticsOf = async (person: Person) =>
      (await t.inject({ method: 'GET', url: '/api/v1/analytics/me', cookie: person.cookie })).json().data;
    const month = new Date().toISOString().slice(0, 7);
    const cashOuts = (data: { months: { type: string }[] }) => data.months.find((row) => row.type === 'cash-out');
    // Fees of 18.50 and 1.85; the agent earns 22% of each: 4.07 and 0.41.
    const mine = await analyticsOf(ann);
    expect(cashOuts(mine)).toEqual({
      month,
      type: 'cash-out',
      moneyIn: 0,
      moneyOut: 1120.35,
      fees: 20.35,
      commissions: 0,
    });
    expect(mine.counterparts.find((row: { _id: string }) => row._id === shop.id)).toMatchObject({
      count: 2,
      moneyOut: 1120.35,
    });
    expect(cashOuts(await analyticsOf(shop))).toEqual({
      month,
      type: 'cash-out',
      // 22% of 18.50 and of 1.85 Taka: 4.07 and 0.407, rounded down (issue 42: it was 0.41, half up).
      moneyIn: 1104.47,
      moneyOut: 0,
      fees: 0,
      commissions: 4.47,
    });
  });
});

describe('the quote and the fee confirmed', () => {
  before(defaultFees);

  it('should refuse with 409 a movement whose fee changed since the review, moving nothing', async () => {
    const ann = await t.user('Ann');
    await t.post('/wallet/deposit', ann, { balance: 500 });
    const { fee } = (await quote(ann, 'cash-out', 200)).json().data;
    expect(fee).toBe(3.7);
    const change = await t.inject({
      method: 'PUT',
      url: '/api/v1/admin/fees/cash-out',
      cookie: admin.cookie,
      payload: {
        percent: 2,
        fixed: 0,
        minimum: null,
        maximum: null,
        freeMonthly: null,
        agentShare: 22,
        agentCommission: 0,
      },
    });
    expect(change.statusCode).toBe(200);
    const before = await ledgerState(t.db);
    const stale = await cashOut(ann, 200, { 'x-expected-fee': String(fee) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      success: false,
      statusCode: 409,
      code: 'FEE_CHANGED',
      message: 'The fee has changed since you reviewed this: it is now 4.00 Taka. Please review it again',
      params: { fee: 4 },
    });
    expect((await ledgerState(t.db)).transactions).toBe(before.transactions);
    expect((await cashOut(ann, 200, { 'x-expected-fee': '4' })).json().data.transaction.fee).toBe(4);
    expect((await cashOut(ann, 1, { 'x-expected-fee': '1.234' })).json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    await defaultFees();
  });

  it("should quote only the caller's own movements, with clear 4xx for bad input", async () => {
    const ann = await t.user('Ann');
    expect((await quote(ann, 'cash-in', 10)).json()).toMatchObject({ statusCode: 403, code: 'ROLE_NOT_ALLOWED' });
    expect((await quote(agent, 'transfer', 10)).statusCode).toBe(403);
    expect((await quote(ann, 'bonus', 10)).statusCode).toBe(400);
    expect((await quote(ann, 'transfer', 0)).statusCode).toBe(400);
    expect((await quote(ann, 'transfer', 1.001)).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/v1/wallet/quote?type=transfer&amount=5' })).statusCode).toBe(
      401,
    );
    expect((await quote(ann, 'deposit', 10)).json().data).toEqual({
      type: 'deposit',
      amount: 10,
      fee: 0,
      commission: 0,
      commissionUnpaid: 0,
      total: 10,
      balanceAfter: 60,
      availableAfter: 60,
      limits: expect.objectContaining({ belowMinimum: false, aboveMaximum: false }),
    });
  });
});

describe('rounding and the schedule at its edges', () => {
  after(defaultFees);

  it('should round a fee up and a commission down to the poisha, on the quote and in movement_fee, and hold the fee between its minimum and maximum', async () => {
    const ann = await t.user('Ann');
    await t.post('/wallet/deposit', ann, { balance: 5000 });
    // Cash-outs start at 50 Taka (migration 0038): lifted here, to price a few poisha.
    const restoreLimits = await liftCashOutMinimum(t.db);
    const quoted = async (person: Person, type: string, amount: number) => {
      const { fee, commission } = (await quote(person, type, amount)).json().data as {
        fee: number;
        commission: number;
      };
      return { fee, commission };
    };
    const priced = async (type: string, poisha: number) => {
      const [row] = await rows<{ fee: string; commission: string }>(
        sql`select fee::text, commission::text from movement_fee(${type}::transaction_type, ${poisha}, ${ann.id}::uuid, clock_timestamp())`,
      );
      return { fee: Number(row!.fee), commission: Number(row!.commission) };
    };
    // The default schedule: 1.85% of 0.27 Taka is 0.4995 poisha, which half up made free; the
    // agent's 22% of one poisha is 0.22 of one.
    expect(await quoted(ann, 'cash-out', 0.27)).toEqual({ fee: 0.01, commission: 0 });
    expect(await priced('cash-out', 27)).toEqual({ fee: 1, commission: 0 });
    expect((await cashOut(ann, 0.27)).json().data.transaction).toMatchObject({ fee: 0.01, commission: 0 });
    // 0.4% of 1.25 Taka is half a poisha, which half up made a 0.8% commission.
    expect(await quoted(agent, 'cash-in', 1.25)).toEqual({ fee: 0, commission: 0 });
    expect(await priced('cash-in', 125)).toEqual({ fee: 0, commission: 0 });
    expect(
      (await t.post('/agent/cash-in', agent, { userId: ann.id, balance: 1.25 })).json().data.transaction,
    ).toMatchObject({ fee: 0, commission: 0 });
    // Whole poisha stay exact: 0.4% of 2.50 Taka is one poisha.
    expect(await priced('cash-in', 250)).toEqual({ fee: 0, commission: 1 });

    await setFees(t.db, 'cash-out', { percentBp: 100, agentShareBp: 5000 });
    expect((await quoted(ann, 'cash-out', 0.01)).fee).toBe(0.01); // 0.01 poisha, up
    expect((await quoted(ann, 'cash-out', 1)).fee).toBe(0.01); // exactly one poisha
    expect((await quoted(ann, 'cash-out', 1.01)).fee).toBe(0.02); // 1.01 poisha, up
    // A 1-poisha fee: the agent's half of it is 0.5, rounded down.
    expect((await cashOut(ann, 0.5)).json().data.transaction).toMatchObject({ fee: 0.01, commission: 0 });

    // A maximum on the cash-out fee only while cash-ins pay no commission (feeScheduleRefusal).
    await setFees(t.db, 'cash-in', {});
    await setFees(t.db, 'cash-out', { percentBp: 150, fixed: 200, minimum: 500, maximum: 2500 });
    expect((await quoted(ann, 'cash-out', 1)).fee).toBe(5); // 0.02 + 2.00 is below the minimum
    expect((await quoted(ann, 'cash-out', 1000)).fee).toBe(17); // 15.00 + 2.00
    expect((await quoted(ann, 'cash-out', 3000)).fee).toBe(25); // 47.00 is above the maximum
    await setFees(t.db, 'cash-out', DEFAULTS['cash-out']);
    await setFees(t.db, 'cash-in', DEFAULTS['cash-in']);
    await restoreLimits();
  });

  it('should charge only the part of a movement above the free allowance of the month', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    await t.post('/wallet/deposit', ann, { balance: 3000 });
    await setFees(t.db, 'transfer', { percentBp: 50, fixed: 500, freeMonthly: 100000 });
    const send = (balance: number) => t.post('/wallet/transfer', ann, { receiverId: ben.id, balance });
    expect((await send(600)).json().data.transaction.fee).toBe(0);
    expect((await quote(ann, 'transfer', 600)).json().data.fee).toBe(6); // 200 above: 1.00 + 5.00
    expect((await send(600)).json().data.transaction.fee).toBe(6);
    expect((await send(10)).json().data.transaction.fee).toBe(5.05);
    // Ben's allowance is his own.
    expect((await quote(ben, 'transfer', 100)).json().data.fee).toBe(0);
  });
});

describe('the admin fee schedule', () => {
  after(defaultFees);

  it('should be read and changed by admins alone, each change audited with its figures', async () => {
    const ann = await t.user('Ann');
    expect((await t.inject({ method: 'GET', url: '/api/v1/admin/fees', cookie: ann.cookie })).statusCode).toBe(403);
    const schedule = await t.inject({ method: 'GET', url: '/api/v1/admin/fees', cookie: admin.cookie });
    expect(schedule.json().data.map(({ updatedAt: _at, ...row }: { updatedAt: string }) => row)).toEqual([
      {
        type: 'transfer',
        percent: 0,
        fixed: 0,
        minimum: null,
        maximum: null,
        freeMonthly: null,
        agentShare: 0,
        agentCommission: 0,
      },
      {
        type: 'cash-out',
        percent: 1.85,
        fixed: 0,
        minimum: null,
        maximum: null,
        freeMonthly: null,
        agentShare: 22,
        agentCommission: 0,
      },
      {
        type: 'cash-in',
        percent: 0,
        fixed: 0,
        minimum: null,
        maximum: null,
        freeMonthly: null,
        agentShare: 0,
        agentCommission: 0.4,
      },
      // The merchant's fee (the MDR): 1%, the bottom of Bangladesh Bank's band.
      {
        type: 'payment',
        percent: 1,
        fixed: 0,
        minimum: null,
        maximum: null,
        freeMonthly: null,
        agentShare: 0,
        agentCommission: 0,
      },
    ]);

    const row = {
      percent: 0.5,
      fixed: 5,
      minimum: null,
      maximum: 25,
      freeMonthly: 25000,
      agentShare: 0,
      agentCommission: 0,
    };
    const put = (type: string, payload: object, cookie = admin.cookie) =>
      t.inject({ method: 'PUT', url: `/api/v1/admin/fees/${type}`, cookie, payload });
    expect((await put('transfer', row, ann.cookie)).statusCode).toBe(403);
    expect((await put('deposit', row)).statusCode).toBe(400);
    expect((await put('cash-in', row)).json()).toMatchObject({
      statusCode: 400,
      message: 'percent must be empty: a cash-in is free to the person',
    });
    expect((await put('transfer', { ...row, agentShare: 10 })).json()).toMatchObject({
      message: 'agentShare does not apply to transfer',
    });
    expect((await put('transfer', { ...row, minimum: 30 })).statusCode).toBe(400);
    expect((await put('transfer', { ...row, percent: 100.01 })).statusCode).toBe(400);
    const changed = await put('transfer', row);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ message: 'Fees updated', data: { type: 'transfer', ...row } });

    const audit = await t.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?action=fee_change',
      cookie: admin.cookie,
    });
    expect(audit.json().data[0]).toMatchObject({
      action: 'fee_change',
      admin: { _id: admin.id },
      target: null,
      // The embedded database's default: one staff member's change applies at once, and says so.
      reason: 'Single approval (SECOND_APPROVAL=optional)',
      change: { type: 'transfer', before: { percent: 0, fixed: 0, maximum: null }, after: row },
    });
  });
});

describe('the ledger keeps fees true', () => {
  const expectRefused = (write: (tx: Tx) => Promise<unknown>, reason: RegExp) =>
    expectWriteRefused(t.db, write, reason);
  /** A transfer of 1.00 with a fee, written by hand as any program with SQL access could. */
  async function writeByHand(
    tx: Tx,
    parties: { from: Person; to: Person },
    fee: bigint,
    entries: [accountId: string, amount: bigint, kind: 'amount' | 'fee' | 'commission'][],
  ) {
    const [row] = await tx
      .insert(transactions)
      .values({ type: 'transfer', amount: 100n, fee, senderUserId: parties.from.id, receiverUserId: parties.to.id })
      .returning();
    await tx
      .insert(ledgerEntries)
      .values(entries.map(([accountId, amount, kind]) => ({ transactionId: row!.id, accountId, amount, kind })));
  }

  it('should refuse fee entries that do not net to zero, do not match the fee, or miss the revenue account', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const [revenueRow] = await rows<{ id: string }>(sql`select id from accounts where code = 'FEE_REVENUE'`);
    const revenueId = revenueRow!.id;
    const parties = { from: ann, to: ben };
    const amount: [string, bigint, 'amount'][] = [
      [ann.walletId, -100n, 'amount'],
      [ben.walletId, 100n, 'amount'],
    ];
    // A fee taken from the payer that goes nowhere.
    await expectRefused(
      (tx) => writeByHand(tx, parties, 10n, [...amount, [ann.walletId, -10n, 'fee']]),
      /do not sum to zero/,
    );
    // A fee netted into the amount: the amount entries no longer net to zero on their own.
    await expectRefused(
      (tx) =>
        writeByHand(tx, parties, 10n, [
          [ann.walletId, -110n, 'amount'],
          [ben.walletId, 100n, 'amount'],
          [revenueId, 10n, 'fee'],
        ]),
      /do not sum to zero/,
    );
    // More fee taken than the transaction says.
    await expectRefused(
      (tx) => writeByHand(tx, parties, 10n, [...amount, [ann.walletId, -20n, 'fee'], [revenueId, 20n, 'fee']]),
      /do not match its fee and commission/,
    );
    // A fee paid to someone other than the revenue account.
    await expectRefused(
      (tx) => writeByHand(tx, parties, 10n, [...amount, [ann.walletId, -10n, 'fee'], [ben.walletId, 10n, 'fee']]),
      /do not go through the fee revenue and commission float accounts/,
    );
    // Revenue paid out as an amount, or as a commission nobody was owed.
    await expectRefused(
      (tx) =>
        writeByHand(tx, parties, 0n, [
          [revenueId, -100n, 'amount'],
          [ben.walletId, 100n, 'amount'],
        ]),
      /do not go through the fee revenue and commission float accounts/,
    );
    await expectRefused(
      (tx) =>
        writeByHand(tx, parties, 0n, [...amount, [revenueId, -10n, 'commission'], [ben.walletId, 10n, 'commission']]),
      /do not match its fee and commission/,
    );
  });

  it('should refuse a fee schedule row for deposits, and figures out of range', async () => {
    await expectRefused(
      (tx) => tx.execute(sql`insert into fees (type, percent_bp) values ('deposit', 100)`),
      /fees_type_chk/,
    );
    await expectRefused(
      (tx) => tx.execute(sql`update fees set agent_commission_bp = 10 where type = 'cash-out'`),
      /fees_shape_chk/,
    );
    await expectRefused(
      (tx) => tx.execute(sql`update fees set percent_bp = 10001 where type = 'transfer'`),
      /fees_figures_chk/,
    );
  });
});

/** The model the property test holds the ledger to: the schedule's rule, in BigInt poisha. */
interface Schedule {
  percentBp: number;
  fixed: number;
  minimum: number | null;
  maximum: number | null;
  freeMonthly: number | null;
  agentShareBp: number;
}
function modelFee(schedule: Schedule, amount: bigint, usedThisMonth: bigint) {
  const allowance = schedule.freeMonthly === null ? null : BigInt(schedule.freeMonthly);
  const free = allowance === null ? 0n : allowance > usedThisMonth ? allowance - usedThisMonth : 0n;
  const chargeable = amount > free ? amount - free : 0n;
  let fee = 0n;
  if (chargeable > 0n && (schedule.percentBp > 0 || schedule.fixed > 0 || (schedule.minimum ?? 0) > 0)) {
    fee = (chargeable * BigInt(schedule.percentBp) + 9999n) / 10000n + BigInt(schedule.fixed);
    if (schedule.minimum !== null && fee < BigInt(schedule.minimum)) fee = BigInt(schedule.minimum);
    if (schedule.maximum !== null && fee > BigInt(schedule.maximum)) fee = BigInt(schedule.maximum);
  }
  return fee;
}

describe('the fee shape, one definition', () => {
  const causeText = (error: unknown): string =>
    error instanceof Error
      ? `${error.message} ${error.cause === undefined ? '' : causeText(error.cause)}`
      : String(error);
  /** Each figure's column, and a value that passes fees_figures_chk on a row of defaults. */
  const COLUMNS: Record<FeeField, [column: string, value: number]> = {
    percent: ['percent_bp', 100],
    fixed: ['fixed', 500],
    minimum: ['minimum', 100],
    maximum: ['maximum', 2500],
    freeMonthly: ['free_monthly', 100000],
    agentShare: ['agent_share_bp', 2000],
    agentCommission: ['agent_commission_bp', 40],
  };

  it('should hold the contracts FEE_FIELDS and the database fees_shape_chk to the same rule, for every type and figure', async () => {
    const rows = FEE_TYPES.flatMap((type) => (Object.keys(COLUMNS) as FeeField[]).map((field) => ({ type, field })));
    const TAKEN = new Error('taken, and rolled back');
    const outcomes = [];
    for (const { type, field } of rows) {
      const [column, value] = COLUMNS[field];
      // Each write is rolled back: TAKEN means the constraint let it through.
      const outcome = await t.db
        .transaction(async (tx) => {
          // A payment's row always has its MDR (1.00% at least).
          await tx.execute(
            sql`insert into fees (type, percent_bp) values (${type}, ${type === 'payment' ? 100 : 0}) on conflict (type) do nothing`,
          );
          await tx.execute(sql`update fees set ${sql.raw(column)} = ${value} where type = ${type}`);
          throw TAKEN;
        })
        .catch((error: unknown) => {
          if (error === TAKEN) return 'taken';
          if (/fees_shape_chk/.test(causeText(error))) return 'refused';
          throw error;
        });
      outcomes.push({ type, field, outcome });
    }
    expect(outcomes).toEqual(
      rows.map(({ type, field }) => ({ type, field, outcome: FEE_FIELDS[type].includes(field) ? 'taken' : 'refused' })),
    );
  });
});

describe('a schedule that cannot mint money', () => {
  after(defaultFees);
  const put = (type: string, payload: object) =>
    t.inject({ method: 'PUT', url: `/api/v1/admin/fees/${type}`, cookie: admin.cookie, payload });
  const row = (figures: Partial<FeeUpdateInput>): FeeUpdateInput => ({ ...FREE_FEE_ROW, ...figures });
  const schedule = async () =>
    rows<{ type: string; percent_bp: number; agent_share_bp: number; agent_commission_bp: number }>(
      sql`select type::text, percent_bp, agent_share_bp, agent_commission_bp from fees order by type`,
    );

  it('should refuse a cash-in commission of 100%, an allowance or a cap on cash-outs while commissions are paid: in the API and in the database', async () => {
    await defaultFees();
    const before = await schedule();
    const hundred = await put('cash-in', row({ agentCommission: 100 }));
    expect(hundred.statusCode).toBe(409);
    expect(hundred.json()).toMatchObject({ code: 'COMMISSION_ABOVE_FEE' });
    // 1.85% less the agent's 22% keeps 1.443%: 1.44 is the most a cash-in may pay, 1.45 too much.
    expect((await put('cash-in', row({ agentCommission: 1.45 }))).json()).toMatchObject({
      code: 'COMMISSION_ABOVE_FEE',
    });
    expect((await put('cash-in', row({ agentCommission: 1.44 }))).statusCode).toBe(200);
    expect((await put('cash-out', row({ percent: 1.85, agentShare: 23 }))).json()).toMatchObject({
      code: 'COMMISSION_ABOVE_FEE',
    });
    expect((await put('cash-out', row({ percent: 1.85, agentShare: 22, freeMonthly: 1000 }))).json()).toMatchObject({
      statusCode: 409,
      code: 'FREE_CASH_OUT_WITH_COMMISSION',
    });
    expect((await put('cash-out', row({ percent: 1.85, agentShare: 22, maximum: 100 }))).json()).toMatchObject({
      statusCode: 409,
      code: 'CAPPED_CASH_OUT_WITH_COMMISSION',
    });
    expect((await put('cash-in', row({ agentCommission: 0.4 }))).statusCode).toBe(200);
    expect(await schedule()).toEqual(before);

    // Beneath the API: whoever writes the table, at commit.
    for (const change of [
      sql`update fees set agent_commission_bp = 10000 where type = 'cash-in'`,
      sql`update fees set free_monthly = 100000 where type = 'cash-out'`,
      sql`update fees set maximum = 10000 where type = 'cash-out'`,
      sql`update fees set percent_bp = 0 where type = 'cash-out'`,
    ]) {
      await expectWriteRefused(t.db, (tx) => tx.execute(change), /the fee schedule could pay out more than it takes/);
    }
    expect(await schedule()).toEqual(before);
    // Both rows changed together are judged whole: no commission, then a cap.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update fees set maximum = 10000 where type = 'cash-out'`);
      await tx.execute(sql`update fees set agent_commission_bp = 0 where type = 'cash-in'`);
    });
  });

  it("should hold the contracts' feeScheduleRefusal and the database's fee_schedule_refusal to one rule", async () => {
    const figures = fc.record({
      percent: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
      agentShare: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
      agentCommission: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100),
      ),
      maximum: fc.option(
        fc.integer({ min: 0, max: 100_000 }).map((poisha) => poisha / 100),
        { nil: null },
      ),
      freeMonthly: fc.option(
        fc.integer({ min: 1, max: 100_000 }).map((poisha) => poisha / 100),
        { nil: null },
      ),
    });
    await fc.assert(
      fc.asyncProperty(figures, async (f) => {
        const contract = feeScheduleRefusal(f, f);
        const [database] = await rows<{ refused: string | null }>(sql`
          select fee_schedule_refusal(
            jsonb_populate_record(null::fees, ${JSON.stringify({ type: 'cash-in', agent_commission_bp: Math.round(f.agentCommission * 100) })}::jsonb),
            jsonb_populate_record(null::fees, ${JSON.stringify({
              type: 'cash-out',
              percent_bp: Math.round(f.percent * 100),
              agent_share_bp: Math.round(f.agentShare * 100),
              maximum: f.maximum === null ? null : Math.round(f.maximum * 100),
              free_monthly: f.freeMonthly === null ? null : Math.round(f.freeMonthly * 100),
            })}::jsonb)) as refused`);
        expect(database!.refused).toBe(contract);
      }),
      { numRuns: 300 },
    );
  });

  it('should never let an agent and a person together end a loop of cash-ins and cash-outs with more than they began with, under any schedule the contract accepts', async () => {
    const cashOutRow = fc.record({
      percentBp: fc.integer({ min: 0, max: 1_000 }),
      fixed: fc.integer({ min: 0, max: 500 }),
      minimum: fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: null }),
      maximum: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
      freeMonthly: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
      agentShareBp: fc.integer({ min: 0, max: 10_000 }),
    });
    const percent = (bp: number) => bp / 100;
    const accepted = fc.tuple(cashOutRow, fc.integer({ min: 0, max: 1_000 })).filter(
      ([out, commissionBp]) =>
        (out.minimum === null || out.maximum === null || out.minimum <= out.maximum) &&
        feeScheduleRefusal(
          { agentCommission: percent(commissionBp) },
          {
            percent: percent(out.percentBp),
            agentShare: percent(out.agentShareBp),
            maximum: out.maximum === null ? null : out.maximum / 100,
            freeMonthly: out.freeMonthly === null ? null : out.freeMonthly / 100,
          },
        ) === null,
    );
    // A loop: cash-ins, then cash-outs of at least as much in all, in pieces of any size.
    const loop = fc
      .tuple(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 6 }),
      )
      .filter(([ins, outs]) => outs.reduce((a, b) => a + b, 0) >= ins.reduce((a, b) => a + b, 0));
    const priced = async (tx: Tx, type: 'cash-in' | 'cash-out', poisha: number) => {
      const {
        rows: [row],
      } = (await tx.execute(
        sql`select fee::text, commission::text from movement_fee(${type}::transaction_type, ${poisha}, gen_random_uuid(), clock_timestamp())`,
      )) as unknown as { rows: { fee: string; commission: string }[] };
      return { fee: BigInt(row!.fee), commission: BigInt(row!.commission) };
    };
    let loops = 0;
    await fc.assert(
      fc.asyncProperty(accepted, loop, async ([out, commissionBp], [ins, outs]) => {
        await t.db
          .transaction(async (tx) => {
            await tx.execute(sql`update fees set percent_bp = ${out.percentBp}, fixed = ${out.fixed},
              minimum = ${out.minimum}, maximum = ${out.maximum}, free_monthly = ${out.freeMonthly},
              agent_share_bp = ${out.agentShareBp} where type = 'cash-out'`);
            await tx.execute(sql`update fees set agent_commission_bp = ${commissionBp} where type = 'cash-in'`);
            // The database accepts what the contract accepts.
            await tx.execute(sql`set constraints fees_schedule_guard_trg immediate`);
            // What the pair ends with, against what it began with: commissions earned, fees paid.
            let gain = 0n;
            for (const poisha of ins) gain += (await priced(tx, 'cash-in', poisha)).commission;
            for (const poisha of outs) {
              const { fee, commission } = await priced(tx, 'cash-out', poisha);
              gain += commission - fee;
            }
            expect(gain <= 0n).toBe(true);
            loops += 1;
            throw new Rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof Rollback)) throw error;
          });
      }),
      { numRuns: 150 },
    );
    expect(loops).toBe(150);
  });
});

/** Thrown to end a transaction that only looked. */
class Rollback extends Error {}

describe('random movements under random schedules', () => {
  // Any amount from one poisha: the 50-Taka cash-out minimum (migration 0038) is lifted here.
  let restoreLimits: () => Promise<void>;
  before(async () => {
    restoreLimits = await liftCashOutMinimum(t.db);
  });
  after(async () => {
    await defaultFees();
    await restoreLimits();
  });

  it('should charge what the schedule says, post every movement the balance allows, and keep the ledger whole', async () => {
    const schedule = fc
      .record({
        percentBp: fc.integer({ min: 0, max: 500 }),
        fixed: fc.integer({ min: 0, max: 1000 }),
        minimum: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: null }),
        maximum: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
        freeMonthly: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
        agentShareBp: fc.integer({ min: 0, max: 10_000 }),
      })
      .filter((s) => s.minimum === null || s.maximum === null || s.minimum <= s.maximum);
    const movement = fc.record({
      type: fc.constantFrom('transfer' as const, 'cash-out' as const),
      poisha: fc.integer({ min: 1, max: 40_000 }),
    });
    await fc.assert(
      fc.asyncProperty(
        schedule,
        schedule,
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(movement, { minLength: 1, maxLength: 8 }),
        async (transferFees, cashOutFees, deposit, moves) => {
          // Any cash-out schedule: with no cash-in commission, none could pay out more than it takes.
          await setFees(t.db, 'cash-in', {});
          await setFees(t.db, 'transfer', { ...transferFees, agentShareBp: 0 });
          await setFees(t.db, 'cash-out', cashOutFees);
          const [payer, payee] = [await t.user('Payer'), await t.user('Payee')];
          if (deposit > 0) await t.post('/wallet/deposit', payer, { balance: deposit / 100 });
          let balance = 5000n + BigInt(deposit);
          const used = { transfer: 0n, 'cash-out': 0n };
          for (const { type, poisha } of moves) {
            const amount = BigInt(poisha);
            const rules = type === 'transfer' ? { ...transferFees, agentShareBp: 0 } : cashOutFees;
            const fee = modelFee(rules, amount, used[type]);
            const response =
              type === 'transfer'
                ? await t.post('/wallet/transfer', payer, { receiverId: payee.id, balance: poisha / 100 })
                : await cashOut(payer, poisha / 100);
            if (balance >= amount + fee) {
              expect({ status: response.statusCode, fee: response.json().data?.transaction.fee }).toEqual({
                status: 201,
                fee: Number(fee) / 100,
              });
              expect(response.json().data.transaction.commission).toBe(
                type === 'cash-out' ? Number((fee * BigInt(rules.agentShareBp)) / 10000n) / 100 : 0,
              );
              balance -= amount + fee;
              used[type] += amount;
            } else {
              expect(response.json()).toMatchObject({ statusCode: 400, code: 'INSUFFICIENT_BALANCE' });
            }
            expect(BigInt(Math.round((await t.balance(payer)) * 100))).toBe(balance);
          }
          await expectLedgerConsistent(t.db);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('reversals', () => {
  after(defaultFees);

  const reverse = (id: string, reason = 'Sent to the wrong person, confirmed by phone', cookie = admin.cookie) =>
    t.inject({ method: 'POST', url: `/api/v1/admin/reverse/${id}`, cookie, payload: { reason } });
  const historyOf = async (person: Person) =>
    (await t.inject({ method: 'GET', url: '/api/v1/transaction/me', cookie: person.cookie })).json().data as {
      _id: string;
      type: string;
      balance: number;
      fee: number;
      reversedBy: string | null;
      reverses: string | null;
    }[];

  it('should undo a transfer with a linked transaction, refund its fee, and audit it with the reason', async () => {
    await setFees(t.db, 'transfer', { percentBp: 100 });
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const sent = await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 30 });
    const original = sent.json().data.transaction;
    expect(original.fee).toBe(0.3);
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([19.7, 80]);
    const revenueBefore = await revenue();

    const response = await reverse(original._id);
    expect(response.statusCode).toBe(201);
    const reversal = response.json().data;
    expect(reversal).toMatchObject({
      type: 'reversal',
      balance: 30,
      fee: 0.3,
      reverses: original._id,
      sender: { _id: ben.id },
      receiver: { _id: ann.id },
    });
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([50, 50]);
    expect(await revenue()).toBe(revenueBefore - 30n);
    expect(await entriesOf(reversal._id)).toEqual([
      { kind: 'amount', account: ben.id, amount: '-3000' },
      { kind: 'amount', account: ann.id, amount: '3000' },
      { kind: 'fee', account: 'FEE_REVENUE', amount: '-30' },
      { kind: 'fee', account: ann.id, amount: '30' },
    ]);
    // Both histories show the reversal, and the transfer it undid, linked both ways.
    for (const person of [ann, ben]) {
      const [latest, undone] = await historyOf(person);
      expect(latest).toMatchObject({ _id: reversal._id, type: 'reversal', reverses: original._id });
      expect(undone).toMatchObject({ _id: original._id, type: 'transfer', reversedBy: reversal._id });
    }
    const audit = await t.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?action=reverse',
      cookie: admin.cookie,
    });
    expect(audit.json().data[0]).toMatchObject({
      action: 'reverse',
      admin: { _id: admin.id },
      target: { _id: ann.id },
      reason: 'Sent to the wrong person, confirmed by phone',
      transactionId: reversal._id,
    });
    await expectLedgerConsistent(t.db);
  });

  it('should reverse a transfer once, never a reversal, a cash-in or a cash-out, and only for an admin with a reason', async () => {
    await defaultFees();
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const original = (await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 10 })).json().data
      .transaction;
    expect((await reverse(original._id, 'A reason', ben.cookie)).statusCode).toBe(403);
    expect((await reverse(original._id, '  ')).json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const reversal = (await reverse(original._id)).json().data;
    expect((await reverse(original._id)).json()).toMatchObject({
      statusCode: 409,
      code: 'ALREADY_REVERSED',
      message: 'This transfer has already been reversed',
    });
    expect((await reverse(reversal._id)).json()).toMatchObject({ statusCode: 400, code: 'NOT_REVERSIBLE' });
    await t.post('/wallet/deposit', ann, { balance: 100 });
    const cashedOut = (await cashOut(ann, 50)).json().data.transaction;
    expect((await reverse(cashedOut._id)).json()).toMatchObject({
      statusCode: 400,
      message: 'Only a transfer can be reversed: cash-in and cash-out moved cash, which is settled outside',
    });
    expect((await reverse('00000000-0000-4000-8000-000000000000')).json()).toMatchObject({
      statusCode: 404,
      code: 'TRANSACTION_NOT_FOUND',
    });
    await expectLedgerConsistent(t.db);
  });

  it('should refuse a reversal when the receiver no longer holds the amount, moving nothing', async () => {
    const [ann, ben, cara] = [await t.user('Ann'), await t.user('Ben'), await t.user('Cara')];
    const original = (await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 40 })).json().data
      .transaction;
    await t.post('/wallet/transfer', ben, { receiverId: cara.id, balance: 80 });
    const before = await ledgerState(t.db);
    expect((await reverse(original._id)).json()).toMatchObject({
      statusCode: 409,
      code: 'FUNDS_GONE',
      message: 'The receiver no longer holds the amount, so the transfer cannot be reversed',
    });
    expect(await ledgerState(t.db)).toEqual(before);
  });

  it('should give exactly one reversal of 50 asked at once', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const original = (await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 25 })).json().data
      .transaction;
    const responses = await Promise.all(Array.from({ length: 50 }, () => reverse(original._id)));
    const statuses = responses.map((response) => `${response.statusCode} ${response.json().code ?? ''}`.trim());
    expect(statuses.filter((status) => status === '201')).toHaveLength(1);
    expect(statuses.filter((status) => status === '409 ALREADY_REVERSED')).toHaveLength(49);
    const [row] = await rows<{ count: number }>(
      sql`select count(*)::int as count from transactions where reverses = ${original._id}`,
    );
    expect(row!.count).toBe(1);
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([50, 50]);
    await expectLedgerConsistent(t.db);
  });

  it('should refuse, in raw SQL, a reversal that does not net its transfer to zero or reverses twice', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const original = (await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 20 })).json().data
      .transaction;
    const byHand = (tx: Tx, amount: bigint, to: Person) =>
      tx.execute(sql`
        with reversal as (
          insert into transactions (type, amount, sender_user_id, receiver_user_id, reverses)
          values ('reversal', ${amount}::bigint, ${ben.id}, ${to.id}, ${original._id}) returning id)
        insert into ledger_entries (transaction_id, account_id, amount)
        select id, ${ben.walletId}::uuid, ${-amount}::bigint from reversal
        union all select id, ${to.walletId}::uuid, ${amount}::bigint from reversal`);
    // Less than was sent comes back.
    await expectWriteRefused(t.db, (tx) => byHand(tx, 1000n, ann), /does not net its transfer to zero/);
    // The money goes back to someone else.
    const cara = await t.user('Cara');
    await expectWriteRefused(t.db, (tx) => byHand(tx, 2000n, cara), /does not net its transfer to zero/);
    // A second reversal, beside one made properly.
    expect((await reverse(original._id)).statusCode).toBe(201);
    await expectWriteRefused(t.db, (tx) => byHand(tx, 2000n, ann), /transactions_reverses_key/);
  });
});

describe('fee revenue, read from its last snapshot', () => {
  it('should read what fee revenue holds as its last snapshot and the entries since: the sum of all its entries', async () => {
    const [ann, ben] = [await t.user('Ann Before'), await t.user('Ben Before')];
    await t.post('/wallet/deposit', ann, { balance: 500 });
    const [revenueRow] = await rows<{ id: string }>(sql`select id from accounts where code = 'FEE_REVENUE'`);
    // A transfer of 1.00 with its 0.10 fee, written as a ledger that has run for days holds one:
    // dated the day before yesterday, so that its day and yesterday can be snapshotted.
    await t.db.transaction(async (tx) => {
      const at = new Date(
        Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 36 * 3_600_000,
      );
      const [row] = await tx
        .insert(transactions)
        .values({
          type: 'transfer',
          amount: 100n,
          fee: 10n,
          senderUserId: ann.id,
          receiverUserId: ben.id,
          createdAt: at,
        })
        .returning();
      await tx.insert(ledgerEntries).values(
        (
          [
            [ann.walletId, -100n, 'amount'],
            [ben.walletId, 100n, 'amount'],
            [ann.walletId, -10n, 'fee'],
            [revenueRow!.id, 10n, 'fee'],
          ] as const
        ).map(([accountId, amount, kind]) => ({ transactionId: row!.id, accountId, amount, kind, createdAt: at })),
      );
    });
    expect(await takeBalanceSnapshots(t.db)).toBeGreaterThan(0);
    const [snapshot] = await rows<{ n: number }>(
      sql`select count(*)::int as n from balance_snapshots where account_id = ${revenueRow!.id}`,
    );
    expect(snapshot!.n).toBeGreaterThan(0);
    // And a fee of today on top of it.
    await t.post('/wallet/deposit', ann, { balance: 100 });
    expect((await cashOut(ann, 100)).statusCode).toBe(201);
    const [read] = await rows<{ balance: string }>(sql`select fee_revenue_balance()::text as balance`);
    expect(BigInt(read!.balance)).toBe(await revenue());
    const float = await t.inject({ method: 'GET', url: '/api/v1/admin/commission-float', cookie: admin.cookie });
    expect(float.json().data.feeRevenue).toBe(Number(await revenue()) / 100);
    await expectLedgerConsistent(t.db);
  });
});
