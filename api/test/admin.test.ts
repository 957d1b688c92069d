import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { MOVEMENTS, REFUSAL_PRECEDENCE } from '@wallet/shared/contracts';
import { COUNT_CAP } from '../src/lib/paging';
import { maskEmail } from '../src/lib/search';
import { createTestContext, expectLedgerConsistent, type Person, type TestContext } from './helpers';

let t: TestContext;
let admin: Person;
before(async () => {
  t = await createTestContext();
  admin = await t.admin();
});
after(() => t.close());

const get = (url: string, person: Person = admin) =>
  t.inject({ method: 'GET', url: `/api/v1${url}`, cookie: person.cookie });
const patch = (url: string) => t.inject({ method: 'PATCH', url: `/api/v1/admin${url}`, cookie: admin.cookie });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('admin lists', () => {
  it("should list users with their wallet's id, balance and blocked state, newest first and paged", async () => {
    const ann = await t.user('Ann Admin-list');
    const ben = await t.user('Ben Admin-list');
    await patch(`/block/${ben.walletId}`);
    const response = await get('/admin/users?limit=2&search=admin-list');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      meta: { page: 1, limit: 2, total: 2, totalPages: 1 },
      data: [
        {
          _id: ben.id,
          name: 'Ben Admin-list',
          role: 'USER',
          isActive: true,
          wallet: { _id: ben.walletId, balance: 50, isBlocked: true },
        },
        { _id: ann.id, wallet: { _id: ann.walletId, balance: 50, isBlocked: false } },
      ],
    });
    const all = (await get('/admin/users?limit=100')).json();
    expect(all.data.every((row: { role: string }) => row.role === 'USER')).toBe(true);
    expect(JSON.stringify(all)).not.toMatch(/password|scrypt|argon2/i);
  });

  it('should page the users list by keyset with a search, and estimate a total past the count cap', async () => {
    const people = [];
    for (let i = 0; i < 5; i += 1) people.push(await t.user(`Keyset Walker ${i}`));
    const walked: string[] = [];
    let page = (await get('/admin/users?limit=2&search=keyset walker')).json();
    while (true) {
      walked.push(...page.data.map((row: { _id: string }) => row._id));
      expect(page.meta).toMatchObject({ total: 5, totalPages: 3 });
      if (!page.meta.hasNext) break;
      page = (
        await get(`/admin/users?limit=2&search=keyset walker&page=${page.meta.page + 1}&after=${walked.at(-1)}`)
      ).json();
    }
    expect(walked).toEqual(people.map((person) => person.id).reverse());

    // Past COUNT_CAP rows the total is the planner's estimate, and Next still knows there is more.
    await t.db.execute(sql`
      insert into users (name, email) select 'Crowd ' || i, 'crowd' || i || '@estimate.example'
      from generate_series(1, ${COUNT_CAP + 50}) as i`);
    await t.db.execute(sql`analyze users`);
    const crowd = (await get('/admin/users?limit=5')).json();
    expect(crowd.meta).toMatchObject({ page: 1, limit: 5, hasNext: true, estimated: true });
    expect(crowd.meta.total).toBeGreaterThan(COUNT_CAP);
    expect(crowd.meta.totalPages).toBe(Math.ceil(crowd.meta.total / 5));
  });

  it('should list agents with their status and wallet', async () => {
    const agent = await t.agent('Agent Listed', admin);
    await patch(`/suspend/${agent.id}`);
    const response = await get('/admin/agents?search=agent listed');
    expect(response.json().data).toEqual([
      expect.objectContaining({
        _id: agent.id,
        role: 'AGENT',
        isActive: false,
        wallet: { _id: agent.walletId, balance: 50, isBlocked: false },
      }),
    ]);
  });

  it('should list every transaction newest first', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 3 });
    const response = (await get('/admin/transactions?limit=3')).json();
    expect(response.data[0]).toMatchObject({
      type: 'transfer',
      balance: 3,
      sender: { _id: ann.id },
      receiver: { _id: ben.id },
    });
    expect(response.data[1]).toMatchObject({ type: 'bonus', receiver: { _id: ben.id } });
    expect(response.meta.total).toBeGreaterThanOrEqual(3);
  });

  it('should read a user\'s wallet, and 404 "Wallet not found for this user" for someone without one', async () => {
    // Her identity not yet approved: her bonus is in her balance but held.
    const ann = await t.user('Ann', { kyc: false });
    expect((await get(`/wallet/user/${ann.id}`)).json().data).toEqual({
      _id: ann.walletId,
      userId: ann.id,
      balance: 50,
      available: 0,
      held: 50,
      isBlocked: false,
    });
    const none = await get(`/wallet/user/${admin.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Wallet not found for this user');
    expect((await get(`/wallet/user/${UNKNOWN}`)).statusCode).toBe(404);
  });
});

describe('admin actions', () => {
  it('should approve a USER as AGENT once, then 409; unknown ids 404', async () => {
    const ann = await t.user('Ann');
    const approved = await patch(`/approve/${ann.id}`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'User approved successfully',
      data: { _id: ann.id, role: 'AGENT', isActive: true },
    });
    expect((await patch(`/approve/${ann.id}`)).statusCode).toBe(409);
    expect((await patch(`/approve/${admin.id}`)).statusCode).toBe(409);
    expect((await patch(`/approve/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await patch('/approve/not-an-id')).statusCode).toBe(400);
  });

  it('should suspend an active agent and reactivate a suspended one, refusing other states with 409', async () => {
    const ann = await t.user('Ann');
    const agent = await t.agent('Agent', admin);
    expect((await patch(`/suspend/${ann.id}`)).json()).toMatchObject({
      statusCode: 409,
      message: 'Only an active agent can be suspended',
    });
    expect((await patch(`/reactivate/${agent.id}`)).statusCode).toBe(409);
    const suspended = await patch(`/suspend/${agent.id}`);
    expect(suspended.json()).toMatchObject({ message: 'Agent suspended successfully', data: { isActive: false } });
    expect((await patch(`/suspend/${agent.id}`)).statusCode).toBe(409);
    const reactivated = await patch(`/reactivate/${agent.id}`);
    expect(reactivated.json()).toMatchObject({ message: 'Agent reactivated successfully', data: { isActive: true } });
    expect((await patch(`/suspend/${UNKNOWN}`)).statusCode).toBe(404);
  });

  it('should block and unblock a wallet, refusing a repeat with 409 and an unknown wallet with 404', async () => {
    const ann = await t.user('Ann');
    const blocked = await patch(`/block/${ann.walletId}`);
    expect(blocked.json()).toMatchObject({
      message: 'Wallet blocked successfully',
      data: { _id: ann.walletId, isBlocked: true },
    });
    expect((await patch(`/block/${ann.walletId}`)).json()).toMatchObject({
      statusCode: 409,
      message: 'Wallet is already blocked',
    });
    const unblocked = await patch(`/unblock/${ann.walletId}`);
    expect(unblocked.json()).toMatchObject({ message: 'Wallet unblocked successfully', data: { isBlocked: false } });
    expect((await patch(`/unblock/${ann.walletId}`)).statusCode).toBe(409);
    expect((await patch(`/block/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await patch(`/block/${ann.id}`)).statusCode).toBe(404);
    await expectLedgerConsistent(t.db);
  });
});

describe('counterpart pickers (GET /user/all-user)', () => {
  it('should give a USER the other users for transfer, and only active agents for cash-out', async () => {
    const tag = `pick${Date.now()}`;
    const ann = await t.user(`Ann ${tag}`);
    const ben = await t.user(`Ben ${tag}`);
    const agent = await t.agent(`Agent ${tag}`, admin);
    const suspended = await t.agent(`Suspended ${tag}`, admin);
    await patch(`/suspend/${suspended.id}`);

    const transfer = (await get(`/user/all-user?purpose=transfer&search=${tag}`, ann)).json();
    expect(transfer.data).toEqual([{ _id: ben.id, name: `Ben ${tag}`, email: maskEmail(ben.email), role: 'USER' }]);
    const cashout = (await get(`/user/all-user?purpose=cashout&search=${tag}`, ann)).json();
    expect(cashout.data.map((row: { _id: string }) => row._id)).toEqual([agent.id]);
    const forAgent = (await get(`/user/all-user?search=${tag}`, agent)).json();
    expect(forAgent.data.map((row: { _id: string }) => row._id).sort()).toEqual([ann.id, ben.id].sort());
  });

  it('should offer for each movement exactly the people that movement takes (one rule, counterpart_refusal)', async () => {
    const tag = `both${Date.now()}`;
    const ann = await t.user(`Ann ${tag}`);
    const people = {
      ann,
      ben: await t.user(`Ben ${tag}`),
      unverified: await t.user(`Unverified ${tag}`, { verified: false }),
      agent: await t.agent(`Agent ${tag}`, admin),
      suspended: await t.agent(`Suspended ${tag}`, admin),
    };
    await patch(`/suspend/${people.suspended.id}`);
    await t.post('/wallet/deposit', ann, { balance: 100 });
    // The refusals that are about the other party; any other outcome means the movement took them.
    const aboutTheOther = new Set(
      (['transfer', 'cash-out', 'cash-in'] as const).flatMap((type) =>
        REFUSAL_PRECEDENCE[type].filter((code) =>
          /RECEIVER|AGENT_NOT|AGENT_SUSPENDED|USER_NOT|CASH_IN_NOT|SELF/.test(code),
        ),
      ),
    );
    const OTHER_PARTY = { transfer: 'receiverId', 'cash-out': 'agentId', 'cash-in': 'userId' } as const;
    const purposes = [
      { purpose: 'transfer', type: 'transfer', caller: ann },
      { purpose: 'cashout', type: 'cash-out', caller: ann },
      // An agent's picker is for cash-in alone, and takes no purpose.
      { purpose: null, type: 'cash-in', caller: people.agent },
    ] as const;
    for (const { purpose, type, caller } of purposes) {
      const query = purpose ? `purpose=${purpose}&search=${tag}` : `search=${tag}`;
      const offered = (await get(`/user/all-user?${query}`, caller)).json().data;
      const taken = [];
      for (const [who, person] of Object.entries(people)) {
        const body = { [OTHER_PARTY[type]]: person.id, balance: 1 };
        const response = await t.post(MOVEMENTS[type].path, caller, body);
        if (!aboutTheOther.has(response.json().code)) taken.push(who);
      }
      const names = Object.fromEntries(Object.entries(people).map(([who, person]) => [person.id, who]));
      expect({ type, offered: offered.map((row: { _id: string }) => names[row._id]).sort() }).toEqual({
        type,
        offered: taken.sort(),
      });
    }
  });

  it('should search names case-insensitively or a whole email, treat % and _ literally, and page', async () => {
    const tag = `srch${Date.now()}`;
    const ann = await t.user('Searcher');
    const people = [];
    for (const name of [`Zed ${tag} One`, `zed ${tag.toUpperCase()} Two`, `Other ${tag}`])
      people.push(await t.user(name));
    const byName = (await get(`/user/all-user?purpose=transfer&search=ZED%20${tag}`, ann)).json();
    expect(byName.data.map((row: { name: string }) => row.name)).toEqual([
      `Zed ${tag} One`,
      `zed ${tag.toUpperCase()} Two`,
    ]);
    const byEmail = (
      await get(`/user/all-user?purpose=transfer&search=${encodeURIComponent(people[2]!.email.toUpperCase())}`, ann)
    ).json();
    expect(byEmail.data.map((row: { _id: string }) => row._id)).toEqual([people[2]!.id]);
    // Part of an email finds no one: emails are not discoverable a few letters at a time.
    const partOfEmail = people[2]!.email.split('@')[0]!;
    expect((await get(`/user/all-user?purpose=transfer&search=${partOfEmail}`, ann)).json().data).toEqual([]);
    expect((await get('/user/all-user?purpose=transfer&search=%25%25%25', ann)).json().data).toEqual([]);
    const paged = (await get(`/user/all-user?purpose=transfer&search=${tag}&limit=2&page=2`, ann)).json();
    expect(paged.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2, hasNext: false });
    expect(paged.data).toHaveLength(1);
  });
});
