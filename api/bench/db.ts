/**
 * How close the API comes to its database. Prints figures; asserts nothing.
 * Run: pnpm --filter @wallet/api bench:db
 *
 * In one run, on one throwaway PostgreSQL 15 cluster (as the tests start it):
 *  1. pgbench's TPC-B-like transaction, BENCH_CLIENTS clients, BENCH_SECONDS seconds;
 *  2. the API over real HTTP, BENCH_INSTANCES processes on that cluster, the same clients and time:
 *     uniform 1-Taka transfers, cash-outs all to one agent, and a deposit storm;
 *  3. the same transfer on embedded PGlite: the movement's SQL run straight on PGlite, then the
 *     API on PGlite over HTTP;
 * then the ratios the API is held to.
 *
 *   BENCH_SECONDS    per workload (default 15)
 *   BENCH_CLIENTS    concurrent clients (default 8)
 *   BENCH_INSTANCES  API processes on the cluster, load spread over them (default 1)
 *   BENCH_PEOPLE     users with a wallet and a session (default 2000)
 *   BENCH_ONLY       comma list of parts to run: pgbench,transfers,hot-agent,deposits,telemetry,pglite
 *                    (telemetry: the transfers on instances exporting traces over OTLP/HTTP to a
 *                    receiver this bench runs, against instances without, in alternating rounds)
 *   BENCH_TELEMETRY_ROUNDS  rounds of each (default 8)
 *   BENCH_PGBENCH_SCALE  pgbench's scale (default 10, or the clients when more)
 *   BENCH_DURABLE    'off' runs PostgreSQL without fsync, as the tests do (default: fsync and
 *                    synchronous commit on, as a wallet runs in production)
 *   BENCH_REFERENCE_CHECKOUT  another checkout (installed: pnpm install), e.g. of the commit before a
 *                    change: its API, built by its own build, on a fresh database of its own on the
 *                    same cluster, seeded by its own bench harness (so through its own schema),
 *                    against this checkout's, in alternating rounds of the transfers and the hot
 *                    agent (BENCH_ONLY picks which), in one sitting; each build's mean and spread,
 *                    and this build's share of the reference's
 *   BENCH_REFERENCE_ROUNDS  rounds of each build (default 8)
 */
import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { openDatabase } from '../src/db/client';
import * as harness from './harness';
import { type Person, PIN, PIN_KEY, PIN_KEYED, PIN_SECRET, type Query, seedPeople, startApi } from './harness';
import { startMailbox } from '../test/mailbox';
import { startCluster, stopCluster } from '../test/postgres-cluster';
import { requireProjectNode } from '@wallet/shared/node-runtime';

requireProjectNode('bench:db');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2000);
/**
 * Rounds of the telemetry part: traces off, then on, this many times. On a shared 2-core machine
 * one 15-second round of a side differs from the next by up to a fifth (the same side, the same
 * minute), so the mean of 4 rounds could not tell 88 % from 95 %; 8 rounds halve that spread.
 */
const TELEMETRY_ROUNDS = Number(process.env.BENCH_TELEMETRY_ROUNDS ?? 8);
/**
 * pgbench's documentation asks for a scale at least as large as the number of clients: at scale 1
 * every client updates one branch row, and the reference measures that lock rather than the server.
 */
const SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? Math.max(10, CLIENTS));
const DURABLE = process.env.BENCH_DURABLE !== 'off';
const ONLY = process.env.BENCH_ONLY?.split(',');
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const LOAD_SCRIPT = path.join(__dirname, 'load.lua');

const runs = (part: string) => !ONLY || ONLY.includes(part);
const REFERENCE = process.env.BENCH_REFERENCE_CHECKOUT ? path.resolve(process.env.BENCH_REFERENCE_CHECKOUT) : null;
/** As the telemetry rounds: one 15-second round differs from the next by up to a fifth here. */
const REFERENCE_ROUNDS = Number(process.env.BENCH_REFERENCE_ROUNDS ?? 8);

interface Figures {
  name: string;
  tps: number;
  p50: number;
  p99: number;
  errors?: string;
}
const results: Figures[] = [];

function report(figures: Figures) {
  results.push(figures);
  const extra = figures.errors ? `  ${figures.errors}` : '';
  console.log(
    `${figures.name.padEnd(34)} ${figures.tps.toFixed(0).padStart(6)} tps   p50 ${figures.p50.toFixed(1).padStart(6)} ms   p99 ${figures.p99.toFixed(1).padStart(6)} ms${extra}`,
  );
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** pgbench's TPC-B-like transaction in a database of its own on the same cluster, at SCALE. */
function pgbench(url: string) {
  const admin = new URL(url);
  const database = new URL(url);
  database.pathname = '/pgbench';
  execFileSync(path.join(BIN, 'psql'), [admin.toString(), '-qc', 'create database pgbench']);
  execFileSync(path.join(BIN, 'pgbench'), ['-i', '-q', '-s', String(SCALE), database.toString()], { stdio: 'ignore' });
  const logDir = mkdtempSync(path.join(tmpdir(), 'wallet-pgbench-'));
  const output = execFileSync(
    path.join(BIN, 'pgbench'),
    [
      '-c',
      String(CLIENTS),
      '-j',
      '2',
      '-T',
      String(SECONDS),
      '-l',
      '--log-prefix',
      path.join(logDir, 'tx'),
      database.toString(),
    ],
    { encoding: 'utf8', cwd: logDir },
  );
  const latencies: number[] = [];
  for (const file of readdirSync(logDir)) {
    for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
    }
  }
  rmSync(logDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1]);
  report({ name: 'pgbench TPC-B', tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) });
}

/** CPU seconds used so far by the API processes and by PostgreSQL's (where the time goes). */
function cpuSeconds() {
  const ticks = (pid: string) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime + stime, and cutime + cstime: a backend that ended (a pool closes idle connections)
      // is counted in the postmaster's children.
      return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      return 0;
    }
  };
  let api = 0;
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    // Backends name themselves "postgres: …"; the postmaster keeps its path, and holds the time
    // of the backends that ended.
    if (command.includes('dist/server.js')) api += ticks(pid);
    else if (command.startsWith('postgres') || path.basename(command.split('\0')[0]!) === 'postgres')
      postgres += ticks(pid);
  }
  return { api: api / 100, postgres: postgres / 100 };
}

const WRK = process.env.WRK ?? '/usr/bin/wrk';

/**
 * BENCH_CLIENTS connections in all, spread over the instances, for BENCH_SECONDS, driven by wrk
 * (a C load generator, as pgbench is a C client): a Node one would spend the cores the API and
 * PostgreSQL share on this machine.
 */
function load(
  name: string,
  ports: number[],
  workload: { operation: string; people: Person[]; agentId?: string },
  { seconds = SECONDS, reported = true }: { seconds?: number; reported?: boolean } = {},
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-wrk-'));
  const peopleFile = path.join(dir, 'people.txt');
  writeFileSync(peopleFile, workload.people.map((person) => `${person.cookie} ${person.id}`).join('\n'));
  const perInstance = Math.max(1, Math.round(CLIENTS / ports.length));
  const cpuBefore = cpuSeconds();
  return Promise.all(
    ports.map(
      (port) =>
        new Promise<{
          requests: number;
          seconds: number;
          p50: number;
          p99: number;
          c4: number;
          c5: number;
          errors: number;
        }>((resolve, reject) => {
          const threads = String(Math.min(2, perInstance));
          const args = ['-t', threads, '-c', String(perInstance), '-d', `${seconds}s`, '-s', LOAD_SCRIPT];
          execFile(
            WRK,
            [...args, `http://127.0.0.1:${port}`],
            {
              env: {
                ...process.env,
                BENCH_PEOPLE_FILE: peopleFile,
                BENCH_OPERATION: workload.operation,
                BENCH_AGENT_ID: workload.agentId ?? '',
                BENCH_KEY_PREFIX: `${port}-${Date.now()}`,
                BENCH_PIN: PIN,
              },
            },
            (error, stdout) => {
              const line = /^WRK (.*)$/m.exec(stdout);
              if (error || !line) reject(error ?? new Error(`wrk printed no figures: ${stdout}`));
              else resolve(JSON.parse(line[1]!));
            },
          );
        }),
    ),
  ).then((runsOf) => {
    rmSync(dir, { recursive: true, force: true });
    const cpuAfter = cpuSeconds();
    const requests = runsOf.reduce((sum, run) => sum + run.requests - run.c4 - run.c5 - run.errors, 0);
    // Each instance's percentiles, weighted by its share of the requests.
    const weighted = (key: 'p50' | 'p99') =>
      runsOf.reduce((sum, run) => sum + run[key] * run.requests, 0) /
      Math.max(
        1,
        runsOf.reduce((sum, run) => sum + run.requests, 0),
      );
    const total = (key: 'c4' | 'c5' | 'errors') => runsOf.reduce((sum, run) => sum + run[key], 0);
    const busy = (key: 'api' | 'postgres') => `${((cpuAfter[key] - cpuBefore[key]) / seconds).toFixed(2)}`;
    if (!reported) return;
    report({
      name,
      tps: requests / seconds,
      p50: weighted('p50'),
      p99: weighted('p99'),
      errors: `${total('c4')} × 4xx, ${total('c5')} × 5xx, ${total('errors')} errors; cores busy: API ${busy('api')}, PostgreSQL ${busy('postgres')}`,
    });
  });
}

/**
 * An OTLP/HTTP trace receiver: takes what the API exports (protobuf) and answers as a collector
 * does, counting the exports and their bytes; it decodes nothing, so it spends next to none of the
 * cores the API and PostgreSQL share.
 */
async function startOtlpReceiver() {
  let exports = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports: () => exports,
    bytes: () => bytes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

async function postgresPart() {
  const cluster = await startCluster({ durable: DURABLE });
  // No workload here mails anything, but an instance on PostgreSQL only starts with a mail path.
  const mailbox = await startMailbox();
  const children: ChildProcess[] = [];
  try {
    if (runs('pgbench')) pgbench(cluster.url);
    const ports = Array.from({ length: INSTANCES }, (_, i) => 18_400 + i);
    const env = apiEnv(cluster.url, mailbox.url, PIN_SECRET);
    for (const port of ports) children.push(await startApi(env, port));

    const client = new Client({ connectionString: cluster.url });
    await client.connect();
    const query: Query = async (text, values) => (await client.query(text, values)).rows;
    const users = await seedPeople(query, PEOPLE, 'USER');
    const [agent] = await seedPeople(query, 1, 'AGENT');
    // Money to move: one deposit each, through the API, within an email-verified person's limits
    // (25,000 Taka a day in; the workloads then move 1 Taka at a time, far under every limit).
    await depositEach(ports, users);
    const deadlocks = async () =>
      Number(
        (
          await client.query<{ n: string }>(
            `select deadlocks::text as n from pg_stat_database where datname = current_database()`,
          )
        ).rows[0]!.n,
      );
    const before = await deadlocks();

    if (runs('transfers')) {
      await load('API uniform transfers', ports, { operation: 'transfer', people: users });
    }
    if (runs('hot-agent')) {
      await load('API cash-outs to one agent', ports, { operation: 'cash-out', people: users, agentId: agent!.id });
    }
    if (runs('deposits')) {
      await load('API deposit storm', ports, { operation: 'deposit', people: users });
    }
    if (runs('telemetry')) {
      // The same transfers on instances with traces on, exporting to a receiver in this process,
      // against the same instances without: in alternating rounds, so that neither side has the
      // emptier ledger or the quieter minute to itself.
      const receiver = await startOtlpReceiver();
      const traced = ports.map((_, i) => 18_500 + i);
      for (const port of traced) {
        children.push(await startApi({ ...env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, port));
      }
      // Both sides warm before anything counts: the traced instance has just started, and its
      // first seconds (JIT, the pool's connections) would otherwise count against traces.
      for (const side of [ports, traced]) {
        await load('warm-up', side, { operation: 'transfer', people: users }, { seconds: 5, reported: false });
      }
      const rounds: Record<'off' | 'on', Figures[]> = { off: [], on: [] };
      for (let round = 1; round <= TELEMETRY_ROUNDS; round += 1) {
        // Each side goes first in every other round, so neither always follows the other.
        const order = round % 2 === 1 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        for (const side of order) {
          await load(`  round ${round}, traces ${side}`, side === 'on' ? traced : ports, {
            operation: 'transfer',
            people: users,
          });
          rounds[side].push(results.at(-1)!);
        }
      }
      for (const side of ['off', 'on'] as const) {
        const figures = rounds[side];
        const mean = (key: 'tps' | 'p50' | 'p99') => figures.reduce((sum, f) => sum + f[key], 0) / figures.length;
        report({ name: `API transfers, traces ${side}`, tps: mean('tps'), p50: mean('p50'), p99: mean('p99') });
      }
      console.log(`OTLP receiver: ${receiver.exports()} exports, ${(receiver.bytes() / 1e6).toFixed(1)} MB received`);
      await receiver.close();
    }
    console.log(`deadlocks during the API workloads: ${(await deadlocks()) - before}`);
    await client.end();
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await mailbox.close();
    stopCluster(cluster);
  }
}

/**
 * The same transfer on embedded PGlite: first the movement's own statement straight on PGlite
 * (BENCH_CLIENTS loops, queued by PGlite's one connection), then the API on that database over HTTP.
 */
async function pglitePart() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-bench-pglite-'));
  try {
    const database = await openDatabase({ dataDir });
    const query: Query = (text, values) => database.query({ name: '', text }, values);
    const users = await seedPeople(query, Math.min(PEOPLE, 500), 'USER');
    let refused = 0;
    const move = async (operation: string, from: Person, to: Person | null, poisha: number) => {
      const [row] = await query<{ outcome: string }>(
        `select outcome from ledger_move(jsonb_populate_record(null::movement_request, $1::jsonb))`,
        [
          JSON.stringify({
            type: operation,
            role: 'USER',
            session_hash: createHash('sha256').update(from.cookie.slice('wallet_session='.length)).digest('hex'),
            idle_seconds: 86400,
            counterpart: to?.id ?? null,
            amount: poisha,
            key: randomUUID(),
            request_hash: 'bench',
            pin: PIN_KEYED,
            pin_key: PIN_KEY!.id,
          }),
        ],
      );
      if (row!.outcome !== 'posted') refused += 1;
    };
    // 10,000 Taka each: within an email-verified person's limits, as every movement here.
    for (const user of users) await move('deposit', user, null, 1_000_000);
    if (refused > 0) throw new Error(`seed deposits refused: ${refused}`);
    const latencies: number[] = [];
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < end) {
          const from = pick(users);
          let to = pick(users);
          while (to === from) to = pick(users);
          const started = performance.now();
          await move('transfer', from, to, 100);
          latencies.push(performance.now() - started);
        }
      }),
    );
    await database.close();
    latencies.sort((a, b) => a - b);
    report({
      name: 'raw PGlite movement',
      tps: latencies.length / SECONDS,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors: `${refused} refused`,
    });

    const port = 18_480;
    const api = await startApi({ DATA_DIR: dataDir, MAX_TRANSACTION_AMOUNT: '1000000000', PIN_SECRET }, port);
    try {
      await load('API on PGlite', [port], { operation: 'transfer', people: users });
    } finally {
      api.kill('SIGTERM');
      await new Promise((resolve) => api.once('exit', resolve));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What a build's bench harness gives: this checkout's, or the reference checkout's own. */
type Harness = Pick<typeof harness, 'seedPeople' | 'startApi' | 'PIN_SECRET'>;

/** The instances' settings on one database of the cluster. */
const apiEnv = (url: string, mailUrl: string, pinSecret: string) => ({
  DATABASE_URL: url,
  SMTP_URL: mailUrl,
  PUBLIC_URL: 'http://localhost',
  PIN_SECRET: pinSecret,
  ADMIN_EMAIL: 'admin@bench.example',
  ADMIN_PASSWORD: 'bench admin password',
  MAX_TRANSACTION_AMOUNT: '1000000000',
});

/** One deposit of 10,000 Taka for each person, through the API (spread over its instances), 8 at a time. */
async function depositEach(ports: number[], people: Person[]) {
  await Promise.all(
    Array.from({ length: 8 }, async (_, lane) => {
      for (let i = lane; i < people.length; i += 8) {
        const response = await fetch(`http://127.0.0.1:${ports[i % ports.length]}/api/v1/wallet/deposit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: people[i]!.cookie },
          body: JSON.stringify({ balance: 10_000 }),
        });
        if (response.status !== 201) throw new Error(`seed deposit: ${response.status} ${await response.text()}`);
      }
    }),
  );
}

/**
 * This checkout's build against another's (BENCH_REFERENCE_CHECKOUT), in one sitting on one
 * cluster: each on a fresh database of its own, migrated by its own API as it starts and seeded by
 * its own harness, then the transfers and the hot agent on each in turn, the order swapped every
 * round, so that neither build has the quieter minute or the smaller ledger to itself.
 */
async function referencePart(reference: string) {
  const theirs = (await import(path.join(reference, 'api/bench/harness.ts'))) as Harness;
  const cluster = await startCluster({ durable: DURABLE });
  const mailbox = await startMailbox();
  const children: ChildProcess[] = [];
  const clients: Client[] = [];
  try {
    if (runs('pgbench')) pgbench(cluster.url);
    const builds = [
      { side: 'this', harness: harness as Harness, port: 18_600 },
      { side: 'reference', harness: theirs, port: 18_601 },
    ] as const;
    const seeded = [];
    for (const build of builds) {
      const url = new URL(cluster.url);
      url.pathname = `/bench_${build.side}`;
      execFileSync(path.join(BIN, 'psql'), [cluster.url, '-qc', `create database bench_${build.side}`]);
      children.push(
        await build.harness.startApi(apiEnv(url.toString(), mailbox.url, build.harness.PIN_SECRET), build.port),
      );
      const client = new Client({ connectionString: url.toString() });
      await client.connect();
      clients.push(client);
      const query: Query = async (text, values) => (await client.query(text, values)).rows;
      const users = await build.harness.seedPeople(query, PEOPLE, 'USER');
      const [agent] = await build.harness.seedPeople(query, 1, 'AGENT');
      await depositEach([build.port], users);
      seeded.push({ ...build, users, agentId: agent!.id });
    }
    const workloads = [
      { part: 'transfers', name: 'API uniform transfers', operation: 'transfer' },
      { part: 'hot-agent', name: 'API cash-outs to one agent', operation: 'cash-out' },
    ].filter((workload) => runs(workload.part));
    for (const build of seeded) {
      await load(
        'warm-up',
        [build.port],
        { operation: 'transfer', people: build.users },
        { seconds: 5, reported: false },
      );
    }
    const rounds = new Map<string, Figures[]>();
    for (let round = 1; round <= REFERENCE_ROUNDS; round += 1) {
      const order = round % 2 === 1 ? seeded : [...seeded].reverse();
      for (const build of order) {
        for (const workload of workloads) {
          await load(`  round ${round}, ${build.side}: ${workload.name}`, [build.port], {
            operation: workload.operation,
            people: build.users,
            agentId: build.agentId,
          });
          const key = `${workload.name}, ${build.side}`;
          rounds.set(key, [...(rounds.get(key) ?? []), results.at(-1)!]);
        }
      }
    }
    console.log('');
    for (const [name, figures] of rounds) {
      const tps = figures.map((f) => f.tps);
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      const spread = Math.sqrt(mean(tps.map((value) => (value - mean(tps)) ** 2)));
      report({ name, tps: mean(tps), p50: mean(figures.map((f) => f.p50)), p99: mean(figures.map((f) => f.p99)) });
      console.log(
        `${''.padEnd(34)} spread: sd ${spread.toFixed(0)} tps (${((spread / mean(tps)) * 100).toFixed(1)} %), min ${Math.min(...tps).toFixed(0)}, max ${Math.max(...tps).toFixed(0)}`,
      );
    }
    for (const workload of workloads) ratio(`${workload.name}, this`, `${workload.name}, reference`, 0.95);
    for (const side of ['this', 'reference'])
      for (const workload of workloads) ratio(`${workload.name}, ${side}`, 'pgbench TPC-B');
  } finally {
    for (const client of clients) await client.end();
    for (const child of children) child.kill('SIGTERM');
    await mailbox.close();
    stopCluster(cluster);
  }
}

function ratio(numerator: string, denominator: string, target?: number) {
  const a = results.find((r) => r.name === numerator);
  const b = results.find((r) => r.name === denominator);
  if (!a || !b) return;
  const value = a.tps / b.tps;
  const verdict = target === undefined ? '' : `  (target ≥ ${target * 100} %) ${value >= target ? 'met' : 'NOT met'}`;
  console.log(`${`${numerator} / ${denominator}`.padEnd(66)} ${(value * 100).toFixed(0).padStart(4)} %${verdict}`);
}

async function main() {
  if (!existsSync(WRK) || !existsSync(path.join(BIN, 'pgbench'))) {
    throw new Error(`bench:db needs wrk and PostgreSQL 15's pgbench from Debian: apt-get install wrk postgresql-15`);
  }
  console.log(
    `${CLIENTS} clients, ${SECONDS} s each, ${INSTANCES} API instance(s), ${PEOPLE} people, pgbench scale ${SCALE}, ` +
      `PostgreSQL ${DURABLE ? 'durable (fsync, synchronous commit)' : 'without fsync'}, node ${process.version}`,
  );
  if (REFERENCE) {
    console.log(`against the reference ${REFERENCE}, ${REFERENCE_ROUNDS} alternating rounds`);
    await referencePart(REFERENCE);
    return;
  }
  if (['pgbench', 'transfers', 'hot-agent', 'deposits', 'telemetry'].some(runs)) await postgresPart();
  if (runs('pglite')) await pglitePart();
  console.log('');
  ratio('API uniform transfers', 'pgbench TPC-B', 0.6);
  ratio('API cash-outs to one agent', 'API uniform transfers', 0.5);
  ratio('API deposit storm', 'API uniform transfers', 0.5);
  ratio('API transfers, traces on', 'API transfers, traces off', 0.9);
  ratio('API on PGlite', 'raw PGlite movement', 0.5);
  const transfers = results.find((r) => r.name === 'API uniform transfers');
  if (transfers) console.log(`API uniform transfers p99 ${transfers.p99.toFixed(1)} ms (target ≤ 25 ms)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
