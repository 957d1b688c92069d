import { after, before, describe, it } from 'node:test';
import { randomBytes, scryptSync } from 'node:crypto';
import { expect } from 'expect';
import { eq } from 'drizzle-orm';
import { transactions, users } from '../src/db/schema';
import { SESSION_COOKIE } from '../src/identity/sessions';
import { hashPassword } from '../src/identity/passwords';
import { createTestContext, expectLedgerConsistent, PASSWORD, TEST_PASSWORD_COST, type TestContext } from './helpers';

let t: TestContext;
before(async () => {
  t = await createTestContext();
});
after(() => t.close());

const register = (payload: unknown) =>
  t.inject({ method: 'POST', url: '/api/v1/user/register', payload: payload as object });
const login = (payload: unknown) => t.inject({ method: 'POST', url: '/api/v1/auth/login', payload: payload as object });

describe('registration', () => {
  it('should create a USER with a wallet holding the 50 Taka bonus, paid once as a bonus transaction', async () => {
    const email = t.uniqueEmail('Ann');
    const response = await register({ name: 'Ann', email: email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      statusCode: 201,
      message: 'User Register SuccessFully And Register Bonus You Get 50 Taka Into Your Wallet',
      data: { name: 'Ann', email, role: 'USER', isActive: true },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt|argon2/i);

    const cookie = await t.login(email);
    const wallet = await t.inject({ method: 'GET', url: '/api/v1/wallet/me', cookie });
    expect(wallet.json().data).toMatchObject({ balance: 50, isBlocked: false, userId: body.data._id });

    const history = await t.inject({ method: 'GET', url: '/api/v1/transaction/me', cookie });
    expect(history.json().data).toEqual([
      expect.objectContaining({
        type: 'bonus',
        status: 'completed',
        balance: 50,
        sender: null,
        receiver: { _id: body.data._id, name: 'Ann' },
      }),
    ]);
    const bonuses = await t.db.select().from(transactions).where(eq(transactions.receiverUserId, body.data._id));
    expect(bonuses).toHaveLength(1);
    await expectLedgerConsistent(t.db);
  });

  it('should store a salted Argon2id hash with its parameters, never the password', async () => {
    const email = t.uniqueEmail('Hash');
    await register({ name: 'Hash', email, password: PASSWORD });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    const { memoryKiB, passes } = TEST_PASSWORD_COST;
    expect(row!.passwordHash).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryKiB},t=${passes},p=1\\$[\\w+/]{22}\\$`),
    );
    expect(row!.passwordHash).not.toContain(PASSWORD);
    // Argon2id's own default parameters hash the same password otherwise, salted anew.
    const other = await hashPassword(PASSWORD);
    expect(other).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(other.split('$').slice(-2)).not.toEqual(row!.passwordHash!.split('$').slice(-2));
  });

  it('should sign in with a password hashed by the scrypt it replaced, and hash it again as Argon2id', async () => {
    const email = t.uniqueEmail('Legacy');
    await register({ name: 'Legacy', email, password: 'x'.repeat(12) });
    // scrypt N=2^10, r=8, p=1, as the API stored it before: `scrypt$N$r$p$salt$key`.
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD, salt, 64, { N: 1024, r: 8, p: 1 });
    const legacy = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await t.db.update(users).set({ passwordHash: legacy }).where(eq(users.email, email));

    expect((await login({ email, password: 'wrong password!' })).statusCode).toBe(401);
    let [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toBe(legacy);

    expect((await login({ email, password: PASSWORD })).statusCode).toBe(200);
    [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await login({ email, password: PASSWORD })).statusCode).toBe(200);
    expect((await login({ email, password: 'wrong password!' })).statusCode).toBe(401);
  });

  it('should refuse a taken email, in any letter case, with "User Already Exist"', async () => {
    const email = t.uniqueEmail('Dup');
    expect((await register({ name: 'Dup', email, password: PASSWORD })).statusCode).toBe(201);
    const again = await register({ name: 'Dup 2', email: email.toUpperCase(), password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      statusCode: 409,
      message: 'User Already Exist',
      code: 'USER_EXISTS',
    });
  });

  it('should pay exactly one bonus when the same email registers twice at once', async () => {
    const email = t.uniqueEmail('Race');
    const responses = await Promise.all([1, 2, 3].map(() => register({ name: 'Race', email, password: PASSWORD })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    await expectLedgerConsistent(t.db);
  });

  const invalid: [object, string][] = [
    [{ name: 'A', email: 'not-an-email', password: PASSWORD }, 'Invalid email address'],
    [{ name: 'A', email: 'short@example.com', password: 'short' }, 'password must be at least 8 characters'],
    [{ email: 'a@b.co', password: PASSWORD }, 'name is required'],
    [{ name: '   ', email: 'a@b.co', password: PASSWORD }, 'name is required'],
    [{ name: 'A', email: 'a@b.co', password: 12345678 }, 'password must be a string'],
  ];
  for (const [payload, message] of invalid) {
    it(`should refuse ${JSON.stringify(payload)} with "${message}"`, async () => {
      const response = await register(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, statusCode: 400, message });
    });
  }
});

describe('login and sessions', () => {
  it('should set an HttpOnly SameSite=Lax session cookie and return the user', async () => {
    const ann = await t.user('Ann');
    const response = await login({ email: ann.email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'User Logged In SuccessFully',
      data: { _id: ann.id, email: ann.email, role: 'USER' },
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(response.body).not.toContain(cookie.value);
  });

  it('should give the same 401 for a wrong password and for an unknown email', async () => {
    const ann = await t.user('Ann');
    const wrong = await login({ email: ann.email, password: 'wrong password' });
    const unknown = await login({ email: 'nobody@example.com', password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        statusCode: 401,
        message: 'Invalid email or password',
        code: 'WRONG_CREDENTIALS',
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('should answer GET /user/me with the signed-in user, and 401 without a session', async () => {
    const ann = await t.user('Ann');
    const me = await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: ann.cookie });
    expect(me.json().data).toMatchObject({ _id: ann.id, email: ann.email, role: 'USER', name: 'Ann' });
    expect((await t.inject({ method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: 'forged-token' })).statusCode).toBe(401);
  });

  it('should end the session on the server at logout and clear the cookie', async () => {
    const ann = await t.user('Ann');
    const response = await t.inject({ method: 'POST', url: '/api/v1/auth/logout', cookie: ann.cookie });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    // The old token is dead even if a client kept it.
    expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: ann.cookie })).statusCode).toBe(401);
  });

  it('should rate-limit repeated login attempts with 429', async () => {
    const limited = await (await import('./helpers')).createTestContext({ LOGIN_RATE_LIMIT: '3' });
    try {
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: 'x@example.com', password: 'nope-nope' },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const last = await attempt();
      expect(last.json()).toMatchObject({
        success: false,
        statusCode: 429,
        message: expect.stringMatching(/^Too many attempts/),
        code: 'RATE_LIMITED',
        params: { retryAfterSeconds: Number(last.headers['retry-after']) },
      });
    } finally {
      await limited.close();
    }
  });

  it('should rate-limit registrations with 429', async () => {
    const limited = await (await import('./helpers')).createTestContext({ REGISTER_RATE_LIMIT: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.inject({
          method: 'POST',
          url: '/api/v1/user/register',
          payload: { name: 'R', email: limited.uniqueEmail('r'), password: PASSWORD },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
