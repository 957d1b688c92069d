import { after, before, describe, it } from 'node:test';
import { request } from 'node:http';
import { expect } from 'expect';
import { SESSION_COOKIE } from '../src/identity/sessions';
import { createTestContext, PASSWORD, type Person, type TestContext } from './helpers';

/**
 * Every endpoint, called by no session, a USER, an active AGENT, a suspended AGENT and an ADMIN.
 * Whatever a screen hides, the API decides. Callers run in this order, ADMIN last, so a row whose
 * ADMIN call succeeds also proves the refused calls before it changed nothing.
 */
const CALLERS = ['none', 'USER', 'AGENT', 'SUSPENDED_AGENT', 'ADMIN'] as const;
type Caller = (typeof CALLERS)[number];

let t: TestContext;
let people: Record<Exclude<Caller, 'none'>, Person>;
let otherUser: Person;
let origin: string;

before(async () => {
  t = await createTestContext();
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await t.admin();
  const suspended = await t.agent('Suspended', admin);
  await t.inject({ method: 'PATCH', url: `/api/v1/admin/suspend/${suspended.id}`, cookie: admin.cookie });
  people = {
    USER: await t.user('User'),
    AGENT: await t.agent('Agent', admin),
    SUSPENDED_AGENT: suspended,
    ADMIN: admin,
  };
  otherUser = await t.user('Other');
  // Enough for the smallest cash-out (50 Taka) and its fee below.
  await t.post('/wallet/deposit', people.USER, { balance: 100 });
  // Float for the cash-ins below.
  await t.post('/wallet/deposit', otherUser, { balance: 1000 });
  await t.post('/agent/cash-out', otherUser, { agentId: people.AGENT.id, balance: 500 });
});
after(() => t.close());

interface Row {
  method: 'GET' | 'POST' | 'PATCH';
  url: string | (() => Promise<string> | string);
  body?: () => object;
  /** A stream that stays open: its status is read over real HTTP, then the connection dropped. */
  stream?: boolean;
  expected: Record<Caller, number>;
}

const anyone = (status: number) => ({
  none: status,
  USER: status,
  AGENT: status,
  SUSPENDED_AGENT: status,
  ADMIN: status,
});
const signedIn = (status: number) => ({
  none: 401,
  USER: status,
  AGENT: status,
  SUSPENDED_AGENT: status,
  ADMIN: status,
});
const onlyAdmin = (status: number) => ({ none: 401, USER: 403, AGENT: 403, SUSPENDED_AGENT: 403, ADMIN: status });
const onlyUser = (status: number) => ({ none: 401, USER: status, AGENT: 403, SUSPENDED_AGENT: 403, ADMIN: 403 });
/** A wallet's owner about their own wallet: an admin has none. */
const walletOwner = (status: number) => ({ ...signedIn(status), ADMIN: 403 });

function streamStatus(url: string, cookie?: string) {
  return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
    const req = request(`${origin}/api/v1${url}`, {
      headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
    });
    req.on('error', reject);
    req.on('response', (res) => {
      resolve({ statusCode: res.statusCode!, body: res.statusMessage ?? '' });
      req.destroy();
    });
    req.end();
  });
}

async function admin(method: 'PATCH', url: string) {
  return t.inject({ method, url: `/api/v1/admin${url}`, cookie: people.ADMIN.cookie });
}

const rows: Record<string, Row> = {
  'GET /health': { method: 'GET', url: '/health', expected: anyone(200) },
  'POST /user/register': {
    method: 'POST',
    url: '/user/register',
    body: () => ({ name: 'New', email: t.uniqueEmail('new'), password: PASSWORD }),
    expected: anyone(201),
  },
  'POST /auth/login': {
    method: 'POST',
    url: '/auth/login',
    body: () => ({ email: otherUser.email, password: PASSWORD }),
    expected: anyone(200),
  },
  'GET /user/me': { method: 'GET', url: '/user/me', expected: signedIn(200) },
  'GET /user/all-user': {
    method: 'GET',
    url: '/user/all-user?purpose=transfer&search=nobody',
    expected: { none: 401, USER: 200, AGENT: 200, SUSPENDED_AGENT: 200, ADMIN: 403 },
  },
  'GET /wallet/me': { method: 'GET', url: '/wallet/me', expected: { ...signedIn(200), ADMIN: 404 } },
  'GET /wallet/user/{userId}': { method: 'GET', url: () => `/wallet/user/${otherUser.id}`, expected: onlyAdmin(200) },
  'GET /transaction/me': { method: 'GET', url: '/transaction/me', expected: signedIn(200) },
  'POST /wallet/deposit': {
    method: 'POST',
    url: '/wallet/deposit',
    body: () => ({ balance: 1 }),
    expected: onlyUser(201),
  },
  'POST /wallet/transfer': {
    method: 'POST',
    url: '/wallet/transfer',
    body: () => ({ receiverId: otherUser.id, balance: 1 }),
    expected: onlyUser(201),
  },
  'POST /agent/cash-out': {
    method: 'POST',
    url: '/agent/cash-out',
    body: () => ({ agentId: people.AGENT.id, balance: 50 }),
    expected: onlyUser(201),
  },
  'POST /agent/cash-in': {
    method: 'POST',
    url: '/agent/cash-in',
    body: () => ({ userId: otherUser.id, balance: 1 }),
    expected: { none: 401, USER: 403, AGENT: 201, SUSPENDED_AGENT: 403, ADMIN: 403 },
  },
  'GET /transaction/me/statement': {
    method: 'GET',
    url: '/transaction/me/statement?from=2024-01-01&to=2024-12-31',
    expected: walletOwner(200),
  },
  'GET /analytics/me/overview': { method: 'GET', url: '/analytics/me/overview', expected: walletOwner(200) },
  'GET /analytics/me': { method: 'GET', url: '/analytics/me', expected: walletOwner(200) },
  'GET /events': { method: 'GET', url: '/events', stream: true, expected: walletOwner(200) },
  'GET /admin/users': { method: 'GET', url: '/admin/users', expected: onlyAdmin(200) },
  'GET /admin/analytics': { method: 'GET', url: '/admin/analytics?days=7', expected: onlyAdmin(200) },
  'GET /admin/audit-log': { method: 'GET', url: '/admin/audit-log', expected: onlyAdmin(200) },
  'GET /admin/admins': { method: 'GET', url: '/admin/admins', expected: onlyAdmin(200) },
  'GET /admin/agents': { method: 'GET', url: '/admin/agents', expected: onlyAdmin(200) },
  'GET /admin/transactions': { method: 'GET', url: '/admin/transactions', expected: onlyAdmin(200) },
  'PATCH /admin/approve/{id}': {
    method: 'PATCH',
    url: async () => `/admin/approve/${(await t.user('Candidate')).id}`,
    expected: onlyAdmin(200),
  },
  'PATCH /admin/suspend/{id}': {
    method: 'PATCH',
    url: async () => `/admin/suspend/${(await t.agent('To suspend', people.ADMIN)).id}`,
    expected: onlyAdmin(200),
  },
  'PATCH /admin/reactivate/{id}': {
    method: 'PATCH',
    url: async () => {
      const agent = await t.agent('To reactivate', people.ADMIN);
      await admin('PATCH', `/suspend/${agent.id}`);
      return `/admin/reactivate/${agent.id}`;
    },
    expected: onlyAdmin(200),
  },
  'PATCH /admin/block/{walletId}': {
    method: 'PATCH',
    url: async () => `/admin/block/${(await t.user('To block')).walletId}`,
    expected: onlyAdmin(200),
  },
  'PATCH /admin/unblock/{walletId}': {
    method: 'PATCH',
    url: async () => {
      const person = await t.user('To unblock');
      await admin('PATCH', `/block/${person.walletId}`);
      return `/admin/unblock/${person.walletId}`;
    },
    expected: onlyAdmin(200),
  },
};

describe('permission matrix', () => {
  it('should give every caller the expected status on every endpoint', async () => {
    const mismatches: string[] = [];
    for (const [name, row] of Object.entries(rows)) {
      const url = typeof row.url === 'function' ? await row.url() : row.url;
      for (const caller of CALLERS) {
        const cookie = caller === 'none' ? undefined : people[caller].cookie;
        const response = row.stream
          ? await streamStatus(url, cookie)
          : await t.inject({
              method: row.method,
              url: `/api/v1${url}`,
              cookie,
              ...(row.body ? { payload: row.body() } : {}),
            });
        if (response.statusCode !== row.expected[caller]) {
          mismatches.push(
            `${name} as ${caller}: expected ${row.expected[caller]}, got ${response.statusCode} ${response.body}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("should let POST /auth/logout end only the caller's own session", async () => {
    for (const caller of CALLERS) {
      const cookie = caller === 'none' ? undefined : await t.login(people[caller].email);
      const response = await t.inject({ method: 'POST', url: '/api/v1/auth/logout', cookie });
      expect(response.statusCode).toBe(200);
      if (cookie) expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie })).statusCode).toBe(401);
    }
    // The sessions the matrix used are untouched.
    expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: people.USER.cookie })).statusCode).toBe(
      200,
    );
  });
});
