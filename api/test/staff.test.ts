import { after, before, describe, it } from 'node:test';
import { createHash } from 'node:crypto';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { STAFF_ROLES, STAFF_ROUTE_ROLES, type StaffRole, type StaffRoute } from '@wallet/shared/contracts';
import { SESSION_COOKIE } from '../src/identity/sessions';
import { staffInviteToken } from './mailbox';
import { createTestContext, PASSWORD, type Person, type TestContext } from './helpers';

let t: TestContext;
let owner: Person;
before(async () => {
  t = await createTestContext();
  owner = await t.admin();
});
after(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const call = (
  person: Pick<Person, 'cookie'>,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.inject({ method, url: `/api/v1${url}`, cookie: person.cookie, ...(payload ? { payload } : {}) });
const invite = (by: Person, email: string, roles: StaffRole[]) =>
  call(by, 'POST', '/admin/staff', { name: 'New Member', email, roles });
const join = (token: string, password = PASSWORD) =>
  t.inject({ method: 'POST', url: '/api/v1/auth/staff-invite', payload: { token, password } });
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const auditCount = async () => Number((await rows<{ n: string }>(sql`select count(*) as n from audit_log`))[0]!.n);

describe('staff invitations', () => {
  it('should invite by mail, store only the token hash, work once, sign the member in, and audit it', async () => {
    const email = t.uniqueEmail('finance');
    const invited = await invite(owner, email, ['FINANCE', 'DEPLOYER']);
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data).toMatchObject({ email, roles: ['FINANCE', 'DEPLOYER'] });
    const token = staffInviteToken(t.app, email);
    const stored = await rows(sql`select token_hash from staff_invitations where email = ${email}`);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

    const joined = await join(token);
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data).toMatchObject({
      email,
      role: 'ADMIN',
      staffRoles: ['FINANCE', 'DEPLOYER'],
      emailVerified: true,
    });
    const cookie = joined.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    expect((await call({ cookie }, 'GET', '/admin/fees')).statusCode).toBe(200);
    // Once only, whatever the password.
    expect((await join(token, 'another password')).json()).toMatchObject({ code: 'INVITE_USED' });
    const audit = await rows(
      sql`select action::text, reason from audit_log where action in ('staff_invite', 'staff_join') and (reason like ${`${email}%`} or target_user_id = ${joined.json().data._id}) order by created_at`,
    );
    expect(audit).toEqual([
      { action: 'staff_invite', reason: `${email}: FINANCE, DEPLOYER` },
      { action: 'staff_join', reason: 'FINANCE, DEPLOYER' },
    ]);
  });

  it('should refuse an expired, unknown or replaced link, and an address that belongs to anyone', async () => {
    const email = t.uniqueEmail('late');
    await invite(owner, email, ['SUPPORT']);
    const first = staffInviteToken(t.app, email);
    await invite(owner, email, ['SUPPORT', 'COMPLIANCE']);
    const second = staffInviteToken(t.app, email);
    // The newer invitation replaces the one not used yet.
    expect((await join(first)).json()).toMatchObject({ code: 'INVITE_INVALID' });
    await t.db.execute(
      sql`update staff_invitations set expires_at = clock_timestamp() - interval '1 second' where email = ${email}`,
    );
    expect((await join(second)).json()).toMatchObject({
      code: 'INVITE_EXPIRED',
      message: 'This invitation has expired: ask for a new one',
    });
    expect((await join('no-such-token')).statusCode).toBe(400);

    const user = await t.user('Already A User');
    const taken = await invite(owner, user.email, ['SUPPORT']);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'STAFF_EMAIL_TAKEN' });
    expect((await invite(owner, owner.email, ['SUPPORT'])).json()).toMatchObject({ code: 'STAFF_EMAIL_TAKEN' });
  });
});

/**
 * Valid path values and bodies for every admin route, so that what refuses a call is the staff
 * role alone (validation runs before it).
 */
const SAMPLES: Record<StaffRoute, { path?: Record<string, string>; body?: object }> = {
  'GET /api/v1/admin/users': {},
  'GET /api/v1/admin/agents': {},
  'GET /api/v1/admin/transactions': {},
  'GET /api/v1/admin/analytics': {},
  'GET /api/v1/admin/audit-log': {},
  'GET /api/v1/admin/admins': {},
  'PATCH /api/v1/admin/approve/:id': {},
  'PATCH /api/v1/admin/suspend/:id': {},
  'PATCH /api/v1/admin/reactivate/:id': {},
  'PATCH /api/v1/admin/verify/:id': {},
  'GET /api/v1/admin/unverified': {},
  'GET /api/v1/admin/kyc': {},
  'PATCH /api/v1/admin/kyc/:id': { body: { decision: 'approve', reason: 'Documents match', checked: ['passport'] } },
  'GET /api/v1/admin/merchant-applications': {},
  'PATCH /api/v1/admin/merchant-applications/:id': { body: { decision: 'reject', reason: 'Not a business' } },
  'GET /api/v1/admin/commission-float': {},
  'POST /api/v1/admin/commission-float': { body: { amount: 10, source: 'deposit' } },
  'GET /api/v1/admin/approvals': {},
  'POST /api/v1/admin/approvals/:id/approve': {},
  'POST /api/v1/admin/approvals/:id/reject': { body: { reason: 'Not agreed' } },
  'PATCH /api/v1/admin/block/:walletId': {},
  'PATCH /api/v1/admin/unblock/:walletId': {},
  'GET /api/v1/admin/limits': {},
  'PUT /api/v1/admin/limits/:holder/:scope': {
    path: { holder: 'EMAIL_VERIFIED', scope: 'transfer' },
    body: { maxAmount: 1, dailyAmount: 1, monthlyAmount: 1 },
  },
  'PATCH /api/v1/admin/pin-unlock/:id': {},
  'GET /api/v1/admin/fees': {},
  'PUT /api/v1/admin/fees/:type': {
    path: { type: 'cash-out' },
    body: { percent: 50, fixed: 0, minimum: null, maximum: null, freeMonthly: null, agentShare: 0, agentCommission: 0 },
  },
  'POST /api/v1/admin/reverse/:id': { body: { reason: 'Sent by mistake' } },
  'GET /api/v1/admin/disputes': {},
  'PATCH /api/v1/admin/disputes/:id': { body: { decision: 'reject', reason: 'Not a mistake' } },
  'GET /api/v1/admin/staff': {},
  'POST /api/v1/admin/staff': { body: { name: 'Refused', email: 'refused.staff@example.com', roles: ['OWNER'] } },
  'PATCH /api/v1/admin/staff/:id': { body: { roles: ['OWNER'] } },
  'DELETE /api/v1/admin/staff/:id': {},
  'GET /api/v1/wallet/user/:userId': {},
  'GET /api/v1/releases': {},
  'GET /api/v1/releases/access': {},
  'POST /api/v1/releases': { body: { area: 'user', version: 'r1', activate: false } },
  'POST /api/v1/releases/:area/activate': { path: { area: 'user' }, body: { version: 'r1' } },
  'POST /api/v1/releases/:area/rollout': { path: { area: 'user' }, body: { version: 'r1', share: 10 } },
  'POST /api/v1/releases/:area/promote': { path: { area: 'user' } },
  'POST /api/v1/releases/:area/rollback': { path: { area: 'user' } },
  'GET /api/v1/releases/tokens': {},
  'POST /api/v1/releases/tokens': { body: { name: 'refused', areas: ['user'], expiresInDays: 1 } },
  'DELETE /api/v1/releases/tokens/:id': {},
  'GET /api/v1/releases/deployers': {},
  'PATCH /api/v1/releases/deployers/:id': { body: { deployer: true } },
  'POST /api/v1/auth/passkey/code': {},
  'POST /api/v1/auth/recovery': { body: { code: 'aaaa-bbbb-cccc' } },
};

describe('roles, least privilege', () => {
  it("should show people's emails in the audit log only to members who read people", async () => {
    const person = await t.user('Audited Person', { verified: false, pin: false });
    const verified = await t.inject({
      method: 'PATCH',
      url: `/api/v1/admin/verify/${person.id}`,
      cookie: owner.cookie,
    });
    expect(verified.statusCode).toBe(200);
    const targetEmail = async (member: Person) => {
      const log = await t.inject({ method: 'GET', url: '/api/v1/admin/audit-log?limit=20', cookie: member.cookie });
      expect(log.statusCode).toBe(200);
      const row = (log.json().data as { target: { _id: string; email: string } | null }[]).find(
        (each) => each.target?._id === person.id,
      );
      return row!.target!.email;
    };
    const [ownerOnly, support] = [await t.staff(['OWNER'], owner), await t.staff(['SUPPORT'], owner)];
    expect(await targetEmail(support)).toBe(person.email);
    expect(await targetEmail(ownerOnly)).toMatch(/^\w{1,2}\*\*\*@/);
    expect(await targetEmail(ownerOnly)).not.toBe(person.email);
  });

  it('should refuse every admin route to a member without one of its roles, changing nothing', async () => {
    // One member per set of roles lacking: every role but those the route names.
    const members = new Map<string, Person>();
    const lacking = async (needed: readonly StaffRole[]) => {
      const held = STAFF_ROLES.filter((role) => !needed.includes(role));
      const key = held.join(',');
      if (!members.has(key)) members.set(key, await t.staff(held, owner));
      return members.get(key)!;
    };
    const checked: string[] = [];
    for (const [route, needed] of Object.entries(STAFF_ROUTE_ROLES) as [StaffRoute, readonly StaffRole[]][]) {
      if (needed.length === STAFF_ROLES.length) continue; // every member may: none can lack it
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string];
      const { path = {}, body } = SAMPLES[route];
      const url = pattern.replace(/:(\w+)/g, (_, name: string) => path[name] ?? UNKNOWN);
      const member = await lacking(needed);
      const before = await auditCount();
      const response = await t.inject({ method, url, cookie: member.cookie, ...(body ? { payload: body } : {}) });
      expect({ route, status: response.statusCode, code: response.json().code }).toEqual({
        route,
        status: 403,
        code: 'ROLE_NOT_ALLOWED',
      });
      expect(await auditCount()).toBe(before);
      checked.push(route);
    }
    expect(checked.length).toBeGreaterThan(30);
    // And the owner the site starts with holds every role: the spec's admin does all of it.
    expect((await call(owner, 'GET', '/user/me')).json().data.staffRoles).toEqual([...STAFF_ROLES]);
  });

  it('should show each admin route its roles in the API docs', async () => {
    const docs = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(docs.paths['/api/v1/admin/fees/{type}']!.put!.description).toContain('Staff roles: FINANCE.');
    expect(docs.paths['/api/v1/admin/users']!.get!.description).toContain(
      'Staff roles: SUPPORT or COMPLIANCE or FINANCE.',
    );
  });

  it('should let support reject a report but leave reversing to finance', async () => {
    const support = await t.staff(['SUPPORT'], owner);
    const reverse = await call(support, 'PATCH', `/admin/disputes/${UNKNOWN}`, {
      decision: 'reverse',
      reason: 'Refund',
    });
    expect(reverse.statusCode).toBe(403);
    expect(reverse.json()).toMatchObject({ code: 'DISPUTE_REVERSAL_NEEDS_FINANCE' });
    // Rejecting reaches the ledger, which finds no such report.
    expect(
      (await call(support, 'PATCH', `/admin/disputes/${UNKNOWN}`, { decision: 'reject', reason: 'No' })).statusCode,
    ).toBe(404);
  });
});

describe('owners and members', () => {
  it('should let an owner change roles, never their own, audited; and list staff', async () => {
    const member = await t.staff(['SUPPORT'], owner);
    const changed = await call(owner, 'PATCH', `/admin/staff/${member.id}`, { roles: ['COMPLIANCE', 'SUPPORT'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ roles: ['SUPPORT', 'COMPLIANCE'], isActive: true });
    expect((await call(member, 'GET', '/admin/kyc')).statusCode).toBe(200);
    const own = await call(owner, 'PATCH', `/admin/staff/${owner.id}`, { roles: ['SUPPORT'] });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_STAFF_ROLES' });
    const listed = (await call(owner, 'GET', '/admin/staff')).json().data.members as {
      _id: string;
      roles: string[];
      lastSignInAt: string | null;
    }[];
    expect(listed.find((row) => row._id === member.id)).toMatchObject({ roles: ['SUPPORT', 'COMPLIANCE'] });
    expect(listed.find((row) => row._id === owner.id)!.lastSignInAt).toEqual(expect.any(String));
    const audit = await rows(
      sql`select reason from audit_log where action = 'staff_roles' and target_user_id = ${member.id}`,
    );
    expect(audit).toEqual([{ reason: 'SUPPORT → SUPPORT, COMPLIANCE' }]);
    // A member who is not an owner grants nothing, DEPLOYER included.
    expect((await call(member, 'PATCH', `/releases/deployers/${member.id}`, { deployer: true })).statusCode).toBe(403);
  });

  it('should keep the last active owner when two owners demote each other at once', async () => {
    const [ann, ben] = [await t.staff(['OWNER'], owner), await t.staff(['OWNER'], owner)];
    // Only these two stay owners.
    await t.db.execute(
      sql`update users set staff_roles = array_remove(staff_roles, 'OWNER') where role = 'ADMIN' and id not in (${ann.id}, ${ben.id})`,
    );
    const [a, b] = await Promise.all([
      call(ann, 'PATCH', `/admin/staff/${ben.id}`, { roles: ['SUPPORT'] }),
      call(ben, 'PATCH', `/admin/staff/${ann.id}`, { roles: ['SUPPORT'] }),
    ]);
    // The second to hold the locks finds itself no longer an owner.
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const owners = await rows(
      sql`select id from users where role = 'ADMIN' and is_active and 'OWNER' = any(staff_roles)`,
    );
    expect(owners).toHaveLength(1);
    const survivor = owners[0]!.id === ann.id ? ann : ben;
    // The survivor cannot demote or deactivate themselves either: an owner always remains.
    expect((await call(survivor, 'DELETE', `/admin/staff/${survivor.id}`)).json()).toMatchObject({
      code: 'OWN_STAFF_ROLES',
    });
    await t.db.execute(
      sql`update users set staff_roles = ${`{${STAFF_ROLES.join(',')}}`}::staff_role[] where id = ${owner.id}`,
    );
  });

  it('should sign a deactivated member out at once, keep them out, and audit it', async () => {
    const member = await t.staff(['FINANCE'], owner);
    expect((await call(member, 'GET', '/admin/fees')).statusCode).toBe(200);
    const deactivated = await call(owner, 'DELETE', `/admin/staff/${member.id}`);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().data).toMatchObject({ isActive: false, roles: [] });
    const next = await call(member, 'GET', '/admin/fees');
    expect(next.statusCode).toBe(401);
    const again = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: member.email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'STAFF_DEACTIVATED' });
    const sessions = await rows(sql`select count(*)::int as n from sessions where user_id = ${member.id}`);
    expect(sessions).toEqual([{ n: 0 }]);
    expect((await call(owner, 'DELETE', `/admin/staff/${member.id}`)).json()).toMatchObject({
      code: 'STAFF_ALREADY_INACTIVE',
    });
    const audit = await rows(
      sql`select reason from audit_log where action = 'staff_deactivate' and target_user_id = ${member.id}`,
    );
    expect(audit).toEqual([{ reason: 'held FINANCE' }]);
    // The releases' deployer list is a view of active staff.
    const deployers = (await call(owner, 'GET', '/releases/deployers')).json().data as { _id: string }[];
    expect(deployers.some((row) => row._id === member.id)).toBe(false);
  });
});
