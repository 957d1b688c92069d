import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { expect } from 'expect';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../src/db/schema';
import { startMaintenance } from '../src/maintenance';
import {
  createTestContext,
  expectLedgerConsistent,
  expectWriteRefused,
  type Person,
  type TestContext,
} from './helpers';

let t: TestContext;
let admin: Person;
before(async () => {
  t = await createTestContext();
  admin = await t.admin();
});
after(() => t.close());

const ask = (person: Person) => t.inject({ method: 'POST', url: '/api/v1/user/kyc-request', cookie: person.cookie });
const mine = (person: Person) => t.inject({ method: 'GET', url: '/api/v1/user/kyc-request', cookie: person.cookie });
const queue = (query = '', cookie = admin.cookie) =>
  t.inject({ method: 'GET', url: `/api/v1/admin/kyc${query}`, cookie });
const decide = (id: string, body: object, cookie = admin.cookie) =>
  t.inject({ method: 'PATCH', url: `/api/v1/admin/kyc/${id}`, cookie, payload: body });
const tierOf = async (person: Person) =>
  (await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: person.cookie })).json().data.tier as string;
const refusal = (response: { statusCode: number; json(): { code: string; message: string } }) => [
  response.statusCode,
  response.json().code,
  response.json().message,
];

describe('identity reviews (KYC)', () => {
  it('should take one request at a time from a verified person, and none from an unverified one', async () => {
    const unverified = await t.user('Una', { verified: false });
    expect(refusal(await ask(unverified))).toEqual([
      403,
      'KYC_NEEDS_EMAIL',
      'Verify your email before you ask for a review',
    ]);
    const ann = await t.user('Ann', { kyc: false });
    expect((await mine(ann)).json().data).toBeNull();
    const asked = await ask(ann);
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({
      message: 'Your request for a review was sent',
      data: { status: 'pending', reason: null, decidedAt: null },
    });
    expect(refusal(await ask(ann))).toEqual([409, 'KYC_PENDING', 'Your request is already waiting for a review']);
    expect((await mine(ann)).json().data).toMatchObject({ _id: asked.json().data._id, status: 'pending' });
  });

  it('should queue pending requests oldest first, for admins only', async () => {
    const [first, second] = [await t.user('First', { kyc: false }), await t.user('Second', { kyc: false })];
    await ask(first);
    await ask(second);
    const listed = (await queue('?limit=100')).json().data as { person: { _id: string } }[];
    const order = listed.map((row) => row.person._id).filter((id) => id === first.id || id === second.id);
    expect(order).toEqual([first.id, second.id]);
    expect((await queue('', first.cookie)).statusCode).toBe(403);
  });

  it('should approve with a reason, once, audited, and make the person KYC_APPROVED', async () => {
    const bob = await t.user('Bob', { kyc: false });
    const request = (await ask(bob)).json().data;
    expect(await tierOf(bob)).toBe('EMAIL_VERIFIED');
    const missing = await decide(request._id, { decision: 'approve', reason: '   ' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'reason is required']);
    // What was seen is said: an approval names the identity document, in the contract and the database.
    const unchecked = await decide(request._id, { decision: 'approve', reason: 'Looks fine', checked: ['face_match'] });
    expect([unchecked.statusCode, unchecked.json().message]).toEqual([
      400,
      'checked must include the identity document you saw: a national ID card or a passport',
    ]);
    expect((await decide(request._id, { decision: 'approve', reason: 'x', checked: ['selfie'] })).statusCode).toBe(400);
    await expectWriteRefused(
      t.db,
      (tx) =>
        tx.execute(
          sql`update kyc_requests set status = 'approved', reason = 'x', decided_at = now(), checked = '{face_match}' where id = ${request._id}`,
        ),
      /kyc_requests_approval_checked_chk/,
    );
    const approved = await decide(request._id, {
      decision: 'approve',
      reason: 'National ID checked on a call',
      checked: ['national_id', 'face_match', 'national_id'],
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'KYC approved',
      data: {
        status: 'approved',
        reason: 'National ID checked on a call',
        checked: ['national_id', 'face_match'],
        person: { _id: bob.id },
      },
    });
    expect(await tierOf(bob)).toBe('KYC_APPROVED');
    expect(refusal(await decide(request._id, { decision: 'reject', reason: 'again' }))).toEqual([
      409,
      'KYC_DECIDED',
      'This request was already decided',
    ]);
    expect(refusal(await ask(bob))).toEqual([409, 'KYC_DONE', 'Your identity is already verified']);
    // Bob's own PIN, set as the test made him, is audited too (pin_set): the staff's rows here.
    const audit = (await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, bob.id))).filter(
      (row) => row.action !== 'pin_set',
    );
    expect(audit).toEqual([
      expect.objectContaining({ action: 'kyc_approve', adminId: admin.id, reason: 'National ID checked on a call' }),
    ]);
    const log = await t.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?action=kyc_approve',
      cookie: admin.cookie,
    });
    expect(log.json().data[0]).toMatchObject({ action: 'kyc_approve', reason: 'National ID checked on a call' });
    const decided = (await queue('?status=approved&limit=100')).json().data as { _id: string }[];
    expect(decided.map((row) => row._id)).toContain(request._id);
  });

  it('should reject with a reason, keep the tier, and take a new request afterwards', async () => {
    const cat = await t.user('Cat', { kyc: false });
    const request = (await ask(cat)).json().data;
    const rejected = await decide(request._id, { decision: 'reject', reason: 'The photo is unreadable' });
    expect(rejected.json()).toMatchObject({ message: 'KYC rejected', data: { status: 'rejected' } });
    expect(await tierOf(cat)).toBe('EMAIL_VERIFIED');
    expect((await mine(cat)).json().data).toMatchObject({ status: 'rejected', reason: 'The photo is unreadable' });
    expect((await ask(cat)).statusCode).toBe(201);
    expect((await decide(randomUUID(), { decision: 'approve', reason: 'x', checked: ['passport'] })).statusCode).toBe(
      404,
    );
    expect((await decide(request._id, { decision: 'maybe', reason: 'x' })).statusCode).toBe(400);
    expect(
      (await decide(request._id, { decision: 'approve', reason: 'x', checked: ['passport'] }, cat.cookie)).statusCode,
    ).toBe(403);
  });

  it('should list the people whose email is not verified, for an admin to verify by hand', async () => {
    const [dan, eve] = [await t.user('Dan Unverified', { verified: false }), await t.user('Eve', { kyc: false })];
    const listed = await t.inject({ method: 'GET', url: '/api/v1/admin/unverified?limit=100', cookie: admin.cookie });
    const ids = (listed.json().data as { _id: string; emailVerified: boolean }[]).map((row) => row._id);
    expect(ids).toContain(dan.id);
    expect(ids).not.toContain(eve.id);
    expect(listed.json().data.every((row: { emailVerified: boolean }) => !row.emailVerified)).toBe(true);
  });

  it('should keep a decision whole in the database: no reason without a decision, none missing after one', async () => {
    const fay = await t.user('Fay', { kyc: false });
    const request = (await ask(fay)).json().data;
    await expect(
      t.db.execute(sql`update kyc_requests set reason = 'sneaky' where id = ${request._id}`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
    await expect(
      t.db.execute(sql`update kyc_requests set status = 'approved' where id = ${request._id}`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });
});

describe('the registration bonus, held until identity is approved', () => {
  const wallet = async (person: Person) =>
    (await t.inject({ method: 'GET', url: '/api/v1/wallet/me', cookie: person.cookie })).json().data as {
      balance: number;
      available: number;
      held: number;
    };
  const held = async (person: Person) =>
    (
      (await t.db.execute(sql`select held::int as held from accounts where id = ${person.walletId}`)) as unknown as {
        rows: { held: number }[];
      }
    ).rows[0]!.held;
  const movements = async (person: Person) =>
    (
      (await t.db.execute(
        sql`select count(*)::int as n from transactions where sender_user_id = ${person.id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
  const heldRefusal = (figures: { held: number; available: number }) => ({
    success: false,
    statusCode: 403,
    code: 'BALANCE_HELD',
    message: `${figures.held.toFixed(2)} Taka of your balance is held (your welcome bonus, until we have checked your identity): ${figures.available.toFixed(2)} Taka can leave your wallet now`,
    params: figures,
  });
  const scrape = async (name: string) => {
    const body = (await t.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(body)?.[1]);
  };

  it('should keep the bonus in the balance but let none of it leave until staff approve the identity', async () => {
    const [ann, ben, agent] = [await t.user('Ann', { kyc: false }), await t.user('Ben'), await t.agent('Agent', admin)];
    expect(await wallet(ann)).toMatchObject({ balance: 50, available: 0, held: 50 });
    expect(await held(ann)).toBe(5000);

    // The review's quote says so before she confirms: 40 would stay, 10 more than can leave.
    const quoted = await t.inject({
      method: 'GET',
      url: '/api/v1/wallet/quote?type=transfer&amount=10',
      cookie: ann.cookie,
    });
    expect(quoted.json().data).toMatchObject({ balanceAfter: 40, availableAfter: -10 });
    // The ledger refuses it, whatever the movement: nothing moves.
    const sent = await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 10 });
    expect(sent.json()).toEqual(heldRefusal({ held: 50, available: 0 }));
    expect(await movements(ann)).toBe(0);

    // Money that arrives is hers at once; only the bonus waits.
    expect((await t.post('/wallet/deposit', ann, { balance: 100 })).statusCode).toBe(201);
    // A cash-out of 100 and its fee (1.85) fit in her 150, not in the 100 she may move.
    expect((await t.post('/agent/cash-out', ann, { agentId: agent.id, balance: 100 })).json()).toEqual(
      heldRefusal({ held: 50, available: 100 }),
    );
    const moved = await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 100 });
    expect(moved.statusCode).toBe(201);
    expect(moved.json().data.wallet).toMatchObject({ balance: 50, available: 0, held: 50 });
    expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 0.01 })).json()).toEqual(
      heldRefusal({ held: 50, available: 0 }),
    );
    // The database holds it too: no write may hold more than the balance.
    await expectWriteRefused(
      t.db,
      (tx) => tx.execute(sql`update accounts set held = balance + 1 where id = ${ann.walletId}`),
      /accounts_held_chk/,
    );

    // Approved: the hold is gone, within the day's budget, and she can spend all of it.
    expect(await t.approveIdentity(ann.cookie)).toBeUndefined();
    expect(await wallet(ann)).toMatchObject({ balance: 50, available: 50, held: 0 });
    const released = (await t.db.execute(
      sql`select amount::int as amount from bonus_releases where user_id = ${ann.id}`,
    )) as unknown as { rows: { amount: number }[] };
    expect(released.rows).toEqual([{ amount: 5000 }]);
    expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 50 })).statusCode).toBe(201);
    expect(await wallet(ann)).toMatchObject({ balance: 0, available: 0, held: 0 });
    await expectLedgerConsistent(t.db);
  });

  it("should let an agent's bonus out when staff approve them as an agent", async () => {
    const cara = await t.user('Cara', { kyc: false });
    expect(await held(cara)).toBe(5000);
    expect(
      (await t.inject({ method: 'PATCH', url: `/api/v1/admin/approve/${cara.id}`, cookie: admin.cookie })).statusCode,
    ).toBe(200);
    expect(await held(cara)).toBe(0);
  });

  it("should have the maintenance job let out a bonus that waited for the day's budget", async () => {
    const gil = await t.user('Gil', { kyc: false });
    await t.db.execute(sql`update users set kyc_approved_at = clock_timestamp() where id = ${gil.id}`);
    expect(await held(gil)).toBe(5000);
    // Its rounds start at once; the day's budget is wide enough for one more.
    const stop = startMaintenance(t.db, 3600_000, t.app.log, { bonusBudget: 1_000_000_000n });
    try {
      for (let waited = 0; (await held(gil)) !== 0 && waited < 5000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      stop();
    }
    expect(await held(gil)).toBe(0);
  });

  it("should let bonuses out within the day's budget and keep the rest waiting, counted, for a day with room", async () => {
    const people = [
      await t.user('Dev', { kyc: false }),
      await t.user('Eli', { kyc: false }),
      await t.user('Flo', { kyc: false }),
    ];
    // Approved by hand, in this order, without the release the route does: they wait.
    for (const [minutesAgo, person] of [3, 2, 1].map((minutes, n) => [minutes, people[n]!] as const)) {
      await t.db.execute(
        sql`update users set kyc_approved_at = clock_timestamp() - make_interval(mins => ${minutesAgo}) where id = ${person.id}`,
      );
    }
    const today = (await t.db.execute(
      sql`select coalesce(sum(amount), 0)::int as sum from bonus_releases where day = (clock_timestamp() at time zone 'Asia/Dhaka')::date`,
    )) as unknown as { rows: { sum: number }[] };
    const usedToday = today.rows[0]!.sum;
    expect(await scrape('wallet_bonus_waiting')).toBe(3);
    expect(await scrape('wallet_bonus_waiting_poisha')).toBe(15000);

    // Room for one more bonus and a half today: the earliest approved is let out, the others wait.
    const sweep = (budget: number) =>
      t.db.execute(sql`select bonus_release_waiting(${budget}::bigint) as released`) as unknown as Promise<{
        rows: { released: number }[];
      }>;
    expect((await sweep(usedToday + 7500)).rows).toEqual([{ released: 1 }]);
    expect(await Promise.all(people.map(held))).toEqual([0, 5000, 5000]);
    // Releases at once, of two people, with room for one: one is let out, never both.
    const at = usedToday + 10000;
    // Each in a transaction that stays open a moment after it, so they overlap.
    const release = (person: Person) =>
      t.db.transaction(async (tx) => {
        const result = (await tx.execute(
          sql`select bonus_release(${person.id}::uuid, ${at}::bigint)::int as released`,
        )) as unknown as { rows: { released: number }[] };
        await tx.execute(sql`select pg_sleep(0.1)`);
        return result;
      });
    const results = await Promise.all([1, 2, 3].flatMap(() => [release(people[1]!), release(people[2]!)]));
    expect(results.reduce((sum, result) => sum + result.rows[0]!.released, 0)).toBe(5000);
    const after = await Promise.all(people.map(held));
    expect(after.filter((left) => left === 0)).toHaveLength(2);
    // With room for it, the sweep lets the last one out.
    expect((await sweep(at + 5000)).rows).toEqual([{ released: 1 }]);
    expect(await Promise.all(people.map(held))).toEqual([0, 0, 0]);
  });
});
