import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { SESSION_COOKIE } from '../src/identity/sessions';
import {
  createTestContext,
  expectLedgerConsistent,
  ownerSql,
  PASSWORD,
  PIN,
  type Person,
  TEST_CLIENT_REPORT_SECRET,
  TEST_PIN_SECRET,
  TEST_PASSWORD_COST,
  type TestContext,
} from './helpers';

/*
 * The wallet PIN: asked of every movement that takes money out of a wallet, counted in the
 * database when wrong (three lock it for an hour), never stored, logged or answered as digits.
 */

let t: TestContext;
let admin: Person;
before(async () => {
  t = await createTestContext({ LOG_LEVEL: 'trace' });
  admin = await t.admin();
});
after(() => t.close());

const onPostgres = process.env.TEST_DB === 'postgres';
const WRONG = '13579';
const replies: string[] = [];

async function send(person: Person, receiver: Person, pin: string | false, key = randomUUID(), balance = 5) {
  const response = await t.inject({
    method: 'POST',
    url: '/api/v1/wallet/transfer',
    cookie: person.cookie,
    payload: { receiverId: receiver.id, balance },
    headers: { 'idempotency-key': key, ...(pin ? { 'x-wallet-pin': pin } : {}) },
    ...(pin === false ? { pin: false as const } : {}),
  });
  replies.push(response.body);
  return response;
}

async function setPin(person: Person, payload: object) {
  const response = await t.inject({ method: 'PUT', url: '/api/v1/user/pin', cookie: person.cookie, payload });
  replies.push(response.body);
  return response;
}

async function pinRow(person: Person) {
  const { rows } = (await t.db.execute(
    sql`select pin_hash, pin_key_id, pin_failures, pin_locked_until from users where id = ${person.id}`,
  )) as unknown as {
    rows: { pin_hash: string | null; pin_key_id: string | null; pin_failures: number; pin_locked_until: Date | null }[];
  };
  return rows[0]!;
}

describe('setting the PIN (PUT /user/pin)', () => {
  it('should ask for one before money leaves, take it with the password, and never keep or show its digits', async () => {
    const ann = await t.user('Ann', { pin: false });
    const ben = await t.user('Ben');
    await t.post('/wallet/deposit', ann, { balance: 100 });
    const none = await send(ann, ben, PIN);
    expect(none.statusCode).toBe(428);
    expect(none.json()).toMatchObject({
      code: 'PIN_NOT_SET',
      message: 'Set a wallet PIN on the Security page before you send money',
    });

    expect((await setPin(ann, { pin: '12345', password: PASSWORD })).json()).toMatchObject({
      statusCode: 400,
      message: 'pin is too easy to guess: avoid one digit repeated or a run like 12345',
    });
    expect((await setPin(ann, { pin: '7777', password: PASSWORD })).statusCode).toBe(400);
    expect((await setPin(ann, { pin: PIN, password: 'not her password' })).json()).toMatchObject({
      statusCode: 403,
      code: 'PASSWORD_WRONG',
    });
    expect((await setPin(ann, { pin: PIN })).json()).toMatchObject({ statusCode: 400, code: 'PASSWORD_NEEDED' });
    const set = await setPin(ann, { pin: PIN, password: PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      message: 'Your PIN is set',
      data: { pinSet: true, pinLockedUntil: null, googleOnly: false },
    });

    const row = await pinRow(ann);
    expect(row.pin_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.pin_hash).not.toContain(PIN);
    // The same PIN of another person is stored differently.
    expect((await pinRow(ben)).pin_hash).not.toBe(row.pin_hash);

    expect((await send(ann, ben, PIN)).statusCode).toBe(201);
    expect(await t.balance(ben)).toBe(55);
  });

  it('should change it with the current PIN, a wrong one counting towards the lock', async () => {
    const ann = await t.user('Ann');
    expect((await setPin(ann, { pin: '97531', currentPin: WRONG })).json()).toMatchObject({
      statusCode: 403,
      code: 'PIN_WRONG',
      params: { triesLeft: 2 },
    });
    expect((await pinRow(ann)).pin_failures).toBe(1);
    expect((await setPin(ann, { pin: '97531', currentPin: PIN })).statusCode).toBe(200);
    expect((await pinRow(ann)).pin_failures).toBe(0);
    const ben = await t.user('Ben');
    await t.post('/wallet/deposit', ann, { balance: 100 });
    expect((await send(ann, ben, PIN)).json()).toMatchObject({ code: 'PIN_WRONG' });
    expect((await send(ann, ben, '97531')).statusCode).toBe(201);
  });
});

describe('a movement with its PIN', () => {
  it('should refuse a missing or wrong PIN and move nothing, lock at the third wrong one, and lift the lock by an admin', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await t.post('/wallet/deposit', ann, { balance: 100 });
    const before = await expectLedgerConsistent(t.db);

    const missing = await send(ann, ben, false);
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({ code: 'PIN_REQUIRED', message: 'Enter your PIN to confirm' });
    expect((await send(ann, ben, '1234')).json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect((await pinRow(ann)).pin_failures).toBe(0);

    const first = await send(ann, ben, WRONG);
    expect(first.statusCode).toBe(403);
    expect(first.json()).toEqual({
      success: false,
      statusCode: 403,
      code: 'PIN_WRONG',
      message: 'Wrong PIN: 2 more tries before it locks for an hour',
      params: { triesLeft: 2 },
    });
    expect((await send(ann, ben, WRONG)).json()).toMatchObject({ params: { triesLeft: 1 } });
    const third = await send(ann, ben, WRONG);
    expect(third.statusCode).toBe(423);
    expect(third.json()).toEqual({
      success: false,
      statusCode: 423,
      code: 'PIN_LOCKED',
      message: 'Your PIN is locked after 3 wrong tries. Try again in 60 minutes, or ask us to unlock it',
      params: { minutes: 60 },
    });
    // The fourth try is refused even with the right PIN, and nothing moved at all.
    expect((await send(ann, ben, PIN)).json()).toMatchObject({ statusCode: 423, code: 'PIN_LOCKED' });
    expect((await expectLedgerConsistent(t.db)).transactions).toBe(before.transactions);
    expect(await t.balance(ann)).toBe(150);
    const me = await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: ann.cookie });
    expect(me.json().data.pinLockedUntil).toEqual(expect.any(String));

    // The lock is the system's act, audited; the person is mailed.
    const audit = await t.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?action=pin_lock',
      cookie: admin.cookie,
    });
    expect(audit.json().data[0]).toMatchObject({ action: 'pin_lock', admin: null, target: { _id: ann.id } });
    // Mailed after the answer: looked for a little while.
    const mailed = async () => {
      const outbox = await t.inject({ method: 'GET', url: '/dev/mail.json' });
      return (outbox.json() as { recipient: string; subject: string }[]).some(
        (mail) => mail.recipient === ann.email && mail.subject === 'Your wallet PIN is locked',
      );
    };
    for (let i = 0; i < 50 && !(await mailed()); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await mailed()).toBe(true);

    // Only an admin lifts it early, audited.
    const user = await t.user('Someone');
    expect(
      (await t.inject({ method: 'PATCH', url: `/api/v1/admin/pin-unlock/${ann.id}`, cookie: user.cookie })).statusCode,
    ).toBe(403);
    expect(
      (await t.inject({ method: 'PATCH', url: `/api/v1/admin/pin-unlock/${randomUUID()}`, cookie: admin.cookie }))
        .statusCode,
    ).toBe(404);
    const unlocked = await t.inject({
      method: 'PATCH',
      url: `/api/v1/admin/pin-unlock/${ann.id}`,
      cookie: admin.cookie,
    });
    expect(unlocked.json()).toMatchObject({ message: 'PIN unlocked', data: { pinLockedUntil: null } });
    const unlocks = await t.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log?action=pin_unlock',
      cookie: admin.cookie,
    });
    expect(unlocks.json().data[0]).toMatchObject({ admin: { _id: admin.id }, target: { _id: ann.id } });
    expect((await send(ann, ben, PIN)).statusCode).toBe(201);
  });

  it('should end a lock after the hour', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await t.post('/wallet/deposit', ann, { balance: 100 });
    for (let i = 0; i < 3; i += 1) await send(ann, ben, WRONG);
    expect((await send(ann, ben, PIN)).statusCode).toBe(423);
    await t.db.execute(sql`update users set pin_locked_until = now() - interval '1 second' where id = ${ann.id}`);
    expect((await send(ann, ben, PIN)).statusCode).toBe(201);
    // Three fresh tries after a lock.
    expect((await send(ann, ben, WRONG)).json()).toMatchObject({ params: { triesLeft: 2 } });
  });

  it('should never answer a keyed replay with a wrong PIN with the stored success', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await t.post('/wallet/deposit', ann, { balance: 100 });
    const key = randomUUID();
    expect((await send(ann, ben, PIN, key)).statusCode).toBe(201);
    const replay = await send(ann, ben, WRONG, key);
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toMatchObject({ code: 'PIN_WRONG' });
    expect(replay.body).not.toContain('transaction');
    const right = await send(ann, ben, PIN, key);
    expect(right.statusCode).toBe(201);
    expect(right.headers['idempotent-replayed']).toBe('true');
    expect(await t.balance(ben)).toBe(55);
  });

  it('should show the header in the API docs on every money POST that takes money out, and only there', async () => {
    const spec = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const headerOf = (path: string) =>
      (spec.paths[path].post.parameters as { in: string; name: string }[]).some(
        (parameter) => parameter.in === 'header' && parameter.name === 'x-wallet-pin',
      );
    expect(headerOf('/api/v1/wallet/transfer')).toBe(true);
    expect(headerOf('/api/v1/agent/cash-out')).toBe(true);
    expect(headerOf('/api/v1/agent/cash-in')).toBe(true);
    expect(headerOf('/api/v1/wallet/deposit')).toBe(false);
  });

  it('should need no PIN for a deposit from a bank', async () => {
    const ann = await t.user('Ann', { pin: false });
    expect((await t.post('/wallet/deposit', ann, { balance: 10 })).statusCode).toBe(201);
  });

  it(
    'should count wrong PINs sent to two API instances together',
    { skip: !onPostgres && 'instances share a PostgreSQL server; the embedded database belongs to one process' },
    async () => {
      const ann = await t.user('Ann');
      const ben = await t.user('Ben');
      await t.post('/wallet/deposit', ann, { balance: 100 });
      const database = await openDatabase({ databaseUrl: t.database.url! });
      const config = loadConfig({
        DATABASE_URL: t.database.url!,
        PIN_SECRET: TEST_PIN_SECRET,
        CLIENT_REPORT_SECRET: TEST_CLIENT_REPORT_SECRET,
        SMTP_URL: 'smtp://127.0.0.1:9',
        PUBLIC_URL: 'http://localhost',
      });
      const other = await buildApp({ config, database, passwordCost: TEST_PASSWORD_COST });
      try {
        const viaOther = () =>
          other.inject({
            method: 'POST',
            url: '/api/v1/wallet/transfer',
            headers: { cookie: `${SESSION_COOKIE}=${ann.cookie}`, 'x-wallet-pin': WRONG },
            payload: { receiverId: ben.id, balance: 5 },
          });
        expect((await send(ann, ben, WRONG)).json()).toMatchObject({ params: { triesLeft: 2 } });
        expect((await viaOther()).json()).toMatchObject({ params: { triesLeft: 1 } });
        expect((await send(ann, ben, WRONG)).statusCode).toBe(423);
        expect((await viaOther()).statusCode).toBe(423);
      } finally {
        await other.close();
        await database.close();
      }
    },
  );
});

describe('the PIN stays secret', () => {
  it('should appear in no log line (at trace level, a failing database included) and no reply', async () => {
    const pin = '86420';
    const cara = await t.user('Cara', { pin: false });
    const ben = await t.user('Ben');
    await t.post('/wallet/deposit', cara, { balance: 100 });
    await setPin(cara, { pin, password: PASSWORD });
    await send(cara, ben, pin);
    await send(cara, ben, '97531');
    await setPin(cara, { pin: '75319', currentPin: pin });
    // A failing database: the movement's statement errors out (the function is gone for a moment).
    const owner = await ownerSql(t.database);
    await owner(`alter function pin_verify(users, jsonb, text) rename to pin_verify_away`);
    try {
      const failed = await send(cara, ben, '75319');
      expect(failed.statusCode).toBe(500);
    } finally {
      await owner(`alter function pin_verify_away(users, jsonb, text) rename to pin_verify`);
      await owner.end();
    }
    const logged = t.logs.join('\n');
    // The log saw these requests, at trace level, and the failure.
    expect(t.app.log.level).toBe('trace');
    expect(logged).toContain('/api/v1/user/pin');
    expect(logged).toContain('request failed');
    for (const secret of [pin, '97531', '75319']) {
      const pattern = new RegExp(`(?<![0-9])${secret}(?![0-9])`);
      expect(pattern.test(logged)).toBe(false);
      expect(replies.some((reply) => pattern.test(reply))).toBe(false);
    }
  });
});
