import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { sessions, users } from '../src/db/schema';
import { PasswordHasher } from '../src/identity/passwords';
import { purgeExpired } from '../src/maintenance';
import { SECURE_SESSION_COOKIE } from '../src/identity/sessions';
import { ensureAdmin } from '../src/identity/users';
import { startMailbox } from './mailbox';
import { failuresOf } from '../src/lib/rate-limits';
import {
  TEST_PIN_SECRET,
  createTestContext,
  failedLogin,
  outsideClient,
  PASSWORD,
  statusesInTurn,
  TEST_PASSWORD_COST,
  withTestContext,
  type Person,
  type TestContext,
} from './helpers';

const onPostgres = process.env.TEST_DB === 'postgres';
let t: TestContext;
before(async () => {
  t = await createTestContext({}, (app) => {
    app.get('/api/v1/test-only/ip', async (request) => ({ ip: request.ip }));
    // Queries that fail the way a bug would, carrying a value that must never reach a log.
    app.get('/api/v1/test-only/failing-query', async () => {
      await app.db.execute(sql`select 1 / 0 where ${'secret-param-value-42'} = ${'secret-param-value-42'}`);
    });
    app.get('/api/v1/test-only/duplicate-user', async () => {
      const [someone] = await app.db.select().from(users).limit(1);
      await app.db
        .insert(users)
        .values({ name: 'Dup', email: someone!.email, passwordHash: 'scrypt$secret-hash-value' });
    });
    app.get('/api/v1/test-only/nul-in-query', async () => {
      await app.db.execute(sql`select ${'a\u0000b'}::text`);
    });
  });
});
after(() => t.close());

const login = (context: TestContext, email: string, remoteAddress = '127.0.0.1', password = 'wrong password') =>
  context.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress });

const times = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('rate limits that hold', () => {
  it('should count one account in one bucket however its email is spelled', async () => {
    await withTestContext({ LOGIN_RATE_LIMIT: '3' }, async (limited) => {
      const spellings = ['victim@x.com', ' VICTIM@x.com', 'Victim@X.com ', 'victim@x.com', '  victim@x.COM'];
      const statuses = await statusesInTurn(spellings, (email) => login(limited, email, '10.0.0.1'));
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    });
  });

  it("should never lock someone out everywhere with wrong passwords from one place, and slow other places' instead", async () => {
    await withTestContext({ LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '1000' }, async (limited) => {
      const ann = await limited.user('Ann Locked');
      const attacker = '203.0.113.66';
      const statuses = await statusesInTurn(times(100), () => login(limited, ann.email, attacker));
      expect(statuses).toEqual([401, 401, 401, ...Array<number>(97).fill(429)]);
      // Ann, elsewhere, signs in at once; the attacker's address stays refused, right password or not.
      expect((await login(limited, ann.email, '198.51.100.20', PASSWORD)).statusCode).toBe(200);
      expect((await login(limited, ann.email, attacker, PASSWORD)).statusCode).toBe(429);
      // Wrong passwords from many places are answered, never locking the account: each is counted
      // for the account, and past the limit answered more slowly.
      const spread = await statusesInTurn(times(5), (n) => login(limited, ann.email, `192.0.2.${n + 1}`));
      expect(spread).toEqual([401, 401, 401, 401, 401]);
      expect(await failuresOf(limited.db, `login-wrong|${ann.email}`)).toBe(8);
      expect((await login(limited, ann.email, '198.51.100.21', PASSWORD)).statusCode).toBe(200);
    });
  });

  it('should cap one address across every email (credential stuffing) and leave other addresses alone', async () => {
    await withTestContext({ LOGIN_ADDRESS_RATE_LIMIT: '4' }, async (limited) => {
      const statuses = await statusesInTurn(times(6), (i) => login(limited, `person${i}@x.com`, '203.0.113.9'));
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      const refused = await login(limited, 'person9@x.com', '203.0.113.9');
      expect(refused.json()).toMatchObject({ statusCode: 429, message: expect.stringMatching(/^Too many attempts/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(limited, 'person0@x.com', '198.51.100.7')).statusCode).toBe(401);
    });
  });

  it('should share its counters between API instances on one database, and keep them across a restart', async () => {
    await withTestContext({ LOGIN_RATE_LIMIT: '4' }, async (first) => {
      const config = loadConfig({
        ...process.env,
        LOGIN_RATE_LIMIT: '4',
        LOG_LEVEL: 'silent',
        PIN_SECRET: TEST_PIN_SECRET,
      });
      const second = await buildApp({ config, database: first.database, passwordCost: TEST_PASSWORD_COST });
      try {
        const instances = [first.app, second, first.app, second, first.app, second];
        const statuses = await statusesInTurn(instances, (app) => app.inject(failedLogin('shared@x.com')));
        expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      } finally {
        await second.close();
      }
    });
  });

  it("should limit each person's statements, analytics and history searches, and leave others alone", async () => {
    await withTestContext(
      { STATEMENT_RATE_LIMIT: '2', ANALYTICS_RATE_LIMIT: '3', HISTORY_SEARCH_RATE_LIMIT: '2' },
      async (limited) => {
        const [ann, ben] = [await limited.user('Ann Limited'), await limited.user('Ben Limited')];
        const get = (person: Person, url: string) =>
          limited.inject({ method: 'GET', url: `/api/v1${url}`, cookie: person.cookie });
        const statement = '/transaction/me/statement?from=2025-01-01&to=2025-01-31';
        expect(await statusesInTurn(times(3), () => get(ann, statement))).toEqual([200, 200, 429]);
        expect(
          await statusesInTurn(['/analytics/me', '/analytics/me/overview', '/analytics/me', '/analytics/me'], (url) =>
            get(ann, url),
          ),
        ).toEqual([200, 200, 200, 429]);
        // Pages without a search are not searches.
        expect(await statusesInTurn(times(4), () => get(ann, '/transaction/me'))).toEqual([200, 200, 200, 200]);
        expect(await statusesInTurn(times(3), () => get(ann, '/transaction/me?q=ben'))).toEqual([200, 200, 429]);
        const refused = await get(ann, statement);
        expect(refused.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        // Ben has his own budget.
        expect((await get(ben, statement)).statusCode).toBe(200);
        expect((await get(ben, '/analytics/me')).statusCode).toBe(200);
        expect((await get(ben, '/transaction/me?q=ann')).statusCode).toBe(200);
      },
    );
  });

  it('should count every address of one IPv6 /64 as one client, and an IPv4 address written as IPv6 as itself', async () => {
    await withTestContext({ REGISTER_RATE_LIMIT: '3' }, async (limited) => {
      const register = (remoteAddress: string, n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/user/register',
          remoteAddress,
          payload: { name: `Farm ${n}`, email: limited.uniqueEmail(`farm${n}`), password: PASSWORD },
        });
      // Four addresses of one /64, as one subscriber is handed them: the fourth is refused.
      const farm = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9', '2001:0db8:0001:0002::a'];
      expect(await statusesInTurn(farm, (address, n) => register(address, n))).toEqual([201, 201, 201, 429]);
      // Another /64 has its own budget.
      expect((await register('2001:db8:1:3::1', 10)).statusCode).toBe(201);
      const mapped = ['192.0.2.77', '::ffff:192.0.2.77', '192.0.2.77', '::ffff:c000:24d'];
      expect(await statusesInTurn(mapped, (address, n) => register(address, 20 + n))).toEqual([201, 201, 201, 429]);
    });
  });

  it('should take the client address from the right-most entry its trusted proxies wrote, never from the client', async () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be false, the number of proxies/);
    const proxied = await createTestContext({ TRUST_PROXY: '1' }, (app) => {
      app.get('/api/v1/test-only/ip', async (request) => ({ ip: request.ip }));
    });
    try {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1/test-only/ip',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.23' },
      });
      expect(response.json().ip).toBe('198.51.100.23');
    } finally {
      await proxied.close();
    }
    const listed = loadConfig({ TRUST_PROXY: '10.0.0.2, 10.0.1.0/24' });
    expect(listed.trustProxy).toEqual(['10.0.0.2', '10.0.1.0/24']);
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test-only/ip',
      remoteAddress: '192.0.2.1',
      headers: { 'x-forwarded-for': '6.6.6.6' },
    });
    expect(direct.json().ip).toBe('192.0.2.1');
  });

  it('should bound password hashing: past the running and waiting hashes a request is refused at once', async () => {
    const hasher = new PasswordHasher({ memoryKiB: 4096, passes: 1 }, { concurrency: 1, queue: 1, perOwner: 2 });
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((n) => hasher.hash(`client ${n}`, `password ${n}`)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    const refused = outcomes[2] as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 503 });
    // Once the line is short again, hashing works as before.
    expect(await hasher.verify('client 1', 'password 1', await hasher.hash('client 1', 'password 1'))).toBe(true);
  });

  it('should share the waiting line fairly: one address flooding it is turned away, others take turns and get through', async () => {
    const hasher = new PasswordHasher({ memoryKiB: 4096, passes: 1 }, { concurrency: 1, queue: 16, perOwner: 2 });
    const served: string[] = [];
    const ask = (owner: string) =>
      hasher.hash(owner, 'password').then(
        () => served.push(owner),
        (error: { statusCode?: number }) => {
          served.push(`${owner} ${error.statusCode}`);
        },
      );
    // One address sends 10 at once: 1 runs, 2 wait, 7 are refused at once.
    const flood = Array.from({ length: 10 }, () => ask('flooder'));
    // Two others come after the flood, and are served before the flood's second waiting hash.
    const others = [ask('ann'), ask('ben')];
    await Promise.all([...flood, ...others]);
    expect(served.filter((entry) => entry === 'flooder 503')).toHaveLength(7);
    expect(served.filter((entry) => !entry.endsWith('503'))).toEqual(['flooder', 'flooder', 'ann', 'ben', 'flooder']);
  });

  it('should limit starting Google sign-ins per address: each start stores a row', async () => {
    await withTestContext({ GOOGLE_START_RATE_LIMIT: '2' }, async (limited) => {
      const statuses = await statusesInTurn(times(3), () =>
        limited.app.inject({ method: 'GET', url: '/api/v1/auth/google', remoteAddress: '203.0.113.50' }),
      );
      expect(statuses).toEqual([302, 302, 429]);
    });
  });
});

describe('no enumeration through the picker', () => {
  let ann: Person;
  before(async () => {
    ann = await t.user('Ann Picker');
  });
  const search = (query: string, person = ann) =>
    t.inject({ method: 'GET', url: `/api/v1/user/all-user?${query}`, cookie: person.cookie });

  it('should refuse an empty or short search with a hint, and accept 3 letters or a whole email', async () => {
    const other = await t.user('Zoltan Pickable');
    for (const query of ['', 'search=', 'search=zo', 'search=%20%20zo%20', 'search=someone%40']) {
      const response = await search(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Type at least 3 letters of a name, or a whole email');
    }
    expect((await search('search=zol')).json().data.map((row: { _id: string }) => row._id)).toContain(other.id);
    const byEmail = (await search(`search=${encodeURIComponent(other.email)}`)).json();
    expect(byEmail.data.map((row: { _id: string }) => row._id)).toEqual([other.id]);
  });

  it("should mask other people's emails", async () => {
    const other = await t.user('Masked Person');
    const [row] = (await search(`search=${encodeURIComponent(other.email)}`)).json().data;
    const [local, domain] = other.email.split('@');
    expect(row.email).toBe(`${local!.slice(0, 2)}***@${domain}`);
    expect(JSON.stringify((await search('search=Masked')).json())).not.toContain(other.email);
  });

  it('should cap the page depth and the page size', async () => {
    expect((await search('search=Ann&page=6')).statusCode).toBe(400);
    expect((await search('search=Ann&limit=21')).statusCode).toBe(400);
    expect((await search('search=Ann&page=5&limit=20')).statusCode).toBe(200);
  });

  it('should rate-limit searches per person', async () => {
    await withTestContext({ SEARCH_RATE_LIMIT: '3' }, async (limited) => {
      const person = await limited.user('Searcher');
      const statuses = await statusesInTurn(times(4), () =>
        limited.inject({ method: 'GET', url: '/api/v1/user/all-user?search=abc', cookie: person.cookie }),
      );
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });
});

describe('logs hold no secrets', () => {
  it('should log a failed query by its code and statement, never its parameter values', async () => {
    t.logs.length = 0;
    const response = await t.inject({ method: 'GET', url: '/api/v1/test-only/failing-query' });
    expect(response.statusCode).toBe(500);
    const logged = t.logs.join('');
    expect(logged).toContain('request failed');
    expect(logged).toContain('22012');
    expect(logged).toContain('select 1 / 0 where $1 = $2');
    expect(logged).not.toContain('secret-param-value-42');
    expect(response.body).not.toContain('secret-param-value-42');
  });

  it('should keep a password hash out of the log when an insert fails', async () => {
    await t.user('Someone');
    t.logs.length = 0;
    const response = await t.inject({ method: 'GET', url: '/api/v1/test-only/duplicate-user' });
    expect(response.statusCode).toBe(500);
    const logged = t.logs.join('');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('secret-hash-value');
    expect(logged).not.toMatch(/@example\.com/);
  });

  it("should redact an OpenID Connect callback's code and state from the access log", async () => {
    t.logs.length = 0;
    await t.inject({ method: 'GET', url: '/api/v1/auth/google/callback?code=the-secret-code&state=the-secret-state' });
    const logged = t.logs.join('');
    expect(logged).toContain('/api/v1/auth/google/callback?code=redacted&state=redacted');
    expect(logged).not.toContain('the-secret-code');
    expect(logged).not.toContain('the-secret-state');
  });
});

describe('bad bytes and long paths', () => {
  it('should refuse control characters in every text with 400 and change nothing', async () => {
    const ann = await t.user('Ann Bytes');
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const cases = [
      { method: 'GET' as const, url: '/api/v1/user/all-user?search=%00abc', cookie: ann.cookie },
      {
        method: 'POST' as const,
        url: '/api/v1/user/register',
        payload: { name: '\u0000', email: 'a@b.co', password: PASSWORD },
      },
      {
        method: 'POST' as const,
        url: '/api/v1/user/register',
        payload: { name: 'Nul', email: '\u0000@b.co', password: PASSWORD },
      },
      {
        method: 'POST' as const,
        url: '/api/v1/user/register',
        payload: { name: 'Tab\tName', email: 'tab@b.co', password: PASSWORD },
      },
      { method: 'POST' as const, url: '/api/v1/auth/login', payload: { email: 'victim@x.com\t', password: PASSWORD } },
      { method: 'POST' as const, url: '/api/v1/auth/login', payload: { email: 'a@b.co', password: 'pass\u0000word' } },
    ];
    for (const request of cases) {
      const response = await t.inject(request);
      expect({ url: request.url, status: response.statusCode }).toEqual({ url: request.url, status: 400 });
      expect(response.json()).toMatchObject({ success: false, statusCode: 400 });
      expect(response.json().message).toMatch(/control characters/);
    }
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual(before);
  });

  it('should map a NUL byte that reaches PostgreSQL to a 400, not a 500', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v1/test-only/nul-in-query' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      statusCode: 400,
      message: 'The request holds characters or values that are not allowed',
      code: 'BAD_REQUEST',
    });
  });

  it('should answer a path parameter over the length limit in the error envelope', async () => {
    const admin = await t.admin();
    const response = await t.inject({
      method: 'GET',
      url: `/api/v1/wallet/user/${'a'.repeat(500)}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      success: false,
      statusCode: 414,
      message: 'The request path is too long',
      code: 'PATH_TOO_LONG',
    });
  });
});

describe('session hygiene', () => {
  it('should end a session unused for 24 hours, before its absolute end', async () => {
    const ann = await t.user('Idle');
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`clock_timestamp() - interval '25 hours'` })
      .where(eq(sessions.userId, ann.id));
    expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: ann.cookie })).statusCode).toBe(401);
  });

  it('should keep a session in use alive and record its use', async () => {
    const ann = await t.user('Busy');
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`clock_timestamp() - interval '23 hours'` })
      .where(eq(sessions.userId, ann.id));
    expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: ann.cookie })).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, ann.id));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('should keep at most the newest sessions per person, revoking the oldest', async () => {
    await withTestContext({ MAX_SESSIONS_PER_USER: '3' }, async (limited) => {
      const ann = await limited.user('Many'); // its first session
      const later = [await limited.login(ann.email), await limited.login(ann.email), await limited.login(ann.email)];
      expect((await limited.inject({ method: 'GET', url: '/api/v1/user/me', cookie: ann.cookie })).statusCode).toBe(
        401,
      );
      for (const cookie of later) {
        expect((await limited.inject({ method: 'GET', url: '/api/v1/user/me', cookie })).statusCode).toBe(200);
      }
      expect(await limited.db.select().from(sessions).where(eq(sessions.userId, ann.id))).toHaveLength(3);
    });
  });

  it('should name the cookie with the __Host- prefix over https', async () => {
    const mailbox = await startMailbox();
    after(() => mailbox.close());
    await withTestContext({ PUBLIC_URL: 'https://wallet.example', SMTP_URL: mailbox.url }, async (secure) => {
      const email = secure.uniqueEmail('Secure');
      await secure.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { name: 'S', email, password: PASSWORD },
      });
      const response = await secure.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: PASSWORD },
      });
      const cookie = response.cookies.find((c) => c.name === SECURE_SESSION_COOKIE);
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(cookie!.domain).toBeUndefined();
      const me = await secure.app.inject({
        method: 'GET',
        url: '/api/v1/user/me',
        headers: { cookie: `${SECURE_SESSION_COOKIE}=${cookie!.value}` },
      });
      expect(me.statusCode).toBe(200);
    });
  });

  it('should log out everywhere: every session of the person ends, nobody else’s', async () => {
    const ann = await t.user('Everywhere');
    const ben = await t.user('Bystander');
    const phone = await t.login(ann.email);
    const response = await t.inject({ method: 'POST', url: '/api/v1/auth/logout-all', cookie: ann.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Logged out everywhere',
      data: { sessionsEnded: 2 },
    });
    for (const cookie of [ann.cookie, phone]) {
      expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie })).statusCode).toBe(401);
    }
    expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: ben.cookie })).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/v1/auth/logout-all' })).statusCode).toBe(401);
  });
});

describe('many instances, one database', () => {
  it('should create the first admin once when several instances start at the same moment', async () => {
    const email = t.uniqueEmail('first-admin');
    const results = await Promise.all(
      [1, 2, 3].map(() => ensureAdmin(t.db, { email, password: PASSWORD }, TEST_PASSWORD_COST)),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
  });

  it('should refuse an ADMIN_EMAIL that belongs to a user who is not an admin', async () => {
    const ann = await t.user('NotAdmin');
    await expect(ensureAdmin(t.db, { email: ann.email, password: PASSWORD }, TEST_PASSWORD_COST)).rejects.toThrow(
      /belongs to an account that is not an admin/,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, ann.id));
    expect(row!.role).toBe('USER');
  });

  it('should purge what expired, and leave the round to whoever holds the maintenance lock', async () => {
    const ann = await t.user('Expired');
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`clock_timestamp() - interval '1 second'` })
      .where(eq(sessions.userId, ann.id));
    expect(await purgeExpired(t.db, 24 * 3600 * 1000)).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ann.id))).toEqual([]);
    if (!onPostgres) return;
    const other = await outsideClient(t.database);
    try {
      await other.query('select pg_advisory_lock(7301001)');
      expect(await purgeExpired(t.db, 24 * 3600 * 1000)).toBe(false);
    } finally {
      await other.end();
    }
  });
});
