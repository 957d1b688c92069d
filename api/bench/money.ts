/**
 * Prints figures; asserts nothing. Run: pnpm --filter @wallet/api bench
 *   BENCH_USERS      people seeded for the picker search (default 200000)
 *   BENCH_MOVEMENTS  transfers timed over hot accounts (default 2000), BENCH_CONCURRENCY at once (default 50)
 *   BENCH_DB=postgres  a throwaway PostgreSQL 15 server started for the run (as the API tests do)
 *   DATABASE_URL       an existing PostgreSQL server instead of embedded PGlite
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { VAPID_KEYS } from './harness';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { SESSION_COOKIE } from '../src/identity/sessions';
import { startMailbox, verifyByMail } from '../test/mailbox';
import { startCluster, stopCluster } from '../test/postgres-cluster';
import { requireProjectNode } from '@wallet/shared/node-runtime';

requireProjectNode('bench');

const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const PASSWORD = 'benchmark password';
const PIN = '24680';

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-bench-'));
  const cluster = process.env.BENCH_DB === 'postgres' ? await startCluster() : undefined;
  // On PostgreSQL mail goes over SMTP: a mailbox on a loopback port takes the verification links.
  const mailbox = cluster ? await startMailbox() : undefined;
  const config = loadConfig({
    ...process.env,
    ...(cluster ? { DATABASE_URL: cluster.url, SMTP_URL: mailbox!.url, PUBLIC_URL: 'http://localhost' } : {}),
    LOG_LEVEL: 'silent',
    PIN_SECRET: 'bench-pin-secret-of-at-least-32-characters',
    CLIENT_REPORT_SECRET: 'bench-client-report-secret-of-32-chars!',
    ...VAPID_KEYS,
    LOGIN_RATE_LIMIT: '1000000',
    REGISTER_RATE_LIMIT: '1000000',
  });
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await openDatabase({ dataDir });
  const app = await buildApp({ config, database, passwordCost: { memoryKiB: 64, passes: 1 } });
  await app.ready();
  const post = (url: string, cookie: string | undefined, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      // Every person here has the wallet PIN PIN; it goes with every POST (only money leaving reads it).
      headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}`, 'x-wallet-pin': PIN } : {},
    });
  const person = async (name: string) => {
    const email = `${name.toLowerCase().replace(/\W/g, '')}.${Date.now()}.${Math.random().toString(36).slice(2)}@bench.example`;
    await post('/user/register', undefined, { name, email, password: PASSWORD });
    await verifyByMail(app, email, mailbox);
    const login = await post('/auth/login', undefined, { email, password: PASSWORD });
    const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    await app.inject({
      method: 'PUT',
      url: '/api/v1/user/pin',
      payload: { pin: PIN, password: PASSWORD },
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    return { id: login.json().data._id as string, cookie };
  };
  console.log(`database: ${database.kind}`);

  let started = Date.now();
  await app.db.execute(sql`
    insert into users (name, email, role)
    select 'Person ' || i || ' ' || md5(i::text), 'person' || i || '@seed.example', 'USER'
    from generate_series(1, ${USERS}) as i`);
  await app.db.execute(sql`analyze users`);
  console.log(`seeded ${USERS} users in ${Date.now() - started} ms`);

  const searcher = await person('Searcher');
  const timings: number[] = [];
  for (let i = 0; i < 60; i += 1) {
    const term = ['person 1234', 'person9999@', '7f3a', 'seed.example', 'zzzz-nobody'][i % 5]!;
    const t0 = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/user/all-user?purpose=transfer&limit=10&search=${encodeURIComponent(term)}`,
      headers: { cookie: `${SESSION_COOKIE}=${searcher.cookie}` },
    });
    timings.push(performance.now() - t0);
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  timings.sort((a, b) => a - b);
  console.log(
    `picker search over ${USERS} users: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms`,
  );

  const hot = await person('Hot');
  const others = await Promise.all(Array.from({ length: 8 }, (_, i) => person(`Other ${i}`)));
  // Within an email-verified person's limits (25,000 Taka a day in), as every movement here.
  await post('/wallet/deposit', hot.cookie, { balance: 10_000 });
  let next = 0;
  let failures = 0;
  started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < MOVEMENTS) {
        const index = next++;
        const other = others[Math.floor(index / 2) % others.length]!;
        const [from, to] = index % 2 === 0 ? [hot, other] : [other, hot];
        const response = await post('/wallet/transfer', from.cookie, { receiverId: to.id, balance: 1.25 });
        if (response.statusCode !== 201) failures += 1;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${MOVEMENTS} transfers through one hot wallet, ${CONCURRENCY} at a time: ${seconds.toFixed(1)} s, ${(MOVEMENTS / seconds).toFixed(0)} per second, ${failures} refused`,
  );

  await app.close();
  await database.close();
  await mailbox?.close();
  if (cluster) stopCluster(cluster);
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
