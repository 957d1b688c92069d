import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { and, eq } from 'drizzle-orm';
import { transactions } from '../src/db/schema';
import { createTestContext, expectLedgerConsistent, outsideClient, type TestContext } from './helpers';

/**
 * A money request stuck behind a lock must never move money twice. The sender's wallet row is
 * held from outside (another transaction, as a stuck batch job or a slow admin action would),
 * while the API's own timeouts are short so the test takes seconds, not minutes.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
let t: TestContext;
before(async () => {
  t = await createTestContext({ DATABASE_LOCK_TIMEOUT_MS: '800', DATABASE_STATEMENT_TIMEOUT_MS: '1500' });
});
after(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Idempotency-Key when a request stalls', () => {
  it(
    'should move money exactly once when a keyed transfer stalls behind a lock and is retried past every timeout',
    { skip: !onPostgres && 'needs a second connection holding a row lock: PostgreSQL only' },
    async () => {
      const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
      const headers = { 'idempotency-key': 'stalled-transfer' };
      const body = { receiverId: ben.id, balance: 10 };
      const holder = await outsideClient(t.database);
      const answers: { statusCode: number; body: { data?: { transaction: { _id: string } } } }[] = [];
      try {
        await holder.query('begin');
        await holder.query('select id from accounts where id = $1 for update', [ann.walletId]);

        // The first request waits on the lock; it must come back with a clear answer, not hang.
        const first = t.post('/wallet/transfer', ann, body, headers);
        const outcome = await Promise.race([first, sleep(5000).then(() => 'still waiting' as const)]);
        expect(outcome).not.toBe('still waiting');
        const firstAnswer = outcome as Awaited<typeof first>;
        answers.push({ statusCode: firstAnswer.statusCode, body: firstAnswer.json() });

        // Past every timeout, the retry with the same key, the lock still held.
        await sleep(1000);
        const retry = await t.post('/wallet/transfer', ann, body, headers);
        answers.push({ statusCode: retry.statusCode, body: retry.json() });
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      // Both stalled answers are clear refusals that say to try again; nothing moved.
      for (const answer of answers) {
        expect(answer.statusCode).toBe(503);
        expect(answer.body).toMatchObject({
          success: false,
          message: 'Service temporarily unavailable. Please try again.',
        });
      }
      expect([await t.balance(ann), await t.balance(ben)]).toEqual([50, 50]);

      // The lock gone, the same key moves the money once; a further retry replays that answer.
      const done = await t.post('/wallet/transfer', ann, body, headers);
      const replay = await t.post('/wallet/transfer', ann, body, headers);
      expect(done.statusCode).toBe(201);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().data.transaction._id).toBe(done.json().data.transaction._id);
      const moved = await t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.senderUserId, ann.id), eq(transactions.type, 'transfer')));
      expect(moved).toHaveLength(1);
      expect([await t.balance(ann), await t.balance(ben)]).toEqual([40, 60]);
      await expectLedgerConsistent(t.db);
    },
  );
});
