import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { checkLedgerHealth, readLedgerHealth } from '../../src/ledger/ledger-health';
import { createTestContext, expectLedgerConsistent, ledgerState, type Person, type TestContext } from '../helpers';
import { asSuperuser, freePort, runAsServerUser } from '../postgres-cluster';
import {
  clusterCommand,
  killNode,
  members,
  startPatroniCluster,
  stopPatroniCluster,
  type PatroniCluster,
} from './patroni';

/**
 * The API on the replicated cluster of `pnpm cluster start` (three PostgreSQL nodes under
 * Patroni, synchronous and strict, HAProxy in front, pgBackRest archiving), on this machine:
 * a point-in-time restore, a standby lost under load, and the leader lost under load.
 */
const TTL_S = 20;
const LOOP_WAIT_S = 5;

let cluster: PatroniCluster;
let database: DatabaseHandle & { url?: string; ownerUrl?: string };
let t: TestContext;
let people: Person[];
let watcher: Person;
let origin: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BIN = '/usr/lib/postgresql/15/bin';

before(async () => {
  cluster = await startPatroniCluster();
  // As production runs it: the owner migrates through the write port, the API's role serves.
  database = {
    ...(await openDatabase({
      databaseUrl: cluster.urls.write,
      ownerUrl: cluster.urls.owner,
      readUrl: cluster.urls.read,
      poolSize: 10,
      timeouts: { statementMs: 5_000, lockMs: 3_000, idleInTransactionMs: 10_000, connectMs: 2_000 },
    })),
    url: cluster.urls.write,
    ownerUrl: cluster.urls.owner,
  };
  t = await createTestContext({}, undefined, database);
  people = [];
  for (let i = 0; i < 4; i += 1) people.push(await t.user(`Cluster ${i}`));
  for (const person of people) await t.post('/wallet/deposit', person, { balance: 5_000 });
  watcher = await t.user('Cluster watcher');
  // A real listening server: live events are a stream, which inject cannot hold open.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
});

after(async () => {
  await t?.close().catch(() => undefined);
  if (cluster) stopPatroniCluster(cluster);
});

interface Outcome {
  key: string;
  status: number;
  startedAt: number;
  endedAt: number;
  transactionId?: string;
}

/**
 * Keyed 1-Taka transfers from `lanes` lanes until `stop`: each lane retries a key that did not get
 * 201 with the same key, as a client would, until it does. Returns every attempt.
 */
let loads = 0;
function sendTransfers(lanes: number) {
  const load = (loads += 1);
  const outcomes: Outcome[] = [];
  let stopped = false;
  let givenUpAt = Infinity;
  let sequence = 0;
  const lane = async (index: number) => {
    while (!stopped) {
      const from = people[index % people.length]!;
      const to = people[(index + 1) % people.length]!;
      const key = `cluster-${load}-${index}-${(sequence += 1)}`;
      // Once stopped, a lane still retries its key for a while: every key is to end answered 201.
      for (;;) {
        if (stopped && performance.now() > givenUpAt) break;
        const startedAt = performance.now();
        const response = await t.post(
          '/wallet/transfer',
          from,
          { receiverId: to.id, balance: 1 },
          { 'idempotency-key': key },
        );
        const body = response.json() as { data?: { transaction?: { _id: string } } };
        outcomes.push({
          key,
          status: response.statusCode,
          startedAt,
          endedAt: performance.now(),
          transactionId: body.data?.transaction?._id,
        });
        if (response.statusCode === 201) break;
        await sleep(100);
      }
    }
  };
  const running = Promise.all(Array.from({ length: lanes }, (_, index) => lane(index)));
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      givenUpAt = performance.now() + 30_000;
      await running;
      return outcomes;
    },
  };
}

/**
 * The wallet events `person` is sent, over a stream opened again whenever it ends (as the
 * browser's EventSource does: a lost LISTEN ends every stream so that clients refetch).
 */
function followEvents(person: Person) {
  const events: { transactionId?: string; wallet: { balance: number } }[] = [];
  let streams = 0;
  let closed = false;
  let current: AbortController | undefined;
  const follow = async () => {
    while (!closed) {
      current = new AbortController();
      try {
        const response = await fetch(`${origin}/api/v1/events`, {
          headers: { accept: 'text/event-stream', cookie: `${t.sessionCookie}=${person.cookie}` },
          signal: current.signal,
        });
        if (response.status === 200 && response.body) {
          streams += 1;
          const decoder = new TextDecoder();
          let buffer = '';
          for await (const chunk of response.body) {
            buffer += decoder.decode(chunk as Uint8Array, { stream: true });
            let cut;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              if (!block.startsWith('event: wallet')) continue;
              const data = block.split('\n').find((line) => line.startsWith('data:'))!;
              events.push(JSON.parse(data.slice(5)));
            }
          }
        }
      } catch {
        // Ended or refused while the database is away: open it again.
      }
      if (!closed) await sleep(500);
    }
  };
  const running = follow();
  return {
    events,
    streams: () => streams,
    stop: async () => {
      closed = true;
      current?.abort();
      await running;
    },
  };
}

/**
 * Once the watcher's `streams`th stream is open, a transfer to the watcher, and its event on that
 * stream within 20 s. (A movement made while no LISTEN is open is announced to nobody: the stream
 * is ended when LISTEN is back, and its client refetches.)
 */
async function expectLiveEvent(live: ReturnType<typeof followEvents>, streams: number) {
  for (const deadline = Date.now() + 30_000; live.streams() < streams; await sleep(100)) {
    if (Date.now() > deadline) throw new Error(`stream ${streams} was not opened in 30 s`);
  }
  // The stream is registered once its first bytes came; a moment for the instance to list it.
  await sleep(200);
  const sent = await t.post('/wallet/transfer', people[0]!, { receiverId: watcher.id, balance: 2 });
  expect(sent.statusCode).toBe(201);
  const id = (sent.json() as { data: { transaction: { _id: string } } }).data.transaction._id;
  for (
    const deadline = Date.now() + 20_000;
    !live.events.some((event) => event.transactionId === id);
    await sleep(100)
  ) {
    if (Date.now() > deadline) {
      throw new Error(
        `no live event for ${id}: ${live.streams()} streams opened, events ${JSON.stringify(live.events)}`,
      );
    }
  }
}

describe('the API on a Patroni cluster', () => {
  it(
    "should show a person's statement and history, read from a standby right after a transfer, with that transfer, 100 times in a row",
    { timeout: 120_000 },
    async () => {
      const [a, b] = [people[2]!, people[3]!];
      const before = database.readSide!.served();
      const today = new Date().toISOString().slice(0, 10);
      let missedWithoutWaiting = 0;
      for (let round = 0; round < 100; round += 1) {
        const sent = await t.post('/wallet/transfer', a, { receiverId: b.id, balance: 0.01 });
        expect(sent.statusCode).toBe(201);
        const id = (sent.json() as { data: { transaction: { _id: string } } }).data.transaction._id;
        // What a read on a standby straight after would miss, for the record: nothing holds it back.
        if (round % 10 === 0) {
          const raw = await database.readSide!.query<{ found: boolean }>(
            { name: 'cluster_test_raw_read', text: 'select exists(select 1 from transactions where id = $1) as found' },
            [id],
          );
          if (!raw[0]!.found) missedWithoutWaiting += 1;
        }
        const history = await t.inject({ method: 'GET', url: '/api/v1/transaction/me?limit=1', cookie: b.cookie });
        expect(history.statusCode).toBe(200);
        expect((history.json() as { data: { _id: string }[] }).data[0]!._id).toBe(id);
        const statement = await t.inject({
          method: 'GET',
          url: `/api/v1/transaction/me/statement?from=${today}&to=${today}&format=csv`,
          cookie: a.cookie,
        });
        expect(statement.statusCode).toBe(200);
        expect(statement.body).toContain(id);
      }
      const after = database.readSide!.served();
      const served = { standby: after.standby - before.standby, leader: after.leader - before.leader };
      console.log(
        `read-your-writes: 200 reads, ${served.standby} on a standby, ${served.leader} on the leader after waiting; ` +
          `${missedWithoutWaiting} of 10 unwaited standby reads missed the transfer`,
      );
      expect(served.standby + served.leader).toBe(200);
      // The standbys served them: the leader is the exception (a standby that did not catch up in time).
      expect(served.standby).toBeGreaterThanOrEqual(190);
    },
  );

  it(
    'should restore the balances of a moment between two transfers, to the poisha, with the ledger checks passing',
    { timeout: 120_000 },
    async () => {
      const [a, b] = [people[0]!, people[1]!];
      // An incremental backup on top of the full one `cluster start` took: the restore starts from it.
      expect(clusterCommand(cluster, ['backup'])).toMatch(/incr backup/);
      const first = await t.post('/wallet/transfer', a, { receiverId: b.id, balance: 12.34 });
      expect(first.statusCode).toBe(201);
      const between = (await ledgerState(t.db)).balances;
      await sleep(600);
      const target = new Date().toISOString();
      await sleep(600);
      const second = await t.post('/wallet/transfer', b, { receiverId: a.id, balance: 7.01 });
      expect(second.statusCode).toBe(201);
      expect((await ledgerState(t.db)).balances).not.toEqual(between);
      // The second transfer's WAL segment closed and archived before the restore reads the archive.
      await asSuperuser(cluster.superuserUrl, async (client) => {
        const { rows } = await client.query<{ wal: string }>('select pg_walfile_name(pg_switch_wal()) as wal');
        const switched = rows[0]!.wal;
        for (const deadline = Date.now() + 30_000; ; await sleep(200)) {
          const archived = await client.query<{ wal: string | null }>(
            'select last_archived_wal as wal from pg_stat_archiver',
          );
          if ((archived.rows[0]!.wal ?? '') >= switched) break;
          if (Date.now() > deadline) throw new Error(`${switched} was not archived in 30 s`);
        }
      });

      const parent = mkdtempSync(path.join(tmpdir(), 'wallet-restore-'));
      chmodSync(parent, 0o755);
      const into = path.join(parent, 'data');
      try {
        const restoring = performance.now();
        const printed = clusterCommand(cluster, ['restore', '--to', target, '--into', into]);
        const restoredIn = (performance.now() - restoring) / 1000;
        expect(printed).toContain('pg_ctl');
        const port = await freePort();
        runAsServerUser(path.join(BIN, 'pg_ctl'), [
          '-D',
          into,
          '-l',
          path.join(into, 'server.log'),
          '-o',
          `-p ${port}`,
          '-w',
          '-t',
          '60',
          'start',
        ]);
        try {
          const restoredUrl = cluster.superuserUrl.replace(/@127\.0\.0\.1:\d+\/postgres$/, `@127.0.0.1:${port}/wallet`);
          // It opens for reads once consistent, and for writes once it has replayed to the target.
          await asSuperuser(restoredUrl, async (client) => {
            for (const deadline = Date.now() + 30_000; ; await sleep(200)) {
              const { rows } = await client.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering');
              if (!rows[0]!.recovering) break;
              if (Date.now() > deadline) throw new Error('The restored server did not finish recovery in 30 s');
            }
          });
          console.log(
            `restore to ${target}: ${restoredIn.toFixed(1)} s to restore, ${((performance.now() - restoring) / 1000 - restoredIn).toFixed(1)} s more to start and replay`,
          );
          const restored = await openDatabase({ databaseUrl: restoredUrl, poolSize: 2 });
          try {
            const state = await expectLedgerConsistent(restored.db);
            expect(state.balances).toEqual(between);
            // The ledger's own health check, as the maintenance job runs it, over every entry.
            expect(await checkLedgerHealth(restored.db, 0)).toBe(true);
            const health = await readLedgerHealth(restored.db);
            expect(health.entriesNet).toBe(0n);
            expect(health.negativeWallets).toBe(0);
          } finally {
            await restored.close();
          }
        } finally {
          try {
            runAsServerUser(path.join(BIN, 'pg_ctl'), ['-D', into, '-m', 'immediate', 'stop']);
          } catch {
            // Not running: nothing to stop.
          }
        }
      } finally {
        rmSync(parent, { recursive: true, force: true });
      }
    },
  );

  it(
    `should keep every write within loop_wait + 5 s (${LOOP_WAIT_S + 5} s) when the synchronous standby is lost under load`,
    { timeout: 120_000 },
    async () => {
      const standby = (await members(cluster)).find((member) => member.role === 'sync_standby')!;
      const load = sendTransfers(4);
      await sleep(1_000);
      killNode(cluster, standby.name);
      await sleep(12_000);
      const outcomes = await load.stop();
      // The lost node comes back (pg_rewind if it must) and streams again before the next test.
      clusterCommand(cluster, ['start']);
      const longest = Math.max(...outcomes.map((outcome) => outcome.endedAt - outcome.startedAt));
      const statuses = [...new Set(outcomes.map((outcome) => outcome.status))];
      console.log(
        `standby ${standby.name} killed: ${outcomes.length} requests (${statuses.join(', ')}), the longest ${Math.round(longest)} ms`,
      );
      // A write waits for the synchronous standby until the leader's Patroni names another (within
      // loop_wait): none waits longer than loop_wait + 5 s. One that waited behind another's row
      // lock past the lock timeout is answered 503, and its retry with the same key is posted.
      expect(longest).toBeLessThan((LOOP_WAIT_S + 5) * 1000);
      expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
      const keys = new Set(outcomes.map((outcome) => outcome.key));
      expect(new Set(outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.key)).size).toBe(
        keys.size,
      );
      // Another standby took its place as the synchronous one.
      expect((await members(cluster)).some((member) => member.role === 'sync_standby')).toBe(true);
    },
  );

  it(
    `should post every acknowledged movement once, and write again within ttl + loop_wait + 10 s (${TTL_S + LOOP_WAIT_S + 10} s), when the leader is lost under load`,
    { timeout: 180_000 },
    async (test) => {
      const leader = (await members(cluster)).find((member) => member.role === 'leader')!;
      const live = followEvents(watcher);
      test.after(() => live.stop());
      await expectLiveEvent(live, 1);
      const load = sendTransfers(4);
      await sleep(1_500);
      expect(live.streams()).toBe(1);
      const killedAt = performance.now();
      killNode(cluster, leader.name);
      // Writes resume on the new leader, without restarting the API. Meanwhile readiness and
      // signed-in reads are asked what they answer.
      let resumedAt: number | undefined;
      const readiness: { status: number; writes?: boolean }[] = [];
      const historyReads: number[] = [];
      for (const deadline = Date.now() + 60_000; Date.now() < deadline && resumedAt === undefined; await sleep(200)) {
        resumedAt = load.outcomes.find((outcome) => outcome.status === 201 && outcome.startedAt > killedAt)?.endedAt;
        const ready = await t.inject({ method: 'GET', url: '/api/v1/health/ready' });
        readiness.push({ status: ready.statusCode, writes: ready.json().data?.writes });
        const history = await t.inject({
          method: 'GET',
          url: '/api/v1/transaction/me?limit=1',
          cookie: watcher.cookie,
        });
        historyReads.push(history.statusCode);
      }
      await sleep(2_000);
      const outcomes = await load.stop();
      expect(resumedAt).toBeDefined();
      const seconds = (resumedAt! - killedAt) / 1000;
      const count = (items: unknown[], match: (item: unknown) => boolean) => items.filter(match).length;
      console.log(
        `leader ${leader.name} killed: the first write after it came ${seconds.toFixed(1)} s later; ` +
          `readiness meanwhile ${count(readiness, (r) => (r as { writes?: boolean }).writes === false)} × 200 without writes, ` +
          `${count(readiness, (r) => (r as { status: number }).status === 503)} × 503 of ${readiness.length}; ` +
          `a signed-in history read ${count(historyReads, (s) => s === 200)} × 200 of ${historyReads.length}`,
      );
      expect(seconds).toBeLessThan(TTL_S + LOOP_WAIT_S + 10);
      // While the leader was away, the instance stayed ready for reads and said it could not write,
      // and a signed-in person's history was served from a standby.
      expect(readiness.some((probe) => probe.status === 200 && probe.writes === false)).toBe(true);
      expect(readiness.every((probe) => probe.status === 200 || probe.status === 503)).toBe(true);
      expect(historyReads.includes(200)).toBe(true);
      expect(historyReads.every((status) => status === 200 || status === 503)).toBe(true);

      // Live events resume: the stream, opened again after the lost LISTEN, carries a movement made now.
      await expectLiveEvent(live, 2);

      // Nothing answered 500: a write that could not be made was answered 503, to be retried.
      const statuses = [...new Set(outcomes.map((outcome) => outcome.status))].sort();
      expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
      // Every key was answered 201 in the end, and posted exactly once, on the new leader.
      const acknowledged = new Map<string, string>();
      for (const outcome of outcomes) if (outcome.status === 201) acknowledged.set(outcome.key, outcome.transactionId!);
      const keys = new Set(outcomes.map((outcome) => outcome.key));
      expect(acknowledged.size).toBe(keys.size);
      const { rows } = (await t.db.execute(sql`
        select k.key, (k.outcome).transaction_id::text as transaction_id,
               (select count(*) from transactions x where x.id = (k.outcome).transaction_id)::int as found
        from idempotency_keys k where k.key like 'cluster-%'`)) as unknown as {
        rows: { key: string; transaction_id: string; found: number }[];
      };
      const stored = new Map(rows.map((row) => [row.key, row]));
      for (const [key, transactionId] of acknowledged) {
        expect(stored.get(key)).toEqual({ key, transaction_id: transactionId, found: 1 });
      }
      const transfers = (await t.db.execute(sql`
        select count(*)::int as count from transactions
        where type = 'transfer' and amount = 100 and sender_user_id in (${sql.join(
          people.map((person) => sql`${person.id}::uuid`),
          sql`, `,
        )})`)) as unknown as { rows: { count: number }[] };
      expect(transfers.rows[0]!.count).toBe(stored.size);
      await expectLedgerConsistent(t.db);
    },
  );
});
