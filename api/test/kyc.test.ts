import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { expect } from 'expect';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../src/db/schema';
import { createTestContext, type Person, type TestContext } from './helpers';

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
    const ann = await t.user('Ann');
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
    const [first, second] = [await t.user('First'), await t.user('Second')];
    await ask(first);
    await ask(second);
    const listed = (await queue('?limit=100')).json().data as { person: { _id: string } }[];
    const order = listed.map((row) => row.person._id).filter((id) => id === first.id || id === second.id);
    expect(order).toEqual([first.id, second.id]);
    expect((await queue('', first.cookie)).statusCode).toBe(403);
  });

  it('should approve with a reason, once, audited, and make the person KYC_APPROVED', async () => {
    const bob = await t.user('Bob');
    const request = (await ask(bob)).json().data;
    expect(await tierOf(bob)).toBe('EMAIL_VERIFIED');
    const missing = await decide(request._id, { decision: 'approve', reason: '   ' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'reason is required']);
    const approved = await decide(request._id, { decision: 'approve', reason: 'National ID checked on a call' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'KYC approved',
      data: { status: 'approved', reason: 'National ID checked on a call', person: { _id: bob.id } },
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
    const cat = await t.user('Cat');
    const request = (await ask(cat)).json().data;
    const rejected = await decide(request._id, { decision: 'reject', reason: 'The photo is unreadable' });
    expect(rejected.json()).toMatchObject({ message: 'KYC rejected', data: { status: 'rejected' } });
    expect(await tierOf(cat)).toBe('EMAIL_VERIFIED');
    expect((await mine(cat)).json().data).toMatchObject({ status: 'rejected', reason: 'The photo is unreadable' });
    expect((await ask(cat)).statusCode).toBe(201);
    expect((await decide(randomUUID(), { decision: 'approve', reason: 'x' })).statusCode).toBe(404);
    expect((await decide(request._id, { decision: 'maybe', reason: 'x' })).statusCode).toBe(400);
    expect((await decide(request._id, { decision: 'approve', reason: 'x' }, cat.cookie)).statusCode).toBe(403);
  });

  it('should list the people whose email is not verified, for an admin to verify by hand', async () => {
    const [dan, eve] = [await t.user('Dan Unverified', { verified: false }), await t.user('Eve')];
    const listed = await t.inject({ method: 'GET', url: '/api/v1/admin/unverified?limit=100', cookie: admin.cookie });
    const ids = (listed.json().data as { _id: string; emailVerified: boolean }[]).map((row) => row._id);
    expect(ids).toContain(dan.id);
    expect(ids).not.toContain(eve.id);
    expect(listed.json().data.every((row: { emailVerified: boolean }) => !row.emailVerified)).toBe(true);
  });

  it('should keep a decision whole in the database: no reason without a decision, none missing after one', async () => {
    const fay = await t.user('Fay');
    const request = (await ask(fay)).json().data;
    await expect(
      t.db.execute(sql`update kyc_requests set reason = 'sneaky' where id = ${request._id}`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
    await expect(
      t.db.execute(sql`update kyc_requests set status = 'approved' where id = ${request._id}`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });
});
