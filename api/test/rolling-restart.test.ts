import { after, before, describe, it } from 'node:test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import {
  createTestContext,
  PIN,
  type Person,
  TEST_CLIENT_REPORT_SECRET,
  TEST_VAPID,
  TEST_PIN_SECRET,
  type TestContext,
} from './helpers';
import { freePort } from './postgres-cluster';

/*
 * A rolling restart under load: two compiled API instances (node dist/server.js, as production
 * runs them) behind HAProxy with the shipped deploy/haproxy.cfg, each restarted in turn with
 * SIGTERM while transfers and reads keep coming. Not one request may fail (no 5xx, no broken
 * connection), and every transfer answered 201 must be in the ledger.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const API_ROOT = path.resolve(__dirname, '..');
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const DRAIN_MS = 2_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

let t: TestContext;
let scratch: string;
const instances = new Map<number, ChildProcess>();
let proxy: ChildProcess | undefined;

function startInstance(port: number) {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: t.database.url!,
      DATABASE_OWNER_URL: t.database.ownerUrl!,
      DATA_DIR: path.join(scratch, `data-${port}`),
      PIN_SECRET: TEST_PIN_SECRET,
      CLIENT_REPORT_SECRET: TEST_CLIENT_REPORT_SECRET,
      ...TEST_VAPID,
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'http://localhost',
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  instances.set(port, child);
  return until(
    async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`)).status === 200,
    30_000,
    `the instance on ${port}`,
  );
}

async function stopInstance(port: number) {
  const child = instances.get(port)!;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  instances.delete(port);
}

/** The shipped config, with this test's ports and a faster health check. */
function proxyConfig(port: number, servers: number[]) {
  const shipped = readFileSync(path.resolve(API_ROOT, '../deploy/haproxy.cfg'), 'utf8');
  const config = shipped
    .replace(/^\s*log stdout.*$/m, '')
    .replace(/bind :8000/, `bind 127.0.0.1:${port}`)
    .replace(/default-server check inter 2s fall 2 rise 2/, 'default-server check inter 300ms fall 2 rise 2')
    .replace(/^\s*server api\d .*$/gm, '')
    .concat(servers.map((server, index) => `    server api${index + 1} 127.0.0.1:${server}\n`).join(''));
  const file = path.join(scratch, 'haproxy.cfg');
  writeFileSync(file, config);
  return file;
}

describe('a rolling restart behind HAProxy', { skip: !onPostgres && 'two instances share a PostgreSQL server' }, () => {
  before(async () => {
    t = await createTestContext();
    scratch = mkdtempSync(path.join(tmpdir(), 'wallet-rolling-'));
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: API_ROOT, stdio: 'ignore' });
  });
  after(async () => {
    proxy?.kill('SIGKILL');
    for (const child of instances.values()) child.kill('SIGKILL');
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('should fail no request and lose no transfer answered 201 while each instance restarts in turn', async () => {
    const [first, second, front] = [await freePort(), await freePort(), await freePort()];
    await Promise.all([startInstance(first), startInstance(second)]);
    proxy = spawn(HAPROXY, ['-db', '-f', proxyConfig(front, [first, second])], { stdio: 'ignore' });
    const site = `http://127.0.0.1:${front}`;
    await until(async () => (await fetch(`${site}/api/v1/health/ready`)).status === 200, 10_000, 'the proxy');
    // The site never shows metrics, however the path is written: refused by the proxy itself (no
    // envelope of the API's), before any instance judges who asks.
    for (const spelling of ['/metrics', '/%6detrics', '/%6D%65trics', '/metrics/']) {
      const response = await fetch(`${site}${spelling}`);
      expect({
        spelling,
        status: response.status,
        fromApi: (await response.text()).includes('"success":false'),
      }).toEqual({ spelling, status: 404, fromApi: false });
    }

    const people: Person[] = [];
    for (let n = 0; n < 6; n += 1) people.push(await t.user(`Rolling ${n}`));
    for (const person of people) await t.post('/wallet/deposit', person, { balance: 1_000 });

    const failures: string[] = [];
    const transfers: string[] = [];
    let running = true;
    let sent = 0;
    const worker = async (index: number) => {
      const from = people[index]!;
      const to = people[(index + 1) % people.length]!;
      while (running) {
        sent += 1;
        const key = `rolling-${index}-${sent}`;
        try {
          const moved = await fetch(`${site}/api/v1/wallet/transfer`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: `wallet_session=${from.cookie}`,
              'idempotency-key': key,
              'x-wallet-pin': PIN,
            },
            body: JSON.stringify({ receiverId: to.id, balance: 1 }),
          });
          const body = (await moved.json()) as { data?: { transaction: { _id: string } } };
          if (moved.status === 201) transfers.push(body.data!.transaction._id);
          else failures.push(`transfer ${moved.status}`);
          const read = await fetch(`${site}/api/v1/wallet/me`, {
            headers: { cookie: `wallet_session=${from.cookie}` },
          });
          if (read.status !== 200) failures.push(`read ${read.status}`);
        } catch (error) {
          failures.push(`connection: ${(error as Error).message}`);
        }
      }
    };
    const load = people.map((_, index) => worker(index));

    await sleep(1_000);
    for (const port of [first, second]) {
      await stopInstance(port);
      await startInstance(port);
      // The proxy sees it back (rise 2 × 300 ms) before the other one goes.
      await sleep(1_000);
    }
    await sleep(500);
    running = false;
    await Promise.all(load);

    expect(failures).toEqual([]);
    expect(transfers.length).toBeGreaterThan(50);
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as found from transactions where id = any(${`{${transfers.join(',')}}`}::uuid[])`,
    )) as unknown as { rows: { found: number }[] };
    expect(rows[0]!.found).toBe(transfers.length);
  });
});
