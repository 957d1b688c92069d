import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { inArray, sql } from 'drizzle-orm';
import { idempotencyKeys, transactions } from '../src/db/schema';
import { crashCluster, restartCluster, startCluster, stopCluster, type ClusterState } from './postgres-cluster';
import { createTestContext, expectLedgerConsistent, type Person, type TestContext } from './helpers';

/**
 * PostgreSQL killed with SIGKILL under a load of money movements, and started again, five times.
 * The test has a server of its own (the suite's shared one serves the other files meanwhile).
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const skip = !onPostgres && 'kills a PostgreSQL server: PostgreSQL only';
const UNAVAILABLE = 'Service temporarily unavailable. Please try again.';

let cluster: ClusterState | undefined;
let t: TestContext;
before(async () => {
  if (!onPostgres) return;
  // Durable, as in production: with synchronous_commit off a commit is answered before its WAL is
  // written, and a crash loses it (this test finds such losses).
  cluster = await startCluster({ durable: true });
  process.env.TEST_POSTGRES_URL = cluster.url;
  // The run's migrated template is on the shared server: this one's database is migrated here.
  delete process.env.TEST_POSTGRES_TEMPLATE;
  // Short connect and statement timeouts: a request in flight learns fast that the server is gone.
  t = await createTestContext({ DATABASE_CONNECT_TIMEOUT_MS: '1000', DATABASE_STATEMENT_TIMEOUT_MS: '3000' });
});
after(async () => {
  if (!cluster) return;
  await t.close().catch(() => undefined);
  stopCluster(cluster);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Attempt {
  key: string;
  from: Person;
  to: Person;
  status: number;
  message?: string;
  transactionId?: string;
}

describe('PostgreSQL crashing under load', () => {
  it(
    'should stay up, answer 503 while the database is gone, serve again when it is back, and lose no movement answered 201',
    { skip, timeout: 180_000 },
    async () => {
      const people = await Promise.all(Array.from({ length: 6 }, (_, i) => t.user(`Crash ${i}`)));
      for (const person of people) await t.post('/wallet/deposit', person, { balance: 10_000 });
      const attempts: Attempt[] = [];
      let stop = false;
      let sequence = 0;
      const worker = async (lane: number) => {
        while (!stop) {
          const from = people[(lane + sequence) % people.length]!;
          const to = people[(lane + sequence + 1 + (sequence % 4)) % people.length]!;
          const key = `crash-${lane}-${(sequence += 1)}`;
          const response = await t.post(
            '/wallet/transfer',
            from,
            { receiverId: to.id, balance: 1 },
            {
              'idempotency-key': key,
            },
          );
          const body = response.json();
          attempts.push({
            key,
            from,
            to,
            status: response.statusCode,
            message: body.message,
            transactionId: body.data?.transaction?._id,
          });
          if (response.statusCode !== 201) await sleep(20);
        }
      };
      const health = () => t.inject({ method: 'GET', url: '/api/v1/health' });
      const load = Array.from({ length: 6 }, (_, lane) => worker(lane));

      const recoveries: number[] = [];
      for (let round = 1; round <= 5; round += 1) {
        await sleep(400);
        crashCluster(cluster!);
        await sleep(300);
        const down = await health();
        expect(down.statusCode).toBe(503);
        // The process itself is fine: liveness says so, so a probe restarts nothing.
        expect((await t.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
        expect((await t.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(503);
        expect(down.json()).toMatchObject({ success: false, statusCode: 503, message: UNAVAILABLE });
        await restartCluster(cluster!);
        const back = Date.now();
        while ((await health()).statusCode !== 200) {
          expect(Date.now() - back).toBeLessThan(15_000);
          await sleep(100);
        }
        recoveries.push(Date.now() - back);
      }
      await sleep(400);
      stop = true;
      await Promise.all(load);

      // Every answer was a 201 or the 503 that says to try again: nothing else, no crash.
      const statuses = new Set(attempts.map((attempt) => attempt.status));
      expect([...statuses].sort()).toEqual([201, 503]);
      for (const failed of attempts.filter((attempt) => attempt.status === 503)) {
        expect(failed.message).toBe(UNAVAILABLE);
      }

      // No movement answered 201 is missing.
      const answered = attempts.filter((attempt) => attempt.status === 201).map((attempt) => attempt.transactionId!);
      const stored = await t.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(inArray(transactions.id, answered));
      expect(stored).toHaveLength(answered.length);

      // A 503 may have come after the commit (the reply was lost with the connection): retried
      // with its key, each movement is there exactly once, answered 201 now, moved or replayed.
      for (const failed of attempts.filter((attempt) => attempt.status === 503)) {
        const retry = await t.post(
          '/wallet/transfer',
          failed.from,
          { receiverId: failed.to.id, balance: 1 },
          {
            'idempotency-key': failed.key,
          },
        );
        expect(retry.statusCode).toBe(201);
      }
      const keys = (await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(idempotencyKeys)
        .where(sql`${idempotencyKeys.key} like 'crash-%'`)) as { n: number }[];
      const moved = (await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(sql`${transactions.type} = 'transfer'`)) as { n: number }[];
      expect(moved[0]!.n).toBe(attempts.length);
      expect(keys[0]!.n).toBe(attempts.length);
      await expectLedgerConsistent(t.db);
      const total = people.length * (50 + 10_000);
      const balances = await Promise.all(people.map((person) => t.balance(person)));
      expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(total);
      console.log(
        `${attempts.length} transfers: ${answered.length} answered 201, ${attempts.length - answered.length} answered 503; ` +
          `serving again ${recoveries.map((ms) => `${ms} ms`).join(', ')} after each restart`,
      );
    },
  );
});
