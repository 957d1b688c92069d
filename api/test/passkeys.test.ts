import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/identity/sessions';
import { TestAuthenticator } from './authenticator';
import { createTestContext, PASSWORD, type Person, type TestContext } from './helpers';

let t: TestContext;
let origin: string;
before(async () => {
  t = await createTestContext();
  origin = `http://localhost:${t.app.config.port}`;
});
after(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.inject({ method: 'POST', url: `/api/v1/auth/passkey${url}`, payload, ...(cookie ? { cookie } : {}) });
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Adds `authenticator` to `person`'s account, proving it with `proof` (their password by default). */
async function addPasskey(person: Person, authenticator: TestAuthenticator, proof: object = { password: PASSWORD }) {
  const options = await post('/register/options', proof, person.cookie);
  expect(options.statusCode).toBe(200);
  return post('/register/verify', authenticator.register(options.json().data, origin), person.cookie);
}

/** Signs in with `authenticator` (from `from`, the site by default); the answer and the options it answered. */
async function signIn(authenticator: TestAuthenticator, from = origin) {
  const options = (await post('/login/options', {})).json().data;
  const answer = authenticator.signIn(options, from);
  return { response: await post('/login/verify', answer), answer };
}

describe('passkeys', () => {
  it('should add a passkey with the password, sign in with it and no password, mailed and audited', async () => {
    const person = await t.user('Passkey Person');
    const authenticator = new TestAuthenticator();
    // A stolen session alone adds nothing: the password is asked.
    const bare = await post('/register/options', {}, person.cookie);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: 'PASSKEY_PROOF_NEEDED' });
    expect((await post('/register/options', { password: 'wrong password' }, person.cookie)).json()).toMatchObject({
      code: 'PASSWORD_WRONG',
    });

    const added = await addPasskey(person, authenticator);
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ name: 'Passkey', synced: false, lastUsedAt: null });

    const { response } = await signIn(authenticator);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ _id: person.id, email: person.email });
    const cookie = response.cookies.find((each) => each.name === SESSION_COOKIE)!.value;
    const listed = await t.inject({ method: 'GET', url: '/api/v1/user/passkeys', cookie });
    expect(listed.json().data).toEqual([expect.objectContaining({ lastUsedAt: expect.any(String) })]);
    const stored = await rows(
      sql`select counter::int as counter, public_key from passkeys where user_id = ${person.id}`,
    );
    expect(stored).toEqual([{ counter: 2, public_key: expect.stringMatching(/^[\w-]+$/) }]);
    const audit = await rows(
      sql`select action::text, admin_id from audit_log where target_user_id = ${person.id} and action not in ('pin_set', 'kyc_approve')`,
    );
    expect(audit).toEqual([{ action: 'passkey_add', admin_id: person.id }]);
    const mailed = t.app.mailer.outbox!.find((mail) => mail.recipient === person.email);
    expect(mailed?.subject).toBe('A passkey was added on your Digital Wallet account');
  });

  it('should refuse a replayed answer, a wrong origin, an unknown passkey and a counter that goes back', async () => {
    const person = await t.user('Careful Person');
    const authenticator = new TestAuthenticator({ counter: 5 });
    expect((await addPasskey(person, authenticator)).statusCode).toBe(201);

    const { response, answer } = await signIn(authenticator);
    expect(response.statusCode).toBe(200);
    const replayed = await post('/login/verify', answer);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE' });

    const elsewhere = await signIn(authenticator, 'https://wallet.example.net');
    expect(elsewhere.response.json()).toMatchObject({ code: 'PASSKEY_REFUSED' });

    // A clone of the authenticator that reports an older counter (3, after the 6 stored).
    authenticator.counter = 2;
    const cloned = await signIn(authenticator);
    expect(cloned.response.statusCode).toBe(400);
    expect(cloned.response.json()).toMatchObject({ code: 'PASSKEY_REFUSED' });
    expect(await rows(sql`select counter::int as counter from passkeys where user_id = ${person.id}`)).toEqual([
      { counter: 6 },
    ]);

    const stranger = new TestAuthenticator();
    expect((await signIn(stranger)).response.json()).toMatchObject({ code: 'PASSKEY_UNKNOWN' });
  });

  it('should accept a counter that stays 0, as an authenticator without one reports', async () => {
    const person = await t.user('Zero Counter');
    const authenticator = new TestAuthenticator({ counter: 0 });
    expect((await addPasskey(person, authenticator)).statusCode).toBe(201);
    expect((await signIn(authenticator)).response.statusCode).toBe(200);
    expect((await signIn(authenticator)).response.statusCode).toBe(200);
  });

  it("should not let a staff member's password session add a passkey without the mailed code", async () => {
    const member = await t.staff(['SUPPORT']);
    // Signed in again with the password only: the invitation's five minutes are not this session's.
    const cookie = await t.login(member.email);
    const without = await post('/register/options', { password: PASSWORD }, cookie);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: 'PASSKEY_CODE_NEEDED' });
    expect((await post('/register/options', { code: '00000000' }, cookie)).json()).toMatchObject({
      code: 'PASSKEY_CODE_WRONG',
    });
    expect((await post('/code', {}, cookie)).statusCode).toBe(200);
    const code = t.app.mailer.outbox!.find((mail) => mail.recipient === member.email)!.text.match(/\b(\d{8})\b/)![1]!;
    const authenticator = new TestAuthenticator();
    const options = await post('/register/options', { code }, cookie);
    expect(options.statusCode).toBe(200);
    // Once only.
    expect((await post('/register/options', { code }, cookie)).json()).toMatchObject({ code: 'PASSKEY_CODE_WRONG' });
    const added = await post('/register/verify', authenticator.register(options.json().data, origin), cookie);
    expect(added.statusCode).toBe(201);
    // The first passkey brings ten recovery codes, shown this once, kept hashed.
    const { recoveryCodes } = added.json().data as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const kept = await rows<{ code_hash: string }>(
      sql`select code_hash from recovery_codes where user_id = ${member.id}`,
    );
    expect(kept).toHaveLength(10);
    expect(kept.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
    // Now the password session is not enough, even where a second factor is optional: a password
    // never downgrades an account that has a passkey. A mailed code no longer adds one either.
    const refused = await t.inject({ method: 'GET', url: '/api/v1/admin/users', cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SECOND_FACTOR_NEEDED' });
    const me = await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie });
    expect(me.json().data).toMatchObject({ secondFactor: 'passkey' });
    expect((await post('/code', {}, cookie)).json()).toMatchObject({ code: 'PASSKEY_FRESH_NEEDED' });
    expect((await post('/register/options', {}, cookie)).json()).toMatchObject({ code: 'PASSKEY_FRESH_NEEDED' });
    const removal = await t.inject({ method: 'GET', url: '/api/v1/user/passkeys', cookie });
    expect(removal.json()).toMatchObject({ code: 'SECOND_FACTOR_NEEDED' });
    // Signed in with the passkey, the member may add another within five minutes, with nothing more.
    const { response } = await signIn(authenticator);
    const passkeyCookie = response.cookies.find((each) => each.name === SESSION_COOKIE)!.value;
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: passkeyCookie })).json().data,
    ).not.toHaveProperty('secondFactor');
    expect((await t.inject({ method: 'GET', url: '/api/v1/admin/users', cookie: passkeyCookie })).statusCode).toBe(200);
    const second = await addPasskey({ ...member, cookie: passkeyCookie }, new TestAuthenticator(), {});
    expect(second.statusCode).toBe(201);
    // Only the first passkey brings codes.
    expect(second.json().data).not.toHaveProperty('recoveryCodes');
    const audit = await rows(
      sql`select reason from audit_log where action = 'staff_sign_in' and target_user_id = ${member.id} order by created_at desc limit 1`,
    );
    expect(audit).toEqual([{ reason: expect.stringMatching(/^with a passkey from /) }]);
    // Owners see how many passkeys each member holds.
    const owner = await t.admin();
    const staff = (await t.inject({ method: 'GET', url: '/api/v1/admin/staff', cookie: owner.cookie })).json().data;
    expect(staff.members.find((row: { _id: string }) => row._id === member.id)).toMatchObject({ passkeys: 2 });
  });

  it('should let a person rename and remove their own passkeys only', async () => {
    const person = await t.user('Renamer');
    const other = await t.user('Other Person');
    const added = (await addPasskey(person, new TestAuthenticator())).json().data as { _id: string };
    const rename = (cookie: string) =>
      t.inject({ method: 'PATCH', url: `/api/v1/user/passkeys/${added._id}`, cookie, payload: { name: ' My phone ' } });
    expect((await rename(other.cookie)).statusCode).toBe(404);
    expect((await rename(person.cookie)).json().data).toMatchObject({ name: 'My phone' });
    const remove = (cookie: string) =>
      t.inject({ method: 'DELETE', url: `/api/v1/user/passkeys/${added._id}`, cookie });
    expect((await remove(other.cookie)).statusCode).toBe(404);
    expect((await remove(person.cookie)).statusCode).toBe(200);
    expect(await rows(sql`select id from passkeys where user_id = ${person.id}`)).toEqual([]);
    const audit = await rows(
      sql`select action::text, reason from audit_log where target_user_id = ${person.id} and action not in ('pin_set', 'kyc_approve') order by created_at`,
    );
    expect(audit).toEqual([
      { action: 'passkey_add', reason: 'Passkey' },
      { action: 'passkey_remove', reason: 'My phone' },
    ]);
  });
});

describe('a second factor for staff (STAFF_SECOND_FACTOR=required)', () => {
  let r: TestContext;
  before(async () => {
    r = await createTestContext({ STAFF_SECOND_FACTOR: 'required' });
  });
  after(() => r.close());
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    r.inject({ method, url: `/api/v1${url}`, cookie, ...(payload ? { payload } : {}) });
  const here = () => `http://localhost:${r.app.config.port}`;

  it('should open no admin route to a password alone, until a passkey or a recovery code completes it', async () => {
    const owner = await r.admin();
    // Every admin route, whatever the roles: the owner holds them all.
    const refused = await call('GET', '/admin/staff', owner.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SECOND_FACTOR_NEEDED' });
    expect((await call('GET', '/admin/users', owner.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/user/me', owner.cookie)).json().data).toMatchObject({ secondFactor: 'add-passkey' });
    const login = await r.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(login.json().data).toMatchObject({ secondFactor: 'add-passkey' });

    // The first passkey: the mailed code proves the mailbox; the codes come with it.
    expect((await call('POST', '/auth/passkey/code', owner.cookie, {})).statusCode).toBe(200);
    const code = r.app.mailer
      .outbox!.findLast((mail) => mail.recipient === owner.email)!
      .text.match(/\b(\d{8})\b/)![1]!;
    const options = await call('POST', '/auth/passkey/register/options', owner.cookie, { code });
    const authenticator = new TestAuthenticator();
    const added = await call(
      'POST',
      '/auth/passkey/register/verify',
      owner.cookie,
      authenticator.register(options.json().data, here()),
    );
    expect(added.statusCode).toBe(201);
    const { recoveryCodes } = added.json().data as { recoveryCodes: string[] };
    // Adding it completes nothing: the member signs in with it.
    expect((await call('GET', '/admin/staff', owner.cookie)).json()).toMatchObject({ code: 'SECOND_FACTOR_NEEDED' });
    expect((await call('GET', '/user/me', owner.cookie)).json().data).toMatchObject({ secondFactor: 'passkey' });

    const loginOptions = (await r.inject({ method: 'POST', url: '/api/v1/auth/passkey/login/options' })).json().data;
    const signedIn = await r.inject({
      method: 'POST',
      url: '/api/v1/auth/passkey/login/verify',
      cookie: owner.cookie,
      payload: authenticator.signIn(loginOptions, here()),
    });
    expect(signedIn.statusCode).toBe(200);
    const passkeyCookie = signedIn.cookies.find((each) => each.name === SESSION_COOKIE)!.value;
    expect((await call('GET', '/admin/staff', passkeyCookie)).statusCode).toBe(200);
    // The password's session it replaced is gone.
    expect((await call('GET', '/user/me', owner.cookie)).statusCode).toBe(401);

    // A lost passkey: a recovery code completes a password sign-in, once; a wrong one is counted and audited.
    const password = await r.login(owner.email);
    const wrong = await call('POST', '/auth/recovery', password, { code: 'aaaa-bbbb-cccc' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'RECOVERY_CODE_WRONG' });
    const recovered = await call('POST', '/auth/recovery', password, { code: ` ${recoveryCodes[3]!.toUpperCase()} ` });
    expect(recovered.statusCode).toBe(200);
    expect((await call('GET', '/admin/staff', password)).statusCode).toBe(200);
    const again = await r.login(owner.email);
    expect((await call('POST', '/auth/recovery', again, { code: recoveryCodes[3] })).json()).toMatchObject({
      code: 'RECOVERY_CODE_WRONG',
    });
    const left = await r.db.execute(sql`select count(*)::int as count from recovery_codes where user_id = ${owner.id}`);
    expect((left as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(9);
    const audit = (
      (await r.db.execute(
        sql`select action::text, reason from audit_log where target_user_id = ${owner.id} and reason like '%recovery code%' order by created_at`,
      )) as unknown as { rows: { action: string; reason: string }[] }
    ).rows;
    expect(audit.map((row) => [row.action, row.reason.replace(/ from .*/, '')])).toEqual([
      ['staff_sign_in_failed', 'a wrong recovery code'],
      ['staff_sign_in', 'with a recovery code (9 left)'],
      ['staff_sign_in_failed', 'a wrong recovery code'],
    ]);
    // The recovery session may add a new passkey within its five minutes.
    const next = await call('POST', '/auth/passkey/register/options', password, {});
    expect(next.statusCode).toBe(200);
  });

  it('should count recovery-code tries towards the sign-in lockout', async () => {
    const strict = await createTestContext({ STAFF_SECOND_FACTOR: 'required', LOGIN_RATE_LIMIT: '3' });
    try {
      const owner = await strict.admin();
      const tries = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        tries.push(
          (
            await strict.inject({
              method: 'POST',
              url: '/api/v1/auth/recovery',
              cookie: owner.cookie,
              payload: { code: 'aaaa-bbbb-cccc' },
            })
          ).statusCode,
        );
      }
      // The sign-in (one) and two tries used the three; the third try and the password are refused.
      expect(tries).toEqual([403, 403, 429]);
      const login = await strict.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: owner.email, password: PASSWORD },
      });
      expect(login.statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
