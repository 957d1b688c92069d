import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { createTestContext, openTestDatabase, type TestContext } from './helpers';
import { freePort } from './postgres-cluster';

/**
 * DATABASE_READ_URL on one server, where no failover is needed to reach each path of the read side
 * (db/client.ts `reading`, routes/health.ts): a read side that answers serves the heavy reads; one
 * that cannot be reached sends them to the leader; readiness with the leader away answers from the
 * read side. The cluster suite (test/cluster) runs the same code against real standbys and a real
 * failover.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const skip = !onPostgres && 'a read side is a PostgreSQL server of its own';

const contexts: TestContext[] = [];
after(async () => {
  for (const context of contexts) await context.close();
});

/** The test database opened again with `readUrl` as its read side, and an app on it. */
async function contextReadingFrom(readUrl: (url: string) => Promise<string>) {
  const database = await openTestDatabase();
  const url = database.url!;
  const withReads = await openDatabase({ databaseUrl: url, readUrl: await readUrl(url), poolSize: 4 });
  const handle: DatabaseHandle & { url?: string } = {
    ...withReads,
    url,
    close: async () => {
      await withReads.close();
      await database.close();
    },
  };
  const t = await createTestContext({}, undefined, handle);
  contexts.push(t);
  return { t, handle };
}

async function historyAfterTransfer(t: TestContext) {
  const [from, to] = [await t.user('Reader from'), await t.user('Reader to')];
  await t.post('/wallet/deposit', from, { balance: 100 });
  const sent = await t.post('/wallet/transfer', from, { receiverId: to.id, balance: 3 });
  expect(sent.statusCode).toBe(201);
  const history = await t.inject({ method: 'GET', url: '/api/v1/transaction/me?limit=1', cookie: to.cookie });
  expect(history.statusCode).toBe(200);
  return { id: sent.json().data.transaction._id, first: history.json().data[0]._id };
}

describe('the read side (DATABASE_READ_URL)', { skip }, () => {
  it('should serve a heavy read from a read side that has caught up, with the write just made', async () => {
    // The same server as its own read side: not in recovery, so it has everything at once.
    const { t, handle } = await contextReadingFrom(async (url) => url);
    const { id, first } = await historyAfterTransfer(t);
    expect(first).toBe(id);
    expect(handle.readSide!.served()).toEqual({ standby: 1, leader: 0 });
  });

  it('should send a heavy read to the leader when the read side cannot be reached', async () => {
    const closed = await freePort();
    const { t, handle } = await contextReadingFrom(async (url) => url.replace(/:\d+\//, `:${closed}/`));
    const { id, first } = await historyAfterTransfer(t);
    expect(first).toBe(id);
    expect(handle.readSide!.served()).toEqual({ standby: 0, leader: 1 });
  });

  it('should stay ready without writes while the leader is away and the read side answers, and not when neither does', async () => {
    const leaderAway = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    for (const [readSideUp, expected] of [
      [true, { status: 200, writes: false }],
      [false, { status: 503, writes: undefined }],
    ] as const) {
      const closed = await freePort();
      const { t } = await contextReadingFrom(async (url) => (readSideUp ? url : url.replace(/:\d+\//, `:${closed}/`)));
      expect((await t.inject({ method: 'GET', url: '/api/v1/health/ready' })).json().data.writes).toBe(true);
      // The leader's connections fail as they do during a failover; the read side is as it is.
      t.app.database.query = () => Promise.reject(leaderAway);
      const ready = await t.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect({ status: ready.statusCode, writes: ready.json().data?.writes }).toEqual(expected);
    }
  });

  it('should answer 503 with Retry-After when a write reaches a server just demoted to a standby (25006)', async () => {
    const { t } = await contextReadingFrom(async (url) => url);
    const [from, to] = [await t.user('Demoted from'), await t.user('Demoted to')];
    await t.post('/wallet/deposit', from, { balance: 100 });
    const readOnly = Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' });
    t.app.database.query = () => Promise.reject(readOnly);
    const sent = await t.post('/wallet/transfer', from, { receiverId: to.id, balance: 3 });
    expect([sent.statusCode, sent.headers['retry-after']]).toEqual([503, '1']);
  });
});
