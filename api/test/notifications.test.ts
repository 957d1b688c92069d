import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { MONEY_NOTIFICATION_KINDS, TRANSACTION_TYPES } from '@wallet/shared/contracts';
import {
  createTestContext,
  expectLedgerConsistent,
  fundCommissionFloat,
  liftCashOutMinimum,
  PASSWORD,
  type Person,
  PIN,
  type TestContext,
} from './helpers';
import { forgetOldDevices, KNOWN_DEVICE_DAYS } from '../src/identity/sessions';
import { hashToken } from '../src/lib/tokens';

/*
 * Notifications (issue 46): every movement tells each wallet it moved, in its own transaction (a
 * refused one tells nobody); a PIN changed, a sign-in from a new browser and a report decided tell
 * the person; the unread count is a counter kept with the rows, read and marked through
 * GET /notifications and POST /notifications/read.
 */

let t: TestContext;
let admin: Person;
before(async () => {
  t = await createTestContext();
  admin = await t.admin();
});
after(() => t.close());

const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

interface Seen {
  _id: string;
  kind: string;
  amount: number | null;
  transactionId: string | null;
  counterpart: string | null;
  readAt: string | null;
}

async function inbox(person: Person, query = '') {
  const response = await t.inject({ method: 'GET', url: `/api/v1/notifications${query}`, cookie: person.cookie });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { data: Seen[]; meta: { unread: number; total: number } };
  return { items: body.data, unread: body.meta.unread, total: body.meta.total };
}

const markRead = (person: Person, payload: unknown) =>
  t.inject({ method: 'POST', url: '/api/v1/notifications/read', cookie: person.cookie, payload: payload as object });

/** A sign-in of `person` with a browser's cookies (its device token, or none: a new browser). */
const signInFrom = (person: Person, cookies: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: person.email, password: PASSWORD },
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' },
    cookies,
  });

/** The newest notification's kind, amount and counterpart. */
async function newest(person: Person) {
  const [first] = (await inbox(person, '?limit=1')).items;
  return first && { kind: first.kind, amount: first.amount, counterpart: first.counterpart };
}

describe('the kinds', () => {
  it("should name every movement's side with a kind the contract knows, and the contract no kind the database never writes", async () => {
    const written = new Set<string>();
    for (const type of TRANSACTION_TYPES) {
      for (const incoming of [true, false]) {
        const [row] = await rows<{ kind: string }>(
          sql`select notification_kind(${type}::transaction_type, ${incoming})::text as kind`,
        );
        expect(MONEY_NOTIFICATION_KINDS).toContain(row!.kind);
        written.add(row!.kind);
      }
    }
    // request_paid is written by the transfer that pays a request, in place of money_received.
    expect(MONEY_NOTIFICATION_KINDS.filter((kind) => !written.has(kind))).toEqual(['request_paid']);
  });
});

describe('movements', () => {
  it("should tell both sides of a transfer, named as their histories name them, and move each one's counter by one", async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    // The registration bonus was the first.
    expect(await inbox(ann)).toMatchObject({ unread: 1, total: 1, items: [{ kind: 'bonus', amount: 50 }] });
    expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 12.5 })).statusCode).toBe(201);

    const sent = await inbox(ann);
    expect(sent.unread).toBe(2);
    expect(sent.items[0]).toMatchObject({ kind: 'money_sent', amount: 12.5, counterpart: 'Ben', readAt: null });
    expect(await newest(ben)).toEqual({ kind: 'money_received', amount: 12.5, counterpart: 'Ann' });
    const [transfer] = await rows<{ id: string }>(
      sql`select id from transactions where sender_user_id = ${ann.id} and type = 'transfer'`,
    );
    expect(sent.items[0]!.transactionId).toBe(transfer!.id);
    await expectLedgerConsistent(t.db);
  });

  it('should write nothing for a refused movement: a wrong PIN, too little money, an unknown receiver', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from notifications`);
    const refused = [
      await t.inject({
        method: 'POST',
        url: '/api/v1/wallet/transfer',
        cookie: ann.cookie,
        payload: { receiverId: ben.id, balance: 1 },
        headers: { 'idempotency-key': randomUUID(), 'x-wallet-pin': '13579' },
      }),
      await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 10_000 }),
      await t.post('/wallet/transfer', ann, { receiverId: randomUUID(), balance: 1 }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 400, 404]);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from notifications`)).toEqual(before);
    expect((await inbox(ann)).unread).toBe(1);
    expect((await inbox(ben)).unread).toBe(1);
  });

  it("should tell an agent's and a user's sides of a cash-in and a cash-out", async () => {
    await fundCommissionFloat(t.db);
    await liftCashOutMinimum(t.db);
    const agent = await t.agent('Karim', admin);
    const cara = await t.user('Cara');
    expect((await t.post('/wallet/deposit', cara, { balance: 1_000 })).statusCode).toBe(201);
    expect(await newest(cara)).toEqual({ kind: 'deposit', amount: 1_000, counterpart: null });

    expect((await t.post('/agent/cash-out', cara, { agentId: agent.id, balance: 500 })).statusCode).toBe(201);
    expect(await newest(cara)).toEqual({ kind: 'cash_out', amount: 500, counterpart: 'Karim' });
    expect(await newest(agent)).toEqual({ kind: 'cash_out_received', amount: 500, counterpart: 'Cara' });

    expect((await t.post('/agent/cash-in', agent, { userId: cara.id, balance: 300 })).statusCode).toBe(201);
    expect(await newest(agent)).toEqual({ kind: 'cash_in_given', amount: 300, counterpart: 'Cara' });
    expect(await newest(cara)).toEqual({ kind: 'cash_in', amount: 300, counterpart: 'Karim' });
  });

  it("should name the shop to its payer, and tell a refund's two sides", async () => {
    const shop = await t.merchant('Rahim');
    const payer = await t.user('Payer');
    expect((await t.post('/wallet/deposit', payer, { balance: 500 })).statusCode).toBe(201);
    const paid = await t.post(
      '/wallet/pay',
      payer,
      { merchantId: shop.merchantId, amount: 200 },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.statusCode).toBe(201);
    expect(await newest(payer)).toEqual({ kind: 'payment_made', amount: 200, counterpart: 'Rahim Store' });
    expect(await newest(shop)).toEqual({ kind: 'payment_received', amount: 200, counterpart: 'Payer' });

    const paymentId = (paid.json() as { data: { transaction: { _id: string } } }).data.transaction._id;
    const refunded = await t.post(
      `/merchant/payments/${paymentId}/refund`,
      shop,
      { amount: 50, reason: 'One item returned' },
      { 'idempotency-key': randomUUID() },
    );
    expect(refunded.statusCode).toBe(201);
    expect(await newest(shop)).toEqual({ kind: 'refund_given', amount: 50, counterpart: 'Payer' });
    expect(await newest(payer)).toEqual({ kind: 'refund_received', amount: 50, counterpart: 'Rahim Store' });
  });

  it("should tell a report's outcome, and a reversal's money to both sides", async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    const transfer = async () => {
      const response = await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 5 });
      return (response.json() as { data: { transaction: { _id: string } } }).data.transaction._id;
    };
    const report = async (id: string) =>
      (
        (
          await t.post(`/transaction/${id}/dispute`, ann, { reason: 'I sent it to the wrong number by mistake' })
        ).json() as { data: { _id: string } }
      ).data._id;
    const decide = (id: string, decision: string) =>
      t.inject({
        method: 'PATCH',
        url: `/api/v1/admin/disputes/${id}`,
        cookie: admin.cookie,
        payload: { decision, reason: 'Checked with both parties' },
      });

    const first = await transfer();
    expect((await decide(await report(first), 'reject')).statusCode).toBe(200);
    expect(await newest(ann)).toEqual({ kind: 'dispute_outcome', amount: null, counterpart: 'rejected' });
    expect((await inbox(ann, '?limit=1')).items[0]!.transactionId).toBe(first);

    const second = await transfer();
    expect((await decide(await report(second), 'reverse')).statusCode).toBe(200);
    const told = (await inbox(ann, '?limit=2')).items.map(({ kind, counterpart }) => ({ kind, counterpart }));
    expect(told).toEqual([
      { kind: 'dispute_outcome', counterpart: 'reversed' },
      { kind: 'reversal_received', counterpart: 'Ben' },
    ]);
    expect(await newest(ben)).toEqual({ kind: 'reversal_taken', amount: 5, counterpart: 'Ann' });
  });

  it('should count every one of many movements into one wallet at once, the counter equal to the rows', async () => {
    const shop = await t.user('Busy');
    const payers = await Promise.all(Array.from({ length: 10 }, (_, index) => t.user(`Payer ${index}`)));
    const results = await Promise.all(
      payers.map((payer) => t.post('/wallet/transfer', payer, { receiverId: shop.id, balance: 1 })),
    );
    expect(results.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const { unread, total } = await inbox(shop);
    expect({ unread, total }).toEqual({ unread: 11, total: 11 });
    expect(await unreadDrift()).toEqual([]);
  });
});

/** People whose counter differs from their unread rows: none, ever. */
const unreadDrift = () =>
  rows<{ user_id: string }>(sql`
    select u.id as user_id from users u left join accounts a on a.user_id = u.id and a.kind = 'WALLET'
    where coalesce(a.unread_notifications, u.unread_notifications)
      <> (select count(*) from notifications n where n.user_id = u.id and n.read_at is null)`);

describe('account notices', () => {
  it('should tell a PIN changed or reset, never the first one set', async () => {
    const ann = await t.user('Ann');
    expect((await inbox(ann)).items.map((item) => item.kind)).toEqual(['bonus']);
    const changed = await t.inject({
      method: 'PUT',
      url: '/api/v1/user/pin',
      cookie: ann.cookie,
      payload: { pin: '97531', currentPin: PIN },
    });
    expect(changed.statusCode).toBe(200);
    expect(await newest(ann)).toEqual({ kind: 'pin_changed', amount: null, counterpart: null });
  });

  it('should tell a sign-in from a browser new to the person, not from one they used, nor their first', async () => {
    const ann = await t.user('Ann');
    // The test context's sign-in was Ann's first browser: learnt, not told.
    expect((await inbox(ann)).items.map((item) => item.kind)).toEqual(['bonus']);
    const signIn = (cookies: Record<string, string> = {}) => signInFrom(ann, cookies);
    const fresh = await signIn();
    expect(fresh.statusCode).toBe(200);
    expect(await newest(ann)).toEqual({ kind: 'new_device', amount: null, counterpart: 'Chrome on Linux' });
    const device = fresh.cookies.find((cookie) => cookie.name === 'wallet_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // The same browser again: nothing new.
    const again = await signIn({ wallet_device: device!.value });
    expect(again.cookies.find((cookie) => cookie.name === 'wallet_device')?.value).toBe(device!.value);
    expect((await inbox(ann)).items.map((item) => item.kind)).toEqual(['new_device', 'bonus']);
    // A forged or malformed device token is a new browser.
    await signIn({ wallet_device: 'x' });
    expect((await inbox(ann)).total).toBe(3);
  });

  it('should forget a browser unseen for KNOWN_DEVICE_DAYS, so that a sign-in from it is told again', async () => {
    const ann = await t.user('Ann');
    const device = (await signInFrom(ann)).cookies.find((cookie) => cookie.name === 'wallet_device')!.value;
    const lastSeen = (days: number) =>
      t.db.execute(sql`update known_devices set last_seen_at = clock_timestamp() - make_interval(days => ${days})
        where user_id = ${ann.id} and device_hash = ${hashToken(device)}`);
    await lastSeen(KNOWN_DEVICE_DAYS - 1);
    await forgetOldDevices(t.db);
    await signInFrom(ann, { wallet_device: device });
    expect((await inbox(ann)).items.map((item) => item.kind)).toEqual(['new_device', 'bonus']);
    await lastSeen(KNOWN_DEVICE_DAYS + 1);
    await forgetOldDevices(t.db);
    expect(await rows(sql`select 1 from known_devices where device_hash = ${hashToken(device)}`)).toEqual([]);
    // Ann's other browser (the test's own sign-in) is still known, so this one is new to her again.
    await signInFrom(ann, { wallet_device: device });
    expect((await inbox(ann)).items.map((item) => item.kind)).toEqual(['new_device', 'new_device', 'bonus']);
  });

  it('should refuse a notice for a person who does not exist, and write nothing', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from notifications`);
    await expect(t.db.execute(sql`select notify_person(${randomUUID()}::uuid, 'pin_changed')`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23503', message: expect.stringMatching(/there is no such person/) }),
    });
    expect(await rows(sql`select count(*)::int as n from notifications`)).toEqual(before);
  });

  it("should keep a staff member's notices on their own row, as they have no wallet", async () => {
    const staff = await t.admin();
    const second = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: staff.email, password: PASSWORD },
    });
    expect(second.statusCode).toBe(200);
    const seen = await inbox(staff);
    expect(seen).toMatchObject({ unread: 1, items: [{ kind: 'new_device' }] });
    expect((await markRead(staff, { all: true })).json().data).toEqual({ marked: 1, unread: 0 });
    expect(await unreadDrift()).toEqual([]);
  });
});

describe('reading them', () => {
  it("should mark the caller's own by id, leave others' and those already read, and all at once", async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    for (const balance of [1, 2, 3]) {
      expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance })).statusCode).toBe(201);
    }
    const bens = (await inbox(ben)).items;
    const anns = (await inbox(ann)).items;
    expect(bens.map((item) => item.amount)).toEqual([3, 2, 1, 50]);

    const marked = await markRead(ben, { ids: [bens[0]!._id, bens[1]!._id, anns[0]!._id] });
    expect(marked.json()).toMatchObject({ statusCode: 200, data: { marked: 2, unread: 2 } });
    // Again: nothing more to mark.
    expect((await markRead(ben, { ids: [bens[0]!._id] })).json().data).toEqual({ marked: 0, unread: 2 });
    expect((await inbox(ann)).unread).toBe(4);
    const after = (await inbox(ben)).items;
    expect(after.map((item) => item.readAt !== null)).toEqual([true, true, false, false]);

    expect((await markRead(ben, { all: true })).json().data).toEqual({ marked: 2, unread: 0 });
    expect((await markRead(ben, { all: true })).json().data).toEqual({ marked: 0, unread: 0 });
    expect(await unreadDrift()).toEqual([]);
  });

  it('should page newest first by position and after a cursor', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    for (const balance of [1, 2, 3, 4]) {
      expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance })).statusCode).toBe(201);
    }
    const first = await inbox(ben, '?limit=2');
    expect(first.items.map((item) => item.amount)).toEqual([4, 3]);
    const next = await inbox(ben, `?limit=2&after=${first.items[1]!._id}`);
    expect(next.items.map((item) => item.amount)).toEqual([2, 1]);
    expect((await inbox(ben, '?limit=2&page=3')).items.map((item) => item.amount)).toEqual([50]);
  });

  it('should refuse bad input with a clear message, and ask for a session', async () => {
    const ann = await t.user('Ann');
    const refusals = [
      { ids: ['not-an-id'] },
      {},
      { ids: [] },
      { all: false },
      { ids: [randomUUID()], all: true },
      { ids: Array.from({ length: 101 }, () => randomUUID()) },
    ];
    for (const payload of refusals) {
      const response = await markRead(ann, payload);
      expect({ payload, status: response.statusCode, success: response.json().success }).toEqual({
        payload,
        status: 400,
        success: false,
      });
    }
    expect((await t.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/notifications?limit=1000', cookie: ann.cookie })).statusCode,
    ).toBe(400);
    expect((await inbox(ann)).unread).toBe(1);
  });

  it('should delete notifications past their retention, taking the unread ones off the counter', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 1 })).statusCode).toBe(201);
    await markRead(ben, { ids: [(await inbox(ben)).items[0]!._id] });
    await t.db.execute(
      sql`update notifications set created_at = created_at - interval '91 days' where user_id in (${ann.id}, ${ben.id})`,
    );
    const [pruned] = await rows<{ people: number; deleted: number }>(
      sql`select * from notifications_prune(clock_timestamp() - interval '90 days', 1000)`,
    );
    expect(pruned!.deleted).toBeGreaterThanOrEqual(4);
    expect(await inbox(ann)).toMatchObject({ unread: 0, total: 0 });
    expect(await inbox(ben)).toMatchObject({ unread: 0, total: 0 });
    expect(await unreadDrift()).toEqual([]);
  });
});
