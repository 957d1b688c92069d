import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { SESSION_COOKIE } from '../src/identity/sessions';
import { PIN_RESET_CODE_TRIES, PIN_RESET_HOLD_HOURS } from '@wallet/shared/contracts';
import {
  createTestContext,
  expectLedgerConsistent,
  ownerSql,
  PASSWORD,
  PIN,
  type Person,
  TEST_CLIENT_REPORT_SECRET,
  TEST_VAPID,
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

  it('should change it with the current PIN, a wrong one counting towards the lock, and keep the count through the change', async () => {
    const ann = await t.user('Ann');
    expect((await setPin(ann, { pin: '97531', currentPin: WRONG })).json()).toMatchObject({
      statusCode: 403,
      code: 'PIN_WRONG',
      params: { triesLeft: 2 },
    });
    expect((await pinRow(ann)).pin_failures).toBe(1);
    expect((await setPin(ann, { pin: '97531', currentPin: PIN })).statusCode).toBe(200);
    // No change clears the count: only the hour, staff, or a right PIN in a movement.
    expect((await pinRow(ann)).pin_failures).toBe(1);
    const ben = await t.user('Ben');
    await t.post('/wallet/deposit', ann, { balance: 100 });
    expect((await send(ann, ben, PIN)).json()).toMatchObject({ code: 'PIN_WRONG', params: { triesLeft: 1 } });
    expect((await send(ann, ben, '97531')).statusCode).toBe(201);
    expect((await pinRow(ann)).pin_failures).toBe(0);
  });
});

describe('a PIN no password alone can replace', () => {
  /** The newest mail to `person` with `subject`, from the development outbox. */
  const mailTo = (person: Person, subject: string) =>
    t.app.mailer.outbox?.find((mail) => mail.recipient === person.email && mail.subject === subject);
  const resetCode = (person: Person) => {
    const code = mailTo(person, 'Your code to reset your wallet PIN')?.text.match(
      /reset your wallet PIN is (\d{6})\./,
    )?.[1];
    if (!code) throw new Error(`no reset code was mailed to ${person.email}`);
    return code;
  };
  const askCode = (person: Person) =>
    t.inject({ method: 'POST', url: '/api/v1/user/pin/reset', cookie: person.cookie });
  const audited = async (person: Person) => {
    const { rows } = (await t.db.execute(
      sql`select action::text, admin_id from audit_log where target_user_id = ${person.id}
          and action in ('pin_set', 'pin_change', 'pin_reset') order by created_at`,
    )) as unknown as { rows: { action: string; admin_id: string }[] };
    return rows;
  };

  it('should refuse the password alone once a PIN exists, and leave the PIN, its count and its lock as they were', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await t.post('/wallet/deposit', ann, { balance: 100 });
    expect((await send(ann, ben, WRONG)).json()).toMatchObject({ params: { triesLeft: 2 } });
    const refused = await setPin(ann, { pin: '97531', password: PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'CURRENT_PIN_NEEDED',
      message: 'Enter your current PIN to change it, or reset a forgotten PIN with a code we email you',
    });
    expect(await pinRow(ann)).toMatchObject({ pin_failures: 1, pin_locked_until: null });
    // The old PIN still moves money, and the new one does not.
    expect((await send(ann, ben, '97531')).json()).toMatchObject({ code: 'PIN_WRONG', params: { triesLeft: 1 } });
    expect((await send(ann, ben, PIN)).statusCode).toBe(201);
  });

  it('should reset a forgotten PIN with the mailed code and the password, hold money leaving for 24 hours, and let money in', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await t.post('/wallet/deposit', ann, { balance: 100 });
    const asked = await askCode(ann);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({
      success: true,
      statusCode: 202,
      message: 'We emailed you a code to reset your PIN',
      data: null,
    });
    const code = resetCode(ann);
    const wrongCode = code === '000000' ? '000001' : '000000';
    expect((await setPin(ann, { pin: '97531', code: wrongCode, password: PASSWORD })).json()).toMatchObject({
      statusCode: 403,
      code: 'PIN_CODE_WRONG',
    });
    expect((await setPin(ann, { pin: '97531', code, password: 'not her password' })).json()).toMatchObject({
      statusCode: 403,
      code: 'PASSWORD_WRONG',
    });
    expect((await setPin(ann, { pin: '97531', code })).json()).toMatchObject({ code: 'PASSWORD_NEEDED' });
    expect((await setPin(ann, { pin: '97531', code: '12345', password: PASSWORD })).statusCode).toBe(400);
    const reset = await setPin(ann, { pin: '97531', code, password: PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Your PIN is reset. Money can leave your wallet again in 24 hours');
    const holdUntil = new Date(reset.json().data.pinResetHoldUntil).getTime();
    expect(Math.abs(holdUntil - Date.now() - PIN_RESET_HOLD_HOURS * 3_600_000)).toBeLessThan(60_000);
    // Used once.
    expect((await setPin(ann, { pin: '86420', code, password: PASSWORD })).json()).toMatchObject({
      code: 'PIN_CODE_WRONG',
    });

    // Money leaving waits, with the hours left; nothing moves. Money coming in arrives.
    const held = await send(ann, ben, '97531');
    expect(held.statusCode).toBe(423);
    expect(held.json()).toMatchObject({
      code: 'PIN_RESET_HOLD',
      message: 'Your PIN was reset: money can leave your wallet again in 24 hours',
      params: { hours: 24 },
    });
    expect(await t.balance(ann)).toBe(150);
    expect((await send(ben, ann, PIN)).statusCode).toBe(201);
    expect((await t.post('/wallet/deposit', ann, { balance: 10 })).statusCode).toBe(201);
    expect(await t.balance(ann)).toBe(165);
    // A wrong PIN during the hold still counts, before the hold is told.
    expect((await send(ann, ben, WRONG)).json()).toMatchObject({ code: 'PIN_WRONG' });

    await t.db.execute(
      sql`update users set pin_reset_at = pin_reset_at - pin_reset_hold() + interval '90 minutes' where id = ${ann.id}`,
    );
    expect((await send(ann, ben, '97531')).json()).toMatchObject({ code: 'PIN_RESET_HOLD', params: { hours: 2 } });
    await t.db.execute(sql`update users set pin_reset_at = pin_reset_at - interval '91 minutes' where id = ${ann.id}`);
    expect((await send(ann, ben, '97531')).statusCode).toBe(201);
    const me = await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: ann.cookie });
    expect(me.json().data.pinResetHoldUntil).toBeNull();
    await expectLedgerConsistent(t.db);
  });

  it("should hold the database's hold to the contracts' hours", async () => {
    const { rows } = (await t.db.execute(
      sql`select extract(epoch from pin_reset_hold()) / 3600 as hours`,
    )) as unknown as {
      rows: { hours: string | number }[];
    };
    expect(Number(rows[0]!.hours)).toBe(PIN_RESET_HOLD_HOURS);
  });

  it('should void a code after 5 wrong tries or 15 minutes, and replace it with a new one', async () => {
    const ann = await t.user('Ann');
    await askCode(ann);
    const first = resetCode(ann);
    await askCode(ann);
    const second = resetCode(ann);
    if (first !== second) {
      expect((await setPin(ann, { pin: '97531', code: first, password: PASSWORD })).json()).toMatchObject({
        code: 'PIN_CODE_WRONG',
      });
    }
    const others = ['111111', '222222', '333333', '444444', '555555', '666666'].filter((code) => code !== second);
    for (const code of others.slice(0, PIN_RESET_CODE_TRIES - (first !== second ? 1 : 0))) {
      expect((await setPin(ann, { pin: '97531', code, password: PASSWORD })).json()).toMatchObject({
        code: 'PIN_CODE_WRONG',
      });
    }
    expect((await setPin(ann, { pin: '97531', code: second, password: PASSWORD })).json()).toMatchObject({
      code: 'PIN_CODE_WRONG',
    });
    await askCode(ann);
    const late = resetCode(ann);
    await t.db.execute(
      sql`update pin_reset_codes set expires_at = clock_timestamp() - interval '1 second' where user_id = ${ann.id}`,
    );
    expect((await setPin(ann, { pin: '97531', code: late, password: PASSWORD })).json()).toMatchObject({
      code: 'PIN_CODE_WRONG',
    });
    // Only a hash of the code is kept.
    const { rows } = (await t.db.execute(
      sql`select code_hash from pin_reset_codes where user_id = ${ann.id}`,
    )) as unknown as {
      rows: { code_hash: string }[];
    };
    expect(rows[0]!.code_hash).not.toContain(late);
    // The old PIN is still the PIN.
    expect((await pinRow(ann)).pin_hash).not.toBeNull();
  });

  it('should keep the wrong-PIN count and a lock through a reset, and refuse a change while locked', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    await t.post('/wallet/deposit', ann, { balance: 100 });
    await send(ann, ben, WRONG);
    await send(ann, ben, WRONG);
    await askCode(ann);
    expect((await setPin(ann, { pin: '97531', code: resetCode(ann), password: PASSWORD })).statusCode).toBe(200);
    expect(await pinRow(ann)).toMatchObject({ pin_failures: 2, pin_locked_until: null });
    // The third wrong PIN still locks it.
    expect((await send(ann, ben, WRONG)).json()).toMatchObject({ code: 'PIN_LOCKED' });
    await askCode(ann);
    expect((await setPin(ann, { pin: '86420', code: resetCode(ann), password: PASSWORD })).statusCode).toBe(200);
    expect((await pinRow(ann)).pin_locked_until).not.toBeNull();
    expect((await setPin(ann, { pin: '75319', currentPin: '86420' })).json()).toMatchObject({
      statusCode: 423,
      code: 'PIN_LOCKED',
    });
  });

  it('should mail and audit every PIN set, change and reset, the person as the actor', async () => {
    const cara = await t.user('Cara', { pin: false });
    expect((await setPin(cara, { pin: PIN, password: PASSWORD })).statusCode).toBe(200);
    expect(mailTo(cara, 'Your wallet PIN is set')?.text).toContain('If it was not you, change your password now');
    expect((await setPin(cara, { pin: '97531', currentPin: PIN })).statusCode).toBe(200);
    expect(mailTo(cara, 'Your wallet PIN was changed')).toBeDefined();
    await askCode(cara);
    expect((await setPin(cara, { pin: '86420', code: resetCode(cara), password: PASSWORD })).statusCode).toBe(200);
    expect(mailTo(cara, 'Your wallet PIN was reset')?.text).toContain('money cannot leave your wallet for 24 hours');
    expect(await audited(cara)).toEqual([
      { action: 'pin_set', admin_id: cara.id },
      { action: 'pin_change', admin_id: cara.id },
      { action: 'pin_reset', admin_id: cara.id },
    ]);
    // A wrong current PIN changes nothing, and is neither mailed nor audited as a change.
    expect((await setPin(cara, { pin: '75319', currentPin: PIN })).json()).toMatchObject({ code: 'PIN_WRONG' });
    expect(await audited(cara)).toHaveLength(3);
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
        ...TEST_VAPID,
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

describe('a burst of PINs at once', () => {
  it(
    'should judge them one at a time: never three wrong ones in a row without a lock, and no right PIN taken after it',
    {
      skip:
        !onPostgres && 'a burst needs connections that run at once; the embedded database runs one statement at a time',
    },
    async () => {
      const BURSTS = 50;
      const SIZE = 20;
      const ann = await t.user('Ann');
      const ben = await t.user('Ben');
      await t.post('/wallet/deposit', ann, { balance: BURSTS * 10 });
      // Nineteen wrong PINs, none of them the right one, and none too easy to be accepted as a PIN.
      const wrong = Array.from({ length: SIZE - 1 }, (_, n) => String(20_000 + n * 3_137 + 1));
      let posted = 0;
      for (let burst = 0; burst < BURSTS; burst += 1) {
        const right = burst % SIZE;
        const pins = [...wrong.slice(0, right), PIN, ...wrong.slice(right)];
        const answers = await Promise.all(pins.map((pin) => send(ann, ben, pin, randomUUID(), 1)));
        const bodies = answers.map((answer) => answer.json() as { code?: string; params?: { triesLeft?: number } });
        const rightAnswer = answers[right]!;
        // Every wrong PIN judged is answered PIN_WRONG with the tries left, or PIN_LOCKED by the one that locked it.
        const judgedWrong = bodies.filter((body) => body.code === 'PIN_WRONG');
        // Compared in the database, to the microsecond.
        const { rows: order } = (await t.db.execute(
          sql`select (select max(created_at) from transactions where sender_user_id = ${ann.id})
                   < (select max(created_at) from audit_log where action = 'pin_lock' and target_user_id = ${ann.id})
                   as moved_before_lock`,
        )) as unknown as { rows: { moved_before_lock: boolean }[] };
        if (rightAnswer.statusCode === 201) {
          posted += 1;
          // The right PIN was judged before the lock: its movement was written before the lock's row.
          expect(order[0]!.moved_before_lock).toBe(true);
          // Judged in turn, the right one clears the count: at most two wrong before it, three after.
          expect(judgedWrong.length).toBeLessThanOrEqual(4);
        } else {
          expect(bodies[right]).toMatchObject({ code: 'PIN_LOCKED' });
          // No right PIN between them: two answered PIN_WRONG, the third locked it.
          expect(judgedWrong.map((body) => body.params?.triesLeft).sort()).toEqual([1, 2]);
        }
        expect(bodies.filter((body) => body.code !== 'PIN_WRONG' && body.code !== 'PIN_LOCKED').length).toBe(
          rightAnswer.statusCode === 201 ? 1 : 0,
        );
        // Staff lift the lock for the next burst.
        await t.db.execute(sql`update users set pin_locked_until = null, pin_failures = 0 where id = ${ann.id}`);
      }
      expect(await t.balance(ben)).toBe(50 + posted);
      await expectLedgerConsistent(t.db);
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
    // A reset code, asked and used: in the mail only, never in a log line or a reply.
    await t.inject({ method: 'POST', url: '/api/v1/user/pin/reset', cookie: cara.cookie });
    const code = t.app.mailer.outbox!.find((mail) => mail.recipient === cara.email)!.text.match(/is (\d{6})\./)![1]!;
    await setPin(cara, { pin: '31975', code, password: PASSWORD });
    await setPin(cara, { pin: '75319', currentPin: '31975' });
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
    for (const secret of [pin, '97531', '75319', '31975', code]) {
      const pattern = new RegExp(`(?<![0-9])${secret}(?![0-9])`);
      expect(pattern.test(logged)).toBe(false);
      expect(replies.some((reply) => pattern.test(reply))).toBe(false);
    }
  });
});
