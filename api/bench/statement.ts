/**
 * A statement of BENCH_MOVEMENTS movements (default 100,000), streamed over real HTTP and read
 * chunk by chunk, as a browser downloads it, as CSV and as PDF (Bangla), twice each. Prints the
 * time, the size, the process's memory (rss, heap; the PDF's worker thread included) before, at its
 * peak during, and after, and the API's event-loop delay while it streams (p50, p99, max), then the
 * PDF's figures against the CSV's; and the opening balance of a statement that
 * starts after them all (100,000 earlier entries), timed and its buffers counted, summed from the
 * entries as it was and read from the daily balance snapshots. Asserts nothing.
 * Run: pnpm --filter @wallet/api bench:statement
 *   BENCH_DB=postgres  a throwaway PostgreSQL 15 server started for the run (default: embedded PGlite in memory)
 */
import { request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/db/client';
import { takeBalanceSnapshots } from '../src/ledger/balance-snapshots';
import { openingBalanceQuery } from '../src/ledger/statement';
import { SESSION_COOKIE } from '../src/identity/sessions';
import { startMailbox, verifyByMail } from '../test/mailbox';
import { startCluster, stopCluster } from '../test/postgres-cluster';
import { seedMovements } from '../test/seed-movements';
import { CLIENT_REPORT_SECRET, PIN_SECRET, VAPID_KEYS } from './harness';
import { requireProjectNode } from '@wallet/shared/node-runtime';

requireProjectNode('bench:statement');

const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 100_000);
const PASSWORD = 'benchmark password';
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const cluster = process.env.BENCH_DB === 'postgres' ? await startCluster() : undefined;
  // On PostgreSQL mail goes over SMTP: a mailbox on a loopback port takes the verification links.
  const mailbox = cluster ? await startMailbox() : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PIN_SECRET,
    CLIENT_REPORT_SECRET,
    ...VAPID_KEYS,
    ...(cluster ? { DATABASE_URL: cluster.url, SMTP_URL: mailbox!.url, PUBLIC_URL: 'http://localhost' } : {}),
  });
  const database = cluster
    ? await openDatabase({ databaseUrl: cluster.url })
    : await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({ config, database, passwordCost: { memoryKiB: 64, passes: 1 } });
  try {
    const person = async (name: string) => {
      const email = `${name.toLowerCase()}@bench.example`;
      await app.inject({ method: 'POST', url: '/api/v1/user/register', payload: { name, email, password: PASSWORD } });
      await verifyByMail(app, email, mailbox);
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: PASSWORD },
      });
      const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      const wallet = (
        await app.inject({ method: 'GET', url: '/api/v1/wallet/me', cookies: { [SESSION_COOKIE]: cookie } })
      ).json() as { data: { _id: string; userId: string } };
      return { id: wallet.data.userId, walletId: wallet.data._id, cookie };
    };
    const [owner, other] = [await person('Owner'), await person('Other')];
    const seeding = Date.now();
    await seedMovements(database.db, owner, other, MOVEMENTS);
    console.log(`${MOVEMENTS} movements seeded on ${database.kind} in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);

    await openingBalance(database.db, owner.walletId);

    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const results: Record<string, Download[]> = { csv: [], pdf: [] };
    for (const run of ['first', 'second']) {
      for (const format of ['csv', 'pdf'] as const)
        results[format]!.push(await download(origin, owner.cookie, run, format));
    }
    const best = (format: string, key: keyof Download) => Math.min(...results[format]!.map((each) => each[key]));
    console.log('PDF against CSV (the better of two runs each):');
    for (const key of ['seconds', 'rssGrowth', 'loopP99', 'loopMax'] as const) {
      console.log(
        `  ${key}: ${best('pdf', key).toFixed(2)} against ${best('csv', key).toFixed(2)}, ${(best('pdf', key) / best('csv', key)).toFixed(2)}x`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    await mailbox?.close();
    if (cluster) stopCluster(cluster);
  }
}

/** The opening balance at 2025-01-01, after every seeded entry: summed, then from the snapshots. */
async function openingBalance(db: Database, walletId: string) {
  const start = new Date('2025-01-01T00:00:00Z');
  const summed = sql`select coalesce(sum(amount), 0)::text as balance from ledger_entries
                     where account_id = ${walletId} and created_at < ${start.toISOString()}::timestamptz`;
  const measure = async (label: string, query: SQL) => {
    const times: number[] = [];
    for (let run = 0; run < 21; run += 1) {
      const started = performance.now();
      await db.execute(query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const { rows } = (await db.execute(sql`explain (analyze, buffers, format json) ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': unknown }[];
    };
    const explained = rows[0]!['QUERY PLAN'];
    const [{ Plan: plan }] = (typeof explained === 'string' ? JSON.parse(explained) : explained) as [
      { Plan: Record<string, number> },
    ];
    const buffers = plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!;
    console.log(`opening balance, ${label}: median ${times[10]!.toFixed(2)} ms over 21, ${buffers} buffers`);
    return times[10]!;
  };
  const before = await measure('summed from every earlier entry', summed);
  const snapshotting = Date.now();
  let days = 0;
  for (let round = await takeBalanceSnapshots(db); round > 0; round = await takeBalanceSnapshots(db)) days += round;
  console.log(`balance snapshots: ${days} days taken in ${((Date.now() - snapshotting) / 1000).toFixed(1)} s`);
  const after = await measure('from the balance snapshots', openingBalanceQuery(walletId, start));
  console.log(`opening balance: ${(before / after).toFixed(1)}x faster from the snapshots`);
}

interface Download {
  seconds: number;
  /** MB */
  rssGrowth: number;
  /** ms */
  loopP99: number;
  loopMax: number;
}

async function download(origin: string, cookie: string, run: string, format: 'csv' | 'pdf'): Promise<Download> {
  {
    global.gc?.();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const before = process.memoryUsage();
    let peak = { rss: before.rss, heapUsed: before.heapUsed };
    const sample = setInterval(() => {
      const now = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) };
    }, 10);
    const started = Date.now();
    loop.enable();
    const { bytes, lines, firstByteMs } = await new Promise<{ bytes: number; lines: number; firstByteMs: number }>(
      (resolve, reject) => {
        const req = request(
          `${origin}/api/v1/transaction/me/statement?from=2023-12-01&to=2024-11-30&format=${format}`,
          {
            headers: { cookie: `${SESSION_COOKIE}=${cookie}`, 'accept-language': 'bn' },
          },
        );
        req.on('error', reject);
        req.on('response', (res) => {
          let count = 0;
          let newlines = 0;
          let first = 0;
          res.on('data', (chunk: Buffer) => {
            first ||= Date.now() - started;
            count += chunk.length;
            for (const byte of chunk) if (byte === 10) newlines += 1;
          });
          res.on('end', () => resolve({ bytes: count, lines: newlines, firstByteMs: first }));
          res.on('error', reject);
        });
        req.end();
      },
    );
    const seconds = (Date.now() - started) / 1000;
    loop.disable();
    clearInterval(sample);
    const after = process.memoryUsage();
    console.log(
      `${run} ${format} statement: ${format === 'csv' ? `${lines} lines, ` : ''}${MB(bytes)} in ${seconds.toFixed(2)} s (first byte after ${firstByteMs} ms)`,
    );
    const ms = (ns: number) => ns / 1e6;
    console.log(
      `event-loop delay: p50 ${ms(loop.percentile(50)).toFixed(1)} ms, p99 ${ms(loop.percentile(99)).toFixed(1)} ms, max ${ms(loop.max).toFixed(1)} ms`,
    );
    console.log(`memory before: rss ${MB(before.rss)}, heap ${MB(before.heapUsed)}`);
    console.log(`memory peak:   rss ${MB(peak.rss)}, heap ${MB(peak.heapUsed)} (sampled every 10 ms)`);
    console.log(`memory after:  rss ${MB(after.rss)}, heap ${MB(after.heapUsed)}`);
    console.log(`peak growth:   rss +${MB(peak.rss - before.rss)}, heap +${MB(peak.heapUsed - before.heapUsed)}`);
    return {
      seconds,
      rssGrowth: (peak.rss - before.rss) / 1024 / 1024,
      loopP99: ms(loop.percentile(99)),
      loopMax: ms(loop.max),
    };
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
