import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { idempotencyKeys } from '../src/db/schema';
import { eq } from 'drizzle-orm';
import { fingerprint, purgeExpiredKeys } from '../src/ledger/idempotency';
import { hashToken } from '../src/lib/tokens';
import { createTestContext, ledgerState, outsideClient, ownerSql, type TestContext } from './helpers';

const t_onPglite = () => process.env.TEST_DB !== 'postgres';

let t: TestContext;
before(async () => {
  t = await createTestContext();
});
after(() => t.close());

const key = (value: string) => ({ 'idempotency-key': value });

describe('Idempotency-Key on money POSTs', () => {
  it('should replay the first answer for the same key and body, moving money once', async () => {
    const ann = await t.user('Ann');
    const first = await t.post('/wallet/deposit', ann, { balance: 100 }, key('deposit-1'));
    const before = await ledgerState(t.db);
    const again = await t.post('/wallet/deposit', ann, { balance: 100 }, key('deposit-1'));
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await ledgerState(t.db)).toEqual(before);
    expect(await t.balance(ann)).toBe(150);
  });

  it('should move money once when a double click sends the same key twice at the same time', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const responses = await Promise.all(
      [1, 2, 3, 4].map(() => t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 10 }, key('double-click'))),
    );
    // Each duplicate either waited out the first (replay) or met it in flight (409); none moved money again.
    for (const response of responses) expect([201, 409]).toContain(response.statusCode);
    expect(responses.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed'])).toHaveLength(1);
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([40, 60]);
  });

  it('should refuse the same key with another body with 422', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 5 }, key('k-422'));
    const other = await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 6 }, key('k-422'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      success: false,
      statusCode: 422,
      message: 'This Idempotency-Key was already used for a different request',
      code: 'KEY_REUSED',
    });
    const otherRoute = await t.post('/wallet/deposit', ann, { balance: 5 }, key('k-422'));
    expect(otherRoute.statusCode).toBe(422);
    expect(await t.balance(ann)).toBe(45);
  });

  it(
    'should answer 409 at once while another request holds the key, and move money once it is gone',
    {
      skip: t_onPglite() && 'the embedded database runs one transaction at a time: no request can hold a key open',
    },
    async () => {
      const ann = await t.user('Ann');
      // Another request's transaction has claimed the key and not committed yet.
      const other = await outsideClient(t.database);
      try {
        // The other request is the same movement, run by another API instance, not yet committed.
        await other.query('begin');
        await other.query(`select * from ledger_move(jsonb_populate_record(null::movement_request, $1))`, [
          {
            type: 'deposit',
            role: 'USER',
            session_hash: hashToken(ann.cookie),
            idle_seconds: 86400,
            amount: 700,
            key: 'running',
            request_hash: fingerprint('deposit', { balance: 7 }),
          },
        ]);
        const started = Date.now();
        const response = await t.post('/wallet/deposit', ann, { balance: 7 }, key('running'));
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('A request with this Idempotency-Key is still being processed');
        expect(Date.now() - started).toBeLessThan(4000);
        expect(await t.balance(ann)).toBe(50);
        // That request died: its claim goes with its rollback, and the retry moves the money.
        await other.query('rollback');
      } finally {
        await other.end();
      }
      const retried = await t.post('/wallet/deposit', ann, { balance: 7 }, key('running'));
      expect(retried.statusCode).toBe(201);
      expect(await t.balance(ann)).toBe(57);
    },
  );

  it('should leave no claim behind when a request fails after claiming its key', async () => {
    const ann = await t.user('Ann');
    // A failure inside the movement's transaction, after the key was claimed (as a crash would be),
    // put there by the schema's owner: the API's own role can add no trigger.
    const owner = await ownerSql(t.database);
    await owner(`
      create function fail_deposit_777() returns trigger language plpgsql as $$
      begin if new.amount = 777 then raise exception 'simulated crash'; end if; return new; end $$`);
    await owner(
      `create trigger fail_deposit_777 before insert on transactions for each row execute function fail_deposit_777()`,
    );
    try {
      const crashed = await t.post('/wallet/deposit', ann, { balance: 7.77 }, key('crashed'));
      expect(crashed.statusCode).toBe(500);
      expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, ann.id))).toEqual([]);
    } finally {
      await owner(`drop trigger fail_deposit_777 on transactions`);
      await owner(`drop function fail_deposit_777()`);
      await owner.end();
    }
    const retried = await t.post('/wallet/deposit', ann, { balance: 7.77 }, key('crashed'));
    expect(retried.statusCode).toBe(201);
    expect(await t.balance(ann)).toBe(57.77);
  });

  it('should let a refused movement be retried with the same key once it can succeed', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const refused = await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 80 }, key('retry'));
    expect(refused.statusCode).toBe(400);
    await t.post('/wallet/deposit', ann, { balance: 30 });
    const retried = await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 80 }, key('retry'));
    expect(retried.statusCode).toBe(201);
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([0, 130]);
  });

  it('should keep keys apart per user', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    expect((await t.post('/wallet/deposit', ann, { balance: 1 }, key('shared'))).statusCode).toBe(201);
    const benResponse = await t.post('/wallet/deposit', ben, { balance: 1 }, key('shared'));
    expect(benResponse.statusCode).toBe(201);
    expect(benResponse.headers['idempotent-replayed']).toBeUndefined();
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([51, 51]);
  });

  it('should forget a key after 24 hours: the same key then moves money again', async () => {
    const ann = await t.user('Ann');
    expect((await t.post('/wallet/deposit', ann, { balance: 5 }, key('yesterday'))).statusCode).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`clock_timestamp() - interval '25 hours'` })
      .where(eq(idempotencyKeys.userId, ann.id));
    const again = await t.post('/wallet/deposit', ann, { balance: 5 }, key('yesterday'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.balance(ann)).toBe(60);
  });

  it('should purge every expired key and keep the recent ones', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    await t.post('/wallet/deposit', ann, { balance: 1 }, key('old'));
    await t.post('/wallet/deposit', ben, { balance: 1 }, key('recent'));
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`clock_timestamp() - interval '25 hours'` })
      .where(eq(idempotencyKeys.userId, ann.id));
    await purgeExpiredKeys(t.db);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, ann.id))).toEqual([]);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, ben.id))).toHaveLength(1);
  });

  it('should refuse a malformed key with 400', async () => {
    const ann = await t.user('Ann');
    for (const bad of ['', 'x'.repeat(256), 'has space']) {
      const response = await t.post('/wallet/deposit', ann, { balance: 1 }, key(bad));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/idempotency-key/i);
    }
    expect(await t.balance(ann)).toBe(50);
  });
});
