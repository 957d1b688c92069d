import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { REFUSALS } from '@wallet/shared/contracts';
import {
  createTestContext,
  expectLedgerConsistent,
  fundCommissionFloat,
  type Person,
  type TestContext,
} from './helpers';

let t: TestContext;
let admin: Person;
before(async () => {
  t = await createTestContext();
  await fundCommissionFloat(t.db);
  admin = await t.admin();
});
after(() => t.close());

const block = (walletId: string) =>
  t.inject({ method: 'PATCH', url: `/api/v1/admin/block/${walletId}`, cookie: admin.cookie });
const suspend = (id: string) => t.inject({ method: 'PATCH', url: `/api/v1/admin/suspend/${id}`, cookie: admin.cookie });

/** A refusal of the ledger's table, by its status and words, with the code the table gives them. */
function expectRefused(response: { statusCode: number; json(): unknown }, statusCode: number, message: string) {
  const code = Object.entries(REFUSALS).find(([, refusal]) => refusal.message === message)?.[0];
  expect(response.statusCode).toBe(statusCode);
  expect(response.json()).toEqual({ success: false, statusCode, message, code });
}

describe('deposit', () => {
  it('should move money from the bank into the wallet and record it in the history', async () => {
    const ann = await t.user('Ann');
    const response = await t.post('/wallet/deposit', ann, { balance: 500.25 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Deposit successful!',
      data: {
        transaction: {
          type: 'deposit',
          status: 'completed',
          balance: 500.25,
          sender: null,
          receiver: { _id: ann.id, name: 'Ann' },
        },
        wallet: { _id: ann.walletId, balance: 550.25 },
      },
    });
    expect(await t.balance(ann)).toBe(550.25);
    const state = await expectLedgerConsistent(t.db);
    expect(state.sumOfBalances).toBe(0n);
  });

  it('should refuse a blocked wallet with 403 and move nothing', async () => {
    const ann = await t.user('Ann');
    await block(ann.walletId);
    expectRefused(await t.post('/wallet/deposit', ann, { balance: 10 }), 403, 'Wallet is blocked');
    expect(
      (await t.inject({ method: 'GET', url: `/api/v1/wallet/user/${ann.id}`, cookie: admin.cookie })).json().data
        .balance,
    ).toBe(50);
  });
});

describe('transfer', () => {
  it('should move money between two users and show it in both histories', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const response = await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 12.5 });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      transaction: {
        type: 'transfer',
        balance: 12.5,
        sender: { _id: ann.id, name: 'Ann' },
        receiver: { _id: ben.id, name: 'Ben' },
      },
      wallet: { balance: 37.5 },
    });
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([37.5, 62.5]);
    for (const person of [ann, ben]) {
      const history = (await t.inject({ method: 'GET', url: '/api/v1/transaction/me', cookie: person.cookie })).json();
      expect(history.data[0]).toMatchObject({
        type: 'transfer',
        balance: 12.5,
        sender: { _id: ann.id },
        receiver: { _id: ben.id },
      });
    }
    await expectLedgerConsistent(t.db);
  });

  it('should refuse more than the balance with "Insufficient balance"', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    expectRefused(
      await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 50.01 }),
      400,
      'Insufficient balance',
    );
    expect(await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 50 })).toMatchObject({
      statusCode: 201,
    });
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([0, 100]);
  });

  it('should refuse sending to oneself, to an agent, to an admin, and to nobody', async () => {
    const ann = await t.user('Ann');
    const agent = await t.agent('Agent', admin);
    expectRefused(
      await t.post('/wallet/transfer', ann, { receiverId: ann.id, balance: 1 }),
      400,
      'You cannot transfer money to yourself',
    );
    expectRefused(
      await t.post('/wallet/transfer', ann, { receiverId: agent.id, balance: 1 }),
      400,
      'Money can only be transferred to a user',
    );
    expectRefused(
      await t.post('/wallet/transfer', ann, { receiverId: admin.id, balance: 1 }),
      400,
      'Money can only be transferred to a user',
    );
    expectRefused(
      await t.post('/wallet/transfer', ann, { receiverId: '00000000-0000-4000-8000-000000000000', balance: 1 }),
      404,
      'Receiver not found',
    );
    expect(await t.balance(ann)).toBe(50);
  });

  it('should refuse when either wallet is blocked', async () => {
    const [ann, ben, cat] = [await t.user('Ann'), await t.user('Ben'), await t.user('Cat')];
    await block(ben.walletId);
    expectRefused(await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 1 }), 403, 'Wallet is blocked');
    expectRefused(await t.post('/wallet/transfer', ben, { receiverId: cat.id, balance: 1 }), 403, 'Wallet is blocked');
    expect([await t.balance(ann), await t.balance(ben), await t.balance(cat)]).toEqual([50, 50, 50]);
  });
});

describe('cash-out (withdraw through an agent)', () => {
  it("should move money from the user's wallet to the agent's, from 50 Taka", async () => {
    const ann = await t.user('Ann');
    const agent = await t.agent('Agent', admin);
    await t.post('/wallet/deposit', ann, { balance: 50 });
    // Cash-outs start at 50 Taka for the verified tiers (migration 0038, issue 42).
    expect((await t.post('/agent/cash-out', ann, { agentId: agent.id, balance: 49.99 })).json()).toMatchObject({
      statusCode: 422,
      code: 'AMOUNT_BELOW_MINIMUM',
      params: { limit: 50 },
    });
    const response = await t.post('/agent/cash-out', ann, { agentId: agent.id, balance: 50 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Withdraw successful!',
      data: {
        // The default fee, 1.85% of 50 (0.925, rounded up: 0.93), of which the agent earns 22%
        // (0.2046, rounded down: 0.20): docs/decisions/ledger.md, "Fees".
        transaction: {
          type: 'cash-out',
          balance: 50,
          fee: 0.93,
          commission: 0.2,
          sender: { _id: ann.id },
          receiver: { _id: agent.id },
        },
        wallet: { balance: 49.07 },
      },
    });
    expect([await t.balance(ann), await t.balance(agent)]).toEqual([49.07, 100.2]);
    await expectLedgerConsistent(t.db);
  });

  it('should refuse a suspended agent, a non-agent, an unknown agent and too little money', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const agent = await t.agent('Agent', admin);
    expectRefused(
      await t.post('/agent/cash-out', ann, { agentId: agent.id, balance: 60 }),
      400,
      'Insufficient balance',
    );
    expectRefused(
      await t.post('/agent/cash-out', ann, { agentId: ben.id, balance: 1 }),
      400,
      'Cash-out is only possible through an agent',
    );
    expectRefused(
      await t.post('/agent/cash-out', ann, { agentId: '00000000-0000-4000-8000-000000000000', balance: 1 }),
      404,
      'Agent not found',
    );
    await suspend(agent.id);
    expectRefused(await t.post('/agent/cash-out', ann, { agentId: agent.id, balance: 1 }), 403, 'Agent is suspended');
    expect([await t.balance(ann), await t.balance(agent)]).toEqual([50, 50]);
  });
});

describe('cash-in (an agent pays a user)', () => {
  it("should move money from the agent's wallet to the user's", async () => {
    const ann = await t.user('Ann');
    const agent = await t.agent('Agent', admin);
    const response = await t.post('/agent/cash-in', agent, { userId: ann.id, balance: 40 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'CashIn successful!',
      data: {
        // Free to Ann; the agent earns 0.4% of it (0.16), paid from fee revenue.
        transaction: {
          type: 'cash-in',
          fee: 0,
          commission: 0.16,
          sender: { _id: agent.id },
          receiver: { _id: ann.id },
        },
        wallet: { balance: 10.16 },
      },
    });
    expect([await t.balance(ann), await t.balance(agent)]).toEqual([90, 10.16]);
    await expectLedgerConsistent(t.db);
  });

  it('should refuse a suspended agent at once, and accept it again after reactivation', async () => {
    const ann = await t.user('Ann');
    const agent = await t.agent('Agent', admin);
    await suspend(agent.id);
    expectRefused(await t.post('/agent/cash-in', agent, { userId: ann.id, balance: 1 }), 403, 'Agent is suspended');
    await t.inject({ method: 'PATCH', url: `/api/v1/admin/reactivate/${agent.id}`, cookie: admin.cookie });
    expect((await t.post('/agent/cash-in', agent, { userId: ann.id, balance: 1 })).statusCode).toBe(201);
  });

  it('should refuse cash-in to an agent, to nobody, beyond the float, and to a blocked wallet', async () => {
    const ann = await t.user('Ann');
    const [agent, other] = [await t.agent('Agent', admin), await t.agent('Other', admin)];
    expectRefused(
      await t.post('/agent/cash-in', agent, { userId: other.id, balance: 1 }),
      400,
      'Cash-in is only possible to a user',
    );
    expectRefused(
      await t.post('/agent/cash-in', agent, { userId: '00000000-0000-4000-8000-000000000000', balance: 1 }),
      404,
      'User not found',
    );
    expectRefused(
      await t.post('/agent/cash-in', agent, { userId: ann.id, balance: 50.01 }),
      400,
      'Insufficient balance',
    );
    await block(ann.walletId);
    expectRefused(await t.post('/agent/cash-in', agent, { userId: ann.id, balance: 1 }), 403, 'Wallet is blocked');
    expect([await t.balance(agent), await t.balance(other)]).toEqual([50, 50]);
  });
});

describe('history', () => {
  it('should list both directions newest first, paged by the server', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    await t.post('/wallet/deposit', ann, { balance: 100 });
    for (let i = 1; i <= 6; i += 1) await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: i });
    await t.post('/wallet/transfer', ben, { receiverId: ann.id, balance: 0.5 });

    const first = (
      await t.inject({ method: 'GET', url: '/api/v1/transaction/me?page=1&limit=5', cookie: ann.cookie })
    ).json();
    expect(first.meta).toEqual({ page: 1, limit: 5, total: 9, totalPages: 2, hasNext: true });
    expect(first.data.map((row: { balance: number }) => row.balance)).toEqual([0.5, 6, 5, 4, 3]);
    expect(first.data[0]).toMatchObject({ sender: { _id: ben.id }, receiver: { _id: ann.id } });
    const second = (
      await t.inject({ method: 'GET', url: '/api/v1/transaction/me?page=2&limit=5', cookie: ann.cookie })
    ).json();
    expect(second.data.map((row: { type: string; balance: number }) => `${row.type}:${row.balance}`)).toEqual([
      'transfer:2',
      'transfer:1',
      'deposit:100',
      'bonus:50',
    ]);
    expect(second.data[2]).toMatchObject({ sender: null, receiver: { _id: ann.id, name: 'Ann' } });
  });

  it('should walk every page with the keyset cursor, each row once, in the same order as by position', async () => {
    const [ann, ben, cat] = [await t.user('Ann'), await t.user('Ben'), await t.user('Cat')];
    await t.post('/wallet/deposit', ann, { balance: 100 });
    for (let i = 1; i <= 7; i += 1) {
      await t.post('/wallet/transfer', ann, { receiverId: i % 2 ? ben.id : cat.id, balance: i });
      await t.post('/wallet/transfer', ben, { receiverId: ann.id, balance: i / 10 });
    }
    const page = async (query: string) =>
      (await t.inject({ method: 'GET', url: `/api/v1/transaction/me?limit=4&${query}`, cookie: ann.cookie })).json();
    const walked: string[] = [];
    let current = await page('page=1');
    for (let n = 1; ; n += 1) {
      expect(current.meta).toMatchObject({ page: n, total: 16, totalPages: 4 });
      walked.push(...current.data.map((row: { _id: string }) => row._id));
      if (!current.meta.hasNext) break;
      current = await page(`page=${n + 1}&after=${walked.at(-1)}`);
    }
    expect(walked).toHaveLength(16);
    expect(new Set(walked).size).toBe(16);
    const byPosition: string[] = [];
    for (let n = 1; n <= 4; n += 1)
      byPosition.push(...(await page(`page=${n}`)).data.map((row: { _id: string }) => row._id));
    expect(walked).toEqual(byPosition);
    // The database's own order, to the microsecond.
    const ordered = (await t.db.execute(sql`
      select id from transactions where sender_user_id = ${ann.id} or receiver_user_id = ${ann.id}
      order by created_at desc, id desc`)) as unknown as { rows: { id: string }[] };
    expect(walked).toEqual(ordered.rows.map((row) => row.id));
  });

  it('should refuse a page too deep to open by position, and give an empty page after an unknown cursor', async () => {
    const ann = await t.user('Ann');
    const deep = await t.inject({ method: 'GET', url: '/api/v1/transaction/me?page=3000&limit=5', cookie: ann.cookie });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe('This page is too far to open directly: go there with Next from the page before');
    const unknown = await t.inject({
      method: 'GET',
      url: '/api/v1/transaction/me?page=2&limit=5&after=00000000-0000-4000-8000-000000000000',
      cookie: ann.cookie,
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ data: [], meta: { hasNext: false } });
  });
});
