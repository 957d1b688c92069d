/**
 * How close the API comes to its database. Prints figures; asserts nothing, but a round in which
 * any request was refused (4xx), failed (5xx) or lost its socket fails the whole run, with the
 * round's name, its counts and the first answer that was not a success.
 * Run: pnpm --filter @wallet/api bench:db
 *
 * In one run, on one throwaway PostgreSQL 15 cluster (as the tests start it):
 *  1. pgbench's TPC-B-like transaction, BENCH_CLIENTS clients, BENCH_SECONDS seconds;
 *  2. the API over real HTTP, BENCH_INSTANCES processes on that cluster, the same clients and time:
 *     uniform 1-Taka transfers, 50-Taka cash-outs all to one agent, and a deposit storm;
 *  3. the same transfer on embedded PGlite: the movement's SQL run straight on PGlite, then the
 *     API on PGlite over HTTP;
 * then the ratios the API is held to.
 *
 * Parts (BENCH_ONLY, a comma list; without it every part of the first group runs):
 *   pgbench, transfers, hot-agent, deposits, telemetry, pglite
 *                    as above (telemetry: the transfers on instances exporting traces over
 *                    OTLP/HTTP to a receiver this bench runs, against instances without, in
 *                    alternating rounds)
 *   payments         1-Taka payments by merchant id, spread over BENCH_MERCHANTS (1,000) merchants,
 *                    against uniform transfers in alternating rounds (BENCH_PAYMENT_ROUNDS, 4 each),
 *                    in the same run: each side's mean and spread, and payments / transfers
 *                    (target: at least 80 %)
 *   hot-merchant     the same payments all to one merchant, a fresh identity-approved merchant
 *                    each round (so no merchant limit is ever reached), against the hot agent's
 *                    cash-outs in alternating rounds: payments / cash-outs (target: at least 50 %,
 *                    as for the hot agent)
 *   site-match       only when named: one pair of rounds of transfers on one database, the API as
 *                    the harness starts it (node dist/server.js, no SITE_ROOT) against the site as
 *                    `pnpm start` serves it (scripts/start.mjs), each build's figures and their
 *                    ratio: shows that BENCH_SITE measures what the harness does, or by how much not
 *   busy-person      only when named: BENCH_BUSY_CASH_INS (100,000) 1-Taka cash-ins given by one
 *                    agent this Asia/Dhaka month, seeded through the ledger's own ledger_post
 *                    before the API starts, then that agent's cash-ins against a fresh agent's in
 *                    BENCH_BUSY_ROUNDS alternating rounds: each side's mean, p99 and spread, and
 *                    busy / fresh (targets: throughput ≥ 90 %, p99 ≤ 110 %). This checkout only.
 *   cluster          only when named: the API on a replicated cluster (`pnpm cluster`: Patroni,
 *                    a synchronous standby and an asynchronous one, HAProxy; DATABASE_READ_URL set)
 *                    against the same API on one durable PostgreSQL, BENCH_CLUSTER_ROUNDS (4)
 *                    alternating rounds of transfers each: both sides' figures, their ratio, and
 *                    the replication lag sampled on the leader during the cluster's rounds.
 *   failover         only when named: BENCH_FAILOVERS (20) times, the cluster's leader killed with
 *                    SIGKILL under keyed transfers, the lost node started again, then
 *                    BENCH_FAILOVER_WATCH (20) s of load in which the leader must not change: the
 *                    time to the first write after each kill, and the needless failovers. Patroni's
 *                    timing from CLUSTER_TTL, CLUSTER_LOOP_WAIT, CLUSTER_RETRY_TIMEOUT.
 *   profile          only when named: on a cluster with pg_stat_statements preloaded (track = all)
 *                    and track_functions = pl, BENCH_PROFILE_MOVEMENTS (200) single movements of
 *                    each kind (1-Taka transfer, 50-Taka cash-out to the hot agent, 1-Taka cash-in)
 *                    through the API, one at a time: statements per movement (in all, top level,
 *                    after the locking SELECT), by step (session, PIN, idempotency, parties, lock,
 *                    limits, fee, posting, deferred checks, notify, other), the top statements,
 *                    each function's calls and time, the CPU per movement; then the lock waits of a
 *                    concurrent hot-agent round, pg_stat_activity polled every 10 ms. With
 *                    BENCH_REFERENCE_CHECKOUT, on both builds, side by side.
 *
 *   BENCH_SECONDS    per workload and round (default 15)
 *   BENCH_CLIENTS    concurrent clients (default 8)
 *   BENCH_INSTANCES  API processes on the cluster, load spread over them (default 1)
 *   BENCH_PEOPLE     users with a wallet and a session (default 2000; 200 with BENCH_PEOPLE_VIA_API)
 *   BENCH_TELEMETRY_ROUNDS  rounds of each (default 8)
 *   BENCH_PGBENCH_SCALE  pgbench's scale (default 10, or the clients when more)
 *   BENCH_DURABLE    'off' runs PostgreSQL without fsync, as the tests do (default: fsync and
 *                    synchronous commit on, as a wallet runs in production)
 *   BENCH_SITE       '1': every build's API is started as `pnpm start` serves it: its own
 *                    scripts/start.mjs (which builds its stale front ends and API, then runs the API
 *                    with SITE_ROOT = the checkout), with DATABASE_URL, NODE_ENV=production, PORT and
 *                    HOST; BENCH_API_NODE_ARGS then reach it through NODE_OPTIONS. Without it, the
 *                    harness's startApi: the compiled API without the site. (Not the PGlite part.)
 *   BENCH_PEOPLE_VIA_API  '1': each build's people are made through that build's own HTTP API as
 *                    a person makes themselves: signed up, the email verified from the mailed link,
 *                    a PIN set, KYC asked for and approved by the admin (only when the cash-outs
 *                    planned need its limits), signed in; agents approved by the admin; each step
 *                    only where the build has it (asked of its routes: a 404 means none; no PIN, no
 *                    X-Wallet-Pin). Then each person is funded 20,000 Taka (or what the planned
 *                    cash-outs need) by deposits of at most 10,000. Without it, the harness seeds
 *                    people straight into the database and funds 10,000 Taka each.
 *   BENCH_CEILING_TPS  the highest rate planned for when funding people and agents (default 800):
 *                    each person gets the money and the limits for the 50-Taka cash-outs of every
 *                    planned hot-agent round at that rate, spread over the people
 *   BENCH_REFERENCE_CHECKOUT  another checkout (installed: pnpm install), e.g. of the commit before a
 *                    change: its API, built by its own build (or its own scripts/start.mjs with
 *                    BENCH_SITE), on a fresh database of its own on the same cluster, its people
 *                    seeded by its own bench harness (or made through its own API with
 *                    BENCH_PEOPLE_VIA_API: a checkout without api/bench/harness.ts needs both),
 *                    against this checkout's, in alternating rounds of the transfers and the hot
 *                    agent (BENCH_ONLY picks which), in one sitting; each build's mean and spread,
 *                    and this build's share of the reference's. With BENCH_ONLY=profile, the
 *                    profile of both.
 *   BENCH_REFERENCE_ROUNDS  rounds of each build (default 8)
 *   BENCH_SITE_MATCH_ROUNDS  pairs of rounds of the site-match part (default 1)
 *   BENCH_BUSY_ROUNDS  rounds of each agent in the busy-person part (default 8)
 *   BENCH_BUSY_CASH_INS  the busy agent's cash-ins seeded before the API starts (default 100000)
 *   BENCH_PROFILE_MOVEMENTS  movements of each kind the profile counts (default 200)
 *   BENCH_PROFILE_TOP  statements the profile lists for each kind and build, the longest first (default 14)
 *   BENCH_API_NODE_ARGS  Node flags for the API processes (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)
 *   WRK, PG_BIN      where wrk and PostgreSQL 15's programs are (default /usr/bin/wrk, /usr/lib/postgresql/15/bin)
 *
 * The comparisons (from api/; the reference installed as a worktree:
 * git worktree add --detach ../ref-b06f614 b06f614 && (cd ../ref-b06f614 && pnpm install --frozen-lockfile)):
 *   b06f614 (before verification, limits, PINs and fees) against this build, each started as its
 *   own `pnpm start` starts it, its people made through its own API, 8 alternating 15-s rounds:
 *     BENCH_SITE=1 BENCH_PEOPLE_VIA_API=1 BENCH_REFERENCE_CHECKOUT=../../ref-b06f614 pnpm bench:db
 *   the same two builds profiled side by side:
 *     BENCH_ONLY=profile BENCH_SITE=1 BENCH_PEOPLE_VIA_API=1 BENCH_REFERENCE_CHECKOUT=../../ref-b06f614 pnpm bench:db
 *   the harness's API against the site, and a busy agent against a fresh one:
 *     BENCH_ONLY=site-match pnpm bench:db
 *     BENCH_ONLY=busy-person BENCH_SITE=1 pnpm bench:db
 */
import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { openDatabase } from '../src/db/client';
import * as harness from './harness';
import {
  API_ROOT,
  CLIENT_REPORT_SECRET,
  VAPID_KEYS,
  type Person,
  PIN,
  PIN_KEY,
  PIN_KEYED,
  PIN_SECRET,
  type Query,
} from './harness';
import { Site, startSite, stopProcess } from './builds';
import {
  FUNCTION_STATISTICS_DELAY_MS,
  type LockWaits,
  printLockWaits,
  printProfiles,
  type Profile,
  readProfile,
  resetStatistics,
  sampleLockWaits,
} from './profile';
import { type Mailbox, startMailbox } from '../test/mailbox';
import { startCluster, stopCluster } from '../test/postgres-cluster';
import { requireProjectNode } from '@wallet/shared/node-runtime';

requireProjectNode('bench:db');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const SITE = process.env.BENCH_SITE === '1';
const PEOPLE_VIA_API = process.env.BENCH_PEOPLE_VIA_API === '1';
/** As the issue measured the builds: 200 people made through the API; 2,000 seeded otherwise. */
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? (PEOPLE_VIA_API ? 200 : 2000));
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

/** The parts that run unless BENCH_ONLY leaves them out. */
const runs = (part: string) => !ONLY || ONLY.includes(part);
/** The parts that run only when BENCH_ONLY names them (each takes minutes of its own). */
const named = (part: string) => ONLY?.includes(part) ?? false;
const REFERENCE = process.env.BENCH_REFERENCE_CHECKOUT ? path.resolve(process.env.BENCH_REFERENCE_CHECKOUT) : null;
/** As the telemetry rounds: one 15-second round differs from the next by up to a fifth here. */
const REFERENCE_ROUNDS = Number(process.env.BENCH_REFERENCE_ROUNDS ?? 8);
const SITE_MATCH_ROUNDS = Number(process.env.BENCH_SITE_MATCH_ROUNDS ?? 1);
const BUSY_ROUNDS = Number(process.env.BENCH_BUSY_ROUNDS ?? 8);
const CLUSTER_ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 4);
const FAILOVERS = Number(process.env.BENCH_FAILOVERS ?? 20);
const FAILOVER_WATCH = Number(process.env.BENCH_FAILOVER_WATCH ?? 20);
const BUSY_CASH_INS = Number(process.env.BENCH_BUSY_CASH_INS ?? 100_000);
const PROFILE_MOVEMENTS = Number(process.env.BENCH_PROFILE_MOVEMENTS ?? 200);
const CEILING_TPS = Number(process.env.BENCH_CEILING_TPS ?? 800);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 1000);
const PAYMENT_ROUNDS = Number(process.env.BENCH_PAYMENT_ROUNDS ?? 4);
/** What one of load.lua's cash-outs costs its person, Taka: 50, and the 1.85 % fee (0.93) rounded up. */
const CASH_OUT_COST = 51;
/**
 * Taka an agent takes in through cash-outs before the next agent takes the rounds over: an agent
 * may hold at most 5,000,000 (the AGENT maximum balance of migration 0012), and one round at the
 * planned ceiling brings in up to SECONDS × BENCH_CEILING_TPS × 51 (612,000 in 15 s at 800/s).
 */
const AGENT_INTAKE = 4_000_000;
const ADMIN = { email: 'admin@bench.example', password: 'bench admin password' };

interface Figures {
  name: string;
  tps: number;
  p50: number;
  p99: number;
  requests?: number;
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

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const spread = (values: number[]) => Math.sqrt(mean(values.map((value) => (value - mean(values)) ** 2)));

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

/** The postmasters of the clusters this bench started: their backends are PostgreSQL's CPU. */
const postmasters = new Set<number>();

async function startBenchCluster(options: Parameters<typeof startCluster>[0]) {
  const cluster = await startCluster(options);
  postmasters.add(Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]));
  return cluster;
}

/**
 * CPU seconds used so far by the API processes this bench started and by its clusters' PostgreSQL
 * (where the time goes): only processes under this one or under its postmasters, as others may
 * share the machine.
 */
function cpuSeconds() {
  const processes = new Map<number, { parent: number; ticks: number; command: string }>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      processes.set(Number(pid), {
        parent: Number(fields[1]),
        // utime + stime, and cutime + cstime: a backend that ended (a pool closes idle
        // connections) is counted in the postmaster's children.
        ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
        command: readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
      });
    } catch {
      // Gone meanwhile.
    }
  }
  const under = (pid: number, roots: Set<number>) => {
    for (let at: number | undefined = pid; at && at > 1; at = processes.get(at)?.parent) if (roots.has(at)) return true;
    return false;
  };
  const me = new Set([process.pid]);
  let api = 0;
  let postgres = 0;
  for (const [pid, { ticks, command }] of processes) {
    // An API is compiled (dist/server.js) or, in a build whose `pnpm start` runs its sources
    // through tsx, src/server.ts.
    if ((command.includes('dist/server.js') || command.includes('src/server.ts')) && under(pid, me)) api += ticks;
    else if (under(pid, postmasters)) postgres += ticks;
  }
  return { api: api / 100, postgres: postgres / 100 };
}

const WRK = process.env.WRK ?? '/usr/bin/wrk';

/** What a round sends: load.lua's operation, from (or, for a cash-in, to) its people. */
interface Workload {
  operation: 'transfer' | 'cash-out' | 'deposit' | 'cash-in' | 'payment';
  people: Person[];
  /** The wallet PIN, or '' where the build has none. */
  pin: string;
  /** The agent every cash-out goes to. */
  agentId?: string;
  /** The agent who gives every cash-in. */
  agentCookie?: string;
  /** The merchants (merchants.id) payments go to, one at random each. */
  merchants?: string[];
}

/**
 * BENCH_CLIENTS connections in all, spread over the instances, for BENCH_SECONDS, driven by wrk
 * (a C load generator, as pgbench is a C client): a Node one would spend the cores the API and
 * PostgreSQL share on this machine. Any answer that is not a success, or a socket error, fails
 * the run: a round's figures count only the work it was meant to measure.
 */
async function load(
  name: string,
  ports: number[],
  workload: Workload,
  { seconds = SECONDS, reported = true }: { seconds?: number; reported?: boolean } = {},
): Promise<Figures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-wrk-'));
  const peopleFile = path.join(dir, 'people.txt');
  writeFileSync(peopleFile, workload.people.map((person) => `${person.cookie} ${person.id}`).join('\n'));
  const merchantsFile = path.join(dir, 'merchants.txt');
  writeFileSync(merchantsFile, (workload.merchants ?? []).join('\n'));
  const perInstance = Math.max(1, Math.round(CLIENTS / ports.length));
  const cpuBefore = cpuSeconds();
  const runsOf = await Promise.all(
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
          firstError: string;
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
                BENCH_AGENT_COOKIE: workload.agentCookie ?? '',
                BENCH_MERCHANTS_FILE: workload.merchants ? merchantsFile : '',
                BENCH_KEY_PREFIX: `${port}-${Date.now()}-${randomBytes(3).toString('hex')}`,
                BENCH_PIN: workload.pin,
              },
            },
            (error, stdout) => {
              const line = /^WRK (.*)$/m.exec(stdout);
              if (error || !line) reject(error ?? new Error(`wrk printed no figures: ${stdout}`));
              else resolve({ ...JSON.parse(line[1]!), firstError: /^WRKERR (.*)$/m.exec(stdout)?.[1] ?? '' });
            },
          );
        }),
    ),
  );
  rmSync(dir, { recursive: true, force: true });
  const cpuAfter = cpuSeconds();
  const total = (key: 'c4' | 'c5' | 'errors' | 'requests') => runsOf.reduce((sum, run) => sum + run[key], 0);
  const failed = total('c4') + total('c5') + total('errors');
  const counts = `${total('c4')} × 4xx, ${total('c5')} × 5xx, ${total('errors')} socket errors`;
  if (failed > 0) {
    const first = runsOf.find((run) => run.firstError)?.firstError;
    throw new Error(
      `round "${name.trim()}" failed: ${counts} of ${total('requests')} requests${first ? `; first: ${first}` : ''}`,
    );
  }
  // Each instance's percentiles, weighted by its share of the requests.
  const weighted = (key: 'p50' | 'p99') =>
    runsOf.reduce((sum, run) => sum + run[key] * run.requests, 0) / Math.max(1, total('requests'));
  const busy = (key: 'api' | 'postgres') => `${((cpuAfter[key] - cpuBefore[key]) / seconds).toFixed(2)}`;
  const figures: Figures = {
    name,
    tps: total('requests') / seconds,
    p50: weighted('p50'),
    p99: weighted('p99'),
    requests: total('requests'),
    errors: `${counts}; cores busy: API ${busy('api')}, PostgreSQL ${busy('postgres')}`,
  };
  if (reported) report(figures);
  return figures;
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

/** What a build's bench harness gives: this checkout's, or the reference checkout's own. */
type Harness = Pick<typeof harness, 'seedPeople' | 'startApi' | 'PIN_SECRET'>;

/** A checkout whose API the bench starts: this one, or the reference; its harness where it has one. */
interface Checkout {
  side: 'this' | 'reference';
  root: string;
  harness: Harness | null;
}
const THIS: Checkout = { side: 'this', root: path.resolve(API_ROOT, '..'), harness };

async function referenceCheckout(root: string): Promise<Checkout> {
  const file = path.join(root, 'api/bench/harness.ts');
  return { side: 'reference', root, harness: existsSync(file) ? ((await import(file)) as Harness) : null };
}

/**
 * The checkout's API on `port`: as `pnpm start` serves it with BENCH_SITE (its own
 * scripts/start.mjs), otherwise as its harness starts it (the compiled API, no site).
 */
function launch(checkout: Checkout, env: Record<string, string>, port: number): Promise<ChildProcess> {
  if (SITE) return startSite(checkout.root, env, port);
  if (!checkout.harness) {
    throw new Error(`${checkout.root} has no api/bench/harness.ts to start its API with: run it with BENCH_SITE=1`);
  }
  return checkout.harness.startApi(env, port);
}

/** The instances' settings on one database of the cluster. */
const apiEnv = (url: string, mailUrl: string, pinSecret: string) => ({
  DATABASE_URL: url,
  SMTP_URL: mailUrl,
  PUBLIC_URL: 'http://localhost',
  PIN_SECRET: pinSecret,
  // Older builds (reference checkouts) ignore them.
  CLIENT_REPORT_SECRET,
  ...VAPID_KEYS,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  MAX_TRANSACTION_AMOUNT: '1000000000',
  // Every person the bench makes through the API signs up and signs in from 127.0.0.1: the
  // per-address limits on those routes would hold them to 10 a minute. The money routes have none.
  REGISTER_RATE_LIMIT: '1000000',
  LOGIN_RATE_LIMIT: '1000000',
  LOGIN_ADDRESS_RATE_LIMIT: '1000000',
});

/** The instances' settings on a replicated cluster: writes to the leader, heavy reads from the standbys. */
const clusterApiEnv = (urls: { write: string; owner: string; read: string }, mailUrl: string) => ({
  ...apiEnv(urls.write, mailUrl, PIN_SECRET),
  DATABASE_OWNER_URL: urls.owner,
  DATABASE_READ_URL: urls.read,
});

/** Deposits of at most 10,000 Taka each (within every build's per-movement limits) until each person has put in `taka`, 8 at a time. */
async function depositEach(ports: number[], people: Person[], taka: number) {
  await Promise.all(
    Array.from({ length: 8 }, async (_, lane) => {
      for (let i = lane; i < people.length; i += 8) {
        for (let left = taka; left > 0; left -= 10_000) {
          const response = await fetch(`http://127.0.0.1:${ports[i % ports.length]}/api/v1/wallet/deposit`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: people[i]!.cookie },
            body: JSON.stringify({ balance: Math.min(left, 10_000) }),
          });
          if (response.status !== 201) throw new Error(`seed deposit: ${response.status} ${await response.text()}`);
        }
      }
    }),
  );
}

/** A build's daily limits by "holder/type", in Taka; null when the build has no limits table. */
async function dailyLimits(client: Client) {
  const table = await client.query(`select 1 from information_schema.tables where table_name = 'limits'`);
  if (!table.rowCount) return null;
  const rows = await client.query<{ key: string; taka: number }>(
    `select holder || '/' || type as key, daily_amount / 100 as taka from limits where type is not null and daily_amount is not null`,
  );
  return new Map(rows.rows.map((row) => [row.key, Number(row.taka)]));
}

/**
 * What each person is funded with, and whether they must be KYC-approved, for `hotRounds`
 * 15-second rounds of 50-Taka cash-outs at up to BENCH_CEILING_TPS spread over `people`: an
 * email-verified person may cash out 15,000 Taka a day and deposit 25,000 (migration 0012), so
 * 2,000 people (300 Taka each a round at 800/s) stay email-verified, as a new person is, while
 * 200 people through 8 rounds (3,000 Taka each a round) need the KYC-approved limits (30,000 out,
 * 50,000 in a day): they are then approved as a person is (the harness writes kyc_approved_at;
 * through the API, they ask and the admin approves), rather than lifting anyone's limits.
 */
async function fundingPlan(client: Client, people: number, hotRounds: number) {
  // The mean, and a fifth more: cash-outs fall on people at random, some get more than others
  // (200 people through 8 rounds: about 480 cash-outs each, give or take 22).
  const need = Math.ceil((1.2 * hotRounds * SECONDS * CEILING_TPS * CASH_OUT_COST) / people);
  const taka = Math.max(PEOPLE_VIA_API ? 20_000 : 10_000, need + 1_000);
  const limits = await dailyLimits(client);
  const fits = (holder: string) =>
    need <= (limits?.get(`${holder}/cash-out`) ?? Infinity) && taka <= (limits?.get(`${holder}/deposit`) ?? Infinity);
  if (fits('EMAIL_VERIFIED')) return { taka, kyc: false };
  if (fits('KYC_APPROVED')) return { taka, kyc: true };
  throw new Error(
    `${hotRounds} hot-agent rounds of ${SECONDS} s at ${CEILING_TPS}/s need up to ${need} Taka of cash-outs from each of ${people} people in a day: more than any holder's daily limits; use more BENCH_PEOPLE`,
  );
}

/** Enough agents that none nears its maximum balance through `hotRounds` rounds of cash-outs. */
function agentsFor(hotRounds: number) {
  const perAgent = Math.max(1, Math.floor(AGENT_INTAKE / (SECONDS * CEILING_TPS * CASH_OUT_COST)));
  return Math.max(1, Math.ceil(hotRounds / perAgent));
}

/** A build's people: users and agents, the PIN to send ('' where it has none). */
interface Population {
  users: Person[];
  agents: Person[];
  pin: string;
}

/**
 * The people of one build's database: seeded by its harness, or made through its own API
 * (BENCH_PEOPLE_VIA_API), then funded through its API, for `hotRounds` planned hot-agent rounds.
 */
async function populate(
  checkout: Checkout,
  ports: number[],
  client: Client,
  mailbox: Mailbox,
  { users: count, hotRounds }: { users: number; hotRounds: number },
): Promise<Population> {
  const plan = await fundingPlan(client, count, hotRounds);
  const agentCount = agentsFor(hotRounds);
  let population: Population;
  if (PEOPLE_VIA_API) {
    const site = new Site(`http://127.0.0.1:${ports[0]}`, ADMIN);
    const features = await site.features();
    const started = Date.now();
    const tag = randomBytes(3).toString('hex');
    const users = await site.makePeople(features, mailbox, count, 'USER', { kyc: plan.kyc, tag });
    const agents = await site.makePeople(features, mailbox, agentCount, 'AGENT', { tag });
    const steps = Object.entries(features).map(([step, has]) => `${step} ${has ? 'yes' : 'no'}`);
    console.log(
      `${checkout.side}: ${count} people and ${agentCount} agent(s) made through its API in ${((Date.now() - started) / 1000).toFixed(0)} s (${steps.join(', ')}${plan.kyc && features.kyc ? ', KYC-approved' : ''})`,
    );
    population = { users, agents, pin: features.pin ? PIN : '' };
  } else {
    if (!checkout.harness)
      throw new Error(`${checkout.root} has no bench harness to seed people with: set BENCH_PEOPLE_VIA_API=1`);
    const query: Query = async (text, values) => (await client.query(text, values)).rows;
    const users = await checkout.harness.seedPeople(query, count, 'USER');
    const agents = await checkout.harness.seedPeople(query, agentCount, 'AGENT');
    if (plan.kyc) {
      await client.query('update users set kyc_approved_at = now() where id = any($1::uuid[])', [
        users.map((u) => u.id),
      ]);
    }
    population = { users, agents, pin: PIN };
  }
  await depositEach(ports, population.users, plan.taka);
  return population;
}

/** The hot agent of each round: the first, until the next round could take it near its maximum balance. */
function hotAgents(agents: Person[]) {
  const perRound = SECONDS * CEILING_TPS * CASH_OUT_COST;
  let index = 0;
  let intake = 0;
  return {
    next() {
      if (intake > 0 && intake + perRound > AGENT_INTAKE) {
        index += 1;
        intake = 0;
      }
      if (index >= agents.length) throw new Error('no hot agent left that can take another round');
      return agents[index]!;
    },
    took(figures: Figures) {
      intake += (figures.requests ?? 0) * CASH_OUT_COST;
    },
  };
}

/** A database of its own on the cluster, and a superuser's connection to it. */
async function freshDatabase(clusterUrl: string, name: string) {
  execFileSync(path.join(BIN, 'psql'), [clusterUrl, '-qc', `create database ${name}`]);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return { url: url.toString(), client };
}

async function postgresPart() {
  const cluster = await startBenchCluster({ durable: DURABLE });
  // An instance on PostgreSQL only starts with a mail path; people made through the API use it.
  const mailbox = await startMailbox();
  const children: ChildProcess[] = [];
  try {
    if (runs('pgbench')) pgbench(cluster.url);
    const ports = Array.from({ length: INSTANCES }, (_, i) => 18_400 + i);
    const env = apiEnv(cluster.url, mailbox.url, PIN_SECRET);
    for (const port of ports) children.push(await launch(THIS, env, port));

    const client = new Client({ connectionString: cluster.url });
    await client.connect();
    const hotRounds = (runs('hot-agent') ? 1 : 0) + (runs('hot-merchant') ? PAYMENT_ROUNDS : 0);
    const { users, agents, pin } = await populate(THIS, ports, client, mailbox, { users: PEOPLE, hotRounds });
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
      await load('API uniform transfers', ports, { operation: 'transfer', people: users, pin });
    }
    if (runs('hot-agent')) {
      await load('API cash-outs to one agent', ports, {
        operation: 'cash-out',
        people: users,
        agentId: hotAgents(agents).next().id,
        pin,
      });
    }
    if (runs('deposits')) {
      await load('API deposit storm', ports, { operation: 'deposit', people: users, pin });
    }
    if (runs('payments') || runs('hot-merchant')) {
      await paymentRounds(ports, client, users, hotAgents(agents), pin);
    }
    if (runs('telemetry')) {
      // The same transfers on instances with traces on, exporting to a receiver in this process,
      // against the same instances without: in alternating rounds, so that neither side has the
      // emptier ledger or the quieter minute to itself.
      const receiver = await startOtlpReceiver();
      const traced = ports.map((_, i) => 18_500 + i);
      for (const port of traced) {
        children.push(await launch(THIS, { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, port));
      }
      // Both sides warm before anything counts: the traced instance has just started, and its
      // first seconds (JIT, the pool's connections) would otherwise count against traces.
      for (const side of [ports, traced]) {
        await load('warm-up', side, { operation: 'transfer', people: users, pin }, { seconds: 5, reported: false });
      }
      const rounds: Record<'off' | 'on', Figures[]> = { off: [], on: [] };
      for (let round = 1; round <= TELEMETRY_ROUNDS; round += 1) {
        // Each side goes first in every other round, so neither always follows the other.
        const order = round % 2 === 1 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        for (const side of order) {
          rounds[side].push(
            await load(`  round ${round}, traces ${side}`, side === 'on' ? traced : ports, {
              operation: 'transfer',
              people: users,
              pin,
            }),
          );
        }
      }
      for (const side of ['off', 'on'] as const) {
        const figures = rounds[side];
        const meanOf = (key: 'tps' | 'p50' | 'p99') => mean(figures.map((f) => f[key]));
        report({ name: `API transfers, traces ${side}`, tps: meanOf('tps'), p50: meanOf('p50'), p99: meanOf('p99') });
      }
      console.log(`OTLP receiver: ${receiver.exports()} exports, ${(receiver.bytes() / 1e6).toFixed(1)} MB received`);
      await receiver.close();
    }
    console.log(`deadlocks during the API workloads: ${(await deadlocks()) - before}`);
    await client.end();
  } finally {
    for (const child of children) await stopProcess(child);
    await mailbox.close();
    stopCluster(cluster);
  }
}

/**
 * Payments against what they are held to, in alternating rounds on the same instances and ledger:
 * spread over BENCH_MERCHANTS merchants against uniform transfers, and all to one merchant (a
 * fresh one each round) against cash-outs to one agent. Each side's mean and spread, and the ratio.
 */
async function paymentRounds(
  ports: number[],
  client: Client,
  users: Person[],
  agents: ReturnType<typeof hotAgents>,
  pin: string,
) {
  const query: Query = async (text, values) => (await client.query(text, values)).rows;
  const pairs: {
    name: string;
    target: number;
    sides: [string, () => Promise<Workload>][];
    /** The side of cash-outs to one agent: each round's intake moves the hot agent on before it fills up. */
    hotAgentSide?: number;
  }[] = [];
  if (runs('payments')) {
    const merchants = await harness.seedMerchants(query, MERCHANTS);
    pairs.push({
      name: `payments over ${MERCHANTS} merchants / transfers`,
      target: 0.8,
      sides: [
        ['API uniform transfers', async () => ({ operation: 'transfer', people: users, pin })],
        ['API payments, spread', async () => ({ operation: 'payment', people: users, pin, merchants })],
      ],
    });
  }
  if (runs('hot-merchant')) {
    pairs.push({
      name: 'payments to one merchant / cash-outs to one agent',
      target: 0.5,
      hotAgentSide: 0,
      sides: [
        [
          'API cash-outs to one agent',
          async () => ({ operation: 'cash-out', people: users, pin, agentId: agents.next().id }),
        ],
        [
          'API payments to one merchant',
          async () => ({ operation: 'payment', people: users, pin, merchants: await harness.seedMerchants(query, 1) }),
        ],
      ],
    });
  }
  for (const pair of pairs) {
    const figures: Figures[][] = [[], []];
    for (let round = 1; round <= PAYMENT_ROUNDS; round += 1) {
      // Each side goes first in every other round, so neither always has the quieter minute.
      const order = round % 2 === 1 ? [0, 1] : [1, 0];
      for (const side of order) {
        const [name, workload] = pair.sides[side]!;
        const done = await load(`  round ${round}, ${name}`, ports, await workload());
        if (side === pair.hotAgentSide) agents.took(done);
        figures[side]!.push(done);
      }
    }
    for (const [side, [name]] of pair.sides.entries()) {
      const tps = figures[side]!.map((f) => f.tps);
      report({
        name: `${name} (mean of ${PAYMENT_ROUNDS})`,
        tps: mean(tps),
        p50: mean(figures[side]!.map((f) => f.p50)),
        p99: mean(figures[side]!.map((f) => f.p99)),
        errors: `spread ${spread(tps).toFixed(0)} tps`,
      });
    }
    const ratio = mean(figures[1]!.map((f) => f.tps)) / mean(figures[0]!.map((f) => f.tps));
    console.log(`${pair.name}: ${(ratio * 100).toFixed(0)} % (target at least ${pair.target * 100} %)`);
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
    const users = await harness.seedPeople(query, Math.min(PEOPLE, 500), 'USER');
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
    const api = await harness.startApi({ DATA_DIR: dataDir, MAX_TRANSACTION_AMOUNT: '1000000000', PIN_SECRET }, port);
    try {
      await load('API on PGlite', [port], { operation: 'transfer', people: users, pin: PIN });
    } finally {
      await stopProcess(api);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Each side's rounds: mean throughput and percentiles, and the throughput's spread. */
function summarise(rounds: Map<string, Figures[]>) {
  console.log('');
  for (const [name, figures] of rounds) {
    const tps = figures.map((f) => f.tps);
    report({ name, tps: mean(tps), p50: mean(figures.map((f) => f.p50)), p99: mean(figures.map((f) => f.p99)) });
    const sd = spread(tps);
    const p99 = figures.map((f) => f.p99);
    console.log(
      `${''.padEnd(34)} spread: sd ${sd.toFixed(0)} tps (${((sd / mean(tps)) * 100).toFixed(1)} %), min ${Math.min(...tps).toFixed(0)}, max ${Math.max(...tps).toFixed(0)}; p99 sd ${spread(p99).toFixed(1)} ms`,
    );
  }
}

/** A build set up on its own database of the cluster: its API running, its people made and funded. */
interface Running extends Population {
  side: Checkout['side'];
  port: number;
  client: Client;
  hot: ReturnType<typeof hotAgents>;
}

async function setUp(
  checkout: Checkout,
  clusterUrl: string,
  mailbox: Mailbox,
  port: number,
  { hotRounds, profile = false }: { hotRounds: number; profile?: boolean },
  children: ChildProcess[],
): Promise<Running> {
  const { url, client } = await freshDatabase(clusterUrl, `bench_${checkout.side}`);
  if (profile) await client.query('create extension pg_stat_statements');
  children.push(await launch(checkout, apiEnv(url, mailbox.url, checkout.harness?.PIN_SECRET ?? PIN_SECRET), port));
  const population = await populate(checkout, [port], client, mailbox, { users: PEOPLE, hotRounds });
  return { ...population, side: checkout.side, port, client, hot: hotAgents(population.agents) };
}

/**
 * This checkout's build against another's (BENCH_REFERENCE_CHECKOUT), in one sitting on one
 * cluster: each on a fresh database of its own, migrated by its own API as it starts and seeded by
 * its own harness or its own API, then the transfers and the hot agent on each in turn, the order
 * swapped every round, so that neither build has the quieter minute or the smaller ledger to itself.
 */
async function referencePart(reference: string) {
  const checkouts = [THIS, await referenceCheckout(reference)];
  const cluster = await startBenchCluster({ durable: DURABLE });
  const mailbox = await startMailbox();
  const children: ChildProcess[] = [];
  const builds: Running[] = [];
  try {
    if (runs('pgbench')) pgbench(cluster.url);
    const hotRounds = runs('hot-agent') ? REFERENCE_ROUNDS : 0;
    for (const [i, checkout] of checkouts.entries()) {
      builds.push(await setUp(checkout, cluster.url, mailbox, 18_600 + i, { hotRounds }, children));
    }
    const workloads = [
      { part: 'transfers', name: 'API uniform transfers', operation: 'transfer' },
      { part: 'hot-agent', name: 'API cash-outs to one agent', operation: 'cash-out' },
    ]
      .filter((workload) => runs(workload.part))
      .map((workload) => ({ ...workload, operation: workload.operation as Workload['operation'] }));
    for (const build of builds) {
      await load(
        'warm-up',
        [build.port],
        { operation: 'transfer', people: build.users, pin: build.pin },
        { seconds: 5, reported: false },
      );
    }
    const rounds = new Map<string, Figures[]>();
    for (let round = 1; round <= REFERENCE_ROUNDS; round += 1) {
      const order = round % 2 === 1 ? builds : [...builds].reverse();
      for (const build of order) {
        for (const workload of workloads) {
          const agent = workload.operation === 'cash-out' ? build.hot.next() : undefined;
          const figures = await load(`  round ${round}, ${build.side}: ${workload.name}`, [build.port], {
            operation: workload.operation,
            people: build.users,
            agentId: agent?.id,
            pin: build.pin,
          });
          if (agent) build.hot.took(figures);
          const key = `${workload.name}, ${build.side}`;
          rounds.set(key, [...(rounds.get(key) ?? []), figures]);
        }
      }
    }
    summarise(rounds);
    for (const workload of workloads) ratio(`${workload.name}, this`, `${workload.name}, reference`, 0.95);
    for (const side of ['this', 'reference'])
      for (const workload of workloads) ratio(`${workload.name}, ${side}`, 'pgbench TPC-B');
  } finally {
    for (const build of builds) await build.client.end();
    for (const child of children) await stopProcess(child);
    await mailbox.close();
    stopCluster(cluster);
  }
}

/**
 * The API as the harness starts it (node dist/server.js, no SITE_ROOT) against the site as
 * `pnpm start` serves it (scripts/start.mjs), on one database and the same people, in pairs of
 * transfer rounds, alternating which goes first.
 */
async function siteMatchPart() {
  const cluster = await startBenchCluster({ durable: DURABLE });
  const mailbox = await startMailbox();
  const children: ChildProcess[] = [];
  const client = new Client({ connectionString: cluster.url });
  try {
    const env = apiEnv(cluster.url, mailbox.url, PIN_SECRET);
    console.log(
      'site-match: harness = node dist/server.js without SITE_ROOT; site = scripts/start.mjs, as `pnpm start`',
    );
    const sides = [
      { side: 'harness', port: 18_700 },
      { side: 'site', port: 18_701 },
    ];
    children.push(await harness.startApi(env, sides[0]!.port));
    children.push(await startSite(THIS.root, env, sides[1]!.port));
    await client.connect();
    const { users, pin } = await populate(THIS, [sides[0]!.port], client, mailbox, { users: PEOPLE, hotRounds: 0 });
    for (const { port } of sides) {
      await load('warm-up', [port], { operation: 'transfer', people: users, pin }, { seconds: 5, reported: false });
    }
    const rounds = new Map<string, Figures[]>();
    for (let round = 1; round <= SITE_MATCH_ROUNDS; round += 1) {
      for (const { side, port } of round % 2 === 1 ? sides : [...sides].reverse()) {
        const figures = await load(`  round ${round}, ${side}`, [port], { operation: 'transfer', people: users, pin });
        rounds.set(`transfers, ${side}`, [...(rounds.get(`transfers, ${side}`) ?? []), figures]);
      }
    }
    summarise(rounds);
    ratio(`transfers, ${sides[1]!.side}`, `transfers, ${sides[0]!.side}`);
    const p99 = sides.map(({ side }) => mean(rounds.get(`transfers, ${side}`)!.map((f) => f.p99)));
    console.log(`${'p99, site / harness'.padEnd(66)} ${((p99[1]! / p99[0]!) * 100).toFixed(0).padStart(4)} %`);
  } finally {
    await client.end();
    for (const child of children) await stopProcess(child);
    await mailbox.close();
    stopCluster(cluster);
  }
}

/**
 * One agent with a month of history: BUSY_CASH_INS 1-Taka cash-ins to the users, in batches of
 * 5,000 a transaction, each through ledger_post itself (so the balances, the entries and the
 * deferred checks are the ledger's own, as for any movement). ledger_post dates a movement at its
 * clock, so all of them are dated today, which is in this Asia/Dhaka month (and is the heaviest
 * case for the limits, whose day and month both hold them). They are posted without the parties'
 * limit holders, as the registration bonus is: none of them would be refused (the agent's
 * cash-in limit is 1,000,000 Taka a day, 100,000 here; each user receives far under 25,000), and
 * checking them one by one would read the agent's growing month 100,000 times over.
 */
async function seedBusyAgent(client: Client, agent: Person, users: Person[]) {
  const accounts = new Map(
    (
      await client.query<{ id: string; user_id: string }>(
        'select id, user_id from accounts where user_id = any($1::uuid[])',
        [[agent.id, ...users.map((u) => u.id)]],
      )
    ).rows.map((row) => [row.user_id, row.id]),
  );
  const batch = 5_000;
  const started = Date.now();
  for (let offset = 0; offset < BUSY_CASH_INS; offset += batch) {
    const { rows } = await client.query<{ refused: number }>(
      `select count(*) filter (where posted.refusal is not null)::int as refused
       from generate_series(0, $5::int - 1) i
       cross join lateral ledger_post('cash-in'::transaction_type, 100, $1::uuid,
         ($3::uuid[])[1 + ($6::int + i) % cardinality($3::uuid[])], $2::uuid,
         ($4::uuid[])[1 + ($6::int + i) % cardinality($4::uuid[])]) posted`,
      [
        accounts.get(agent.id),
        agent.id,
        users.map((u) => accounts.get(u.id)),
        users.map((u) => u.id),
        Math.min(batch, BUSY_CASH_INS - offset),
        offset,
      ],
    );
    if (rows[0]!.refused > 0) throw new Error(`${rows[0]!.refused} of the busy agent's seeded cash-ins were refused`);
  }
  console.log(`seeded ${BUSY_CASH_INS} cash-ins of the busy agent in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * An agent's float: a deposit from the bank (BANK_SETTLEMENT, a system account the ledger never
 * locks) into the agent's wallet, through ledger_post as every movement. Agents cannot deposit
 * through the API (a deposit is a user's); 1,000,000 Taka covers the seeded cash-ins and the
 * rounds' (8 × 15 s × 800/s at 1 Taka is under 100,000) and is a fifth of the agent's maximum balance.
 */
async function floatAgent(client: Client, agent: Person) {
  const { rows } = await client.query<{ refusal: string | null }>(
    `select posted.refusal from ledger_post('deposit'::transaction_type, 100000000,
       (select id from accounts where code = 'BANK_SETTLEMENT'), (select id from accounts where user_id = $1),
       null, $1::uuid) posted`,
    [agent.id],
  );
  if (rows[0]!.refusal) throw new Error(`the agent's float was refused: ${rows[0]!.refusal}`);
}

/** The busy agent against a fresh one, in alternating rounds of cash-ins to random users. */
async function busyPersonPart() {
  const cluster = await startBenchCluster({ durable: DURABLE });
  const mailbox = await startMailbox();
  const children: ChildProcess[] = [];
  const client = new Client({ connectionString: cluster.url });
  try {
    // The schema first, as the API would make it at its start: the history goes in before it starts.
    await (await openDatabase({ databaseUrl: cluster.url })).close();
    await client.connect();
    const query: Query = async (text, values) => (await client.query(text, values)).rows;
    const users = await harness.seedPeople(query, PEOPLE, 'USER');
    const [busy, fresh] = await harness.seedPeople(query, 2, 'AGENT');
    for (const agent of [busy!, fresh!]) await floatAgent(client, agent);
    await seedBusyAgent(client, busy!, users);
    await client.query('analyze');
    const port = 18_800;
    children.push(await launch(THIS, apiEnv(cluster.url, mailbox.url, PIN_SECRET), port));
    const sides = [
      { side: 'busy agent', agent: busy! },
      { side: 'fresh agent', agent: fresh! },
    ];
    const workload = (agent: Person): Workload => ({
      operation: 'cash-in',
      people: users,
      agentCookie: agent.cookie,
      pin: PIN,
    });
    for (const { agent } of sides) {
      await load('warm-up', [port], workload(agent), { seconds: 5, reported: false });
    }
    const rounds = new Map<string, Figures[]>();
    for (let round = 1; round <= BUSY_ROUNDS; round += 1) {
      for (const { side, agent } of round % 2 === 1 ? sides : [...sides].reverse()) {
        const figures = await load(`  round ${round}, ${side}: cash-ins`, [port], workload(agent));
        rounds.set(`cash-ins, ${side}`, [...(rounds.get(`cash-ins, ${side}`) ?? []), figures]);
      }
    }
    summarise(rounds);
    const [busyRounds, freshRounds] = sides.map(({ side }) => rounds.get(`cash-ins, ${side}`)!);
    const tps = mean(busyRounds!.map((f) => f.tps)) / mean(freshRounds!.map((f) => f.tps));
    const p99 = mean(busyRounds!.map((f) => f.p99)) / mean(freshRounds!.map((f) => f.p99));
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log(
      `${'cash-ins, busy / fresh agent: throughput'.padEnd(66)} ${(tps * 100).toFixed(0).padStart(4)} %  (target ≥ 90 %) ${verdict(tps >= 0.9)}`,
    );
    console.log(
      `${'cash-ins, busy / fresh agent: p99'.padEnd(66)} ${(p99 * 100).toFixed(0).padStart(4)} %  (target ≤ 110 %) ${verdict(p99 <= 1.1)}`,
    );
  } finally {
    await client.end();
    for (const child of children) await stopProcess(child);
    await mailbox.close();
    stopCluster(cluster);
  }
}

/** One movement through the API, as a person's app sends it: its own Idempotency-Key, the PIN. */
async function moveOnce(build: Running, kind: 'transfer' | 'cash-out' | 'cash-in', agent: Person) {
  const from = pick(build.users);
  let to = pick(build.users);
  while (to === from) to = pick(build.users);
  const [route, body, cookie] =
    kind === 'transfer'
      ? ['/wallet/transfer', { receiverId: to.id, balance: 1 }, from.cookie]
      : kind === 'cash-out'
        ? ['/agent/cash-out', { agentId: agent.id, balance: 50 }, from.cookie]
        : ['/agent/cash-in', { userId: to.id, balance: 1 }, agent.cookie];
  const response = await fetch(`http://127.0.0.1:${build.port}/api/v1${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie,
      'idempotency-key': randomUUID(),
      ...(build.pin ? { 'x-wallet-pin': build.pin } : {}),
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${kind}: ${response.status} ${await response.text()}`);
}

const KINDS = ['transfer', 'cash-out', 'cash-in'] as const;

/**
 * Each kind of movement, PROFILE_MOVEMENTS of them one after another through the API, with the
 * statistics reset before and read after; then a concurrent hot-agent round with its lock waits.
 */
async function profileBuild(build: Running) {
  const agent = build.hot.next();
  const profiles: Profile[] = [];
  const cpu: { api: number; postgres: number }[] = [];
  for (const kind of KINDS) {
    // A few first, so that the pool's connections have compiled the functions and planned the statements.
    for (let i = 0; i < 20; i += 1) await moveOnce(build, kind, agent);
    // The function counts of the movements before reach the statistics within this time.
    await new Promise((resolve) => setTimeout(resolve, FUNCTION_STATISTICS_DELAY_MS));
    await resetStatistics(build.client);
    const before = cpuSeconds();
    for (let i = 0; i < PROFILE_MOVEMENTS; i += 1) await moveOnce(build, kind, agent);
    const after = cpuSeconds();
    cpu.push({ api: after.api - before.api, postgres: after.postgres - before.postgres });
    await new Promise((resolve) => setTimeout(resolve, FUNCTION_STATISTICS_DELAY_MS));
    profiles.push(await readProfile(build.client, kind, PROFILE_MOVEMENTS));
  }
  const stop = sampleLockWaits(build.client);
  const figures = await load(`${build.side}: cash-outs to one agent (lock waits sampled)`, [build.port], {
    operation: 'cash-out',
    people: build.users,
    agentId: agent.id,
    pin: build.pin,
  });
  build.hot.took(figures);
  return { profiles, cpu, waits: await stop() };
}

/** The profile part, on this build and the reference's (BENCH_REFERENCE_CHECKOUT), side by side. */
async function profilePart() {
  const checkouts = [THIS, ...(REFERENCE ? [await referenceCheckout(REFERENCE)] : [])];
  const cluster = await startBenchCluster({ durable: DURABLE, profile: true });
  const mailbox = await startMailbox();
  const children: ChildProcess[] = [];
  const builds: Running[] = [];
  try {
    // One round of cash-outs while the lock waits are sampled, and the profile's own (a few Taka each).
    for (const [i, checkout] of checkouts.entries()) {
      builds.push(await setUp(checkout, cluster.url, mailbox, 18_900 + i, { hotRounds: 2, profile: true }, children));
    }
    const measured: {
      side: string;
      profiles: Profile[];
      cpu: { api: number; postgres: number }[];
      waits: LockWaits;
    }[] = [];
    for (const build of builds) measured.push({ side: build.side, ...(await profileBuild(build)) });
    for (const [k, kind] of KINDS.entries()) {
      printProfiles(measured.map(({ side, profiles }) => ({ side, profile: profiles[k]! })));
      for (const { side, cpu } of measured) {
        const ms = (seconds: number) => ((seconds * 1000) / PROFILE_MOVEMENTS).toFixed(2);
        console.log(
          `CPU per ${kind}, ${side}: API ${ms(cpu[k]!.api)} ms, PostgreSQL ${ms(cpu[k]!.postgres)} ms (one at a time, so no waiting on locks)`,
        );
      }
    }
    console.log('');
    printLockWaits(measured.map(({ side, waits }) => ({ side, waits, seconds: SECONDS })));
  } finally {
    for (const build of builds) await build.client.end();
    for (const child of children) await stopProcess(child);
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

/** pgbench's built-in TPC-B-like transaction, written out, with a NOTIFY in it when `notify`. */
const tpcbScript = (notify: boolean) => `\\set aid random(1, 100000 * :scale)
\\set bid random(1, 1 * :scale)
\\set tid random(1, 10 * :scale)
\\set delta random(-5000, 5000)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
${notify ? "SELECT pg_notify('bench', 'x');\n" : ''}END;
`;

/**
 * What PostgreSQL's one NOTIFY lock costs at commit on `url`'s server: pgbench's TPC-B with and
 * without a NOTIFY in each transaction, BENCH_CLIENTS clients. A transaction that notified holds
 * the lock from PreCommit_Notify until its commit is flushed (and, with a synchronous standby,
 * acknowledged), so such commits queue one behind another.
 */
function notifyCost(name: string, url: string) {
  const database = new URL(url);
  database.pathname = '/pgbench';
  execFileSync(path.join(BIN, 'psql'), [url, '-qc', 'create database pgbench']);
  execFileSync(path.join(BIN, 'pgbench'), ['-i', '-q', '-s', String(SCALE), database.toString()], { stdio: 'ignore' });
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-notify-'));
  try {
    for (const notify of [false, true]) {
      const script = path.join(dir, `tpcb-${notify}.sql`);
      writeFileSync(script, tpcbScript(notify));
      const output = execFileSync(
        path.join(BIN, 'pgbench'),
        ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), '-f', script, database.toString()],
        { encoding: 'utf8' },
      );
      const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1]);
      // pgbench prints the mean latency, not percentiles: the p50 and p99 columns stay empty.
      report({ name: `${name} TPC-B${notify ? ' + NOTIFY' : ''}`, tps, p50: NaN, p99: NaN });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The cluster part: the same API on a replicated cluster (`pnpm cluster`: the leader and two
 * standbys under Patroni, one synchronous, HAProxy's write and read ports) against a single
 * durable PostgreSQL, in BENCH_CLUSTER_ROUNDS alternating rounds of transfers: what synchronous
 * replication costs. The leader's replication lag is sampled every 200 ms in the cluster's rounds.
 */
async function clusterPart() {
  const { startPatroniCluster, stopPatroniCluster } = await import('../test/cluster/patroni');
  const single = await startBenchCluster({ durable: true });
  const replicated = await startPatroniCluster();
  for (const node of ['node1', 'node2', 'node3']) {
    postmasters.add(
      Number(readFileSync(path.join(replicated.dir, node, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
    );
  }
  const mailbox = await startMailbox();
  const children: ChildProcess[] = [];
  const clients: Client[] = [];
  try {
    notifyCost('single PostgreSQL', single.url);
    notifyCost('cluster', replicated.superuserUrl);
    const { url, client } = await freshDatabase(single.url, 'bench_single');
    clients.push(client);
    children.push(await launch(THIS, apiEnv(url, mailbox.url, PIN_SECRET), 18_700));
    const leader = new Client({ connectionString: replicated.superuserUrl.replace(/\/postgres$/, '/wallet') });
    await leader.connect();
    clients.push(leader);
    children.push(await launch(THIS, clusterApiEnv(replicated.urls, mailbox.url), 18_701));
    const sides = {
      single: { port: 18_700, ...(await populate(THIS, [18_700], client, mailbox, { users: PEOPLE, hotRounds: 0 })) },
      cluster: { port: 18_701, ...(await populate(THIS, [18_701], leader, mailbox, { users: PEOPLE, hotRounds: 0 })) },
    };
    for (const side of Object.values(sides)) {
      await load(
        'warm-up',
        [side.port],
        { operation: 'transfer', people: side.users, pin: side.pin },
        { seconds: 5, reported: false },
      );
    }
    const rounds = new Map<string, Figures[]>([
      ['single PostgreSQL transfers', []],
      ['cluster (synchronous) transfers', []],
    ]);
    const lags: { seconds: number; bytes: number }[] = [];
    for (let round = 1; round <= CLUSTER_ROUNDS; round += 1) {
      const order = round % 2 === 1 ? (['single', 'cluster'] as const) : (['cluster', 'single'] as const);
      for (const name of order) {
        const side = sides[name];
        let sampling = name === 'cluster';
        const sampler = (async () => {
          while (sampling) {
            const { rows } = await leader.query<{ seconds: number | null; bytes: string | null }>(
              `select max(extract(epoch from replay_lag))::float8 as seconds,
                      max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn))::text as bytes
               from pg_stat_replication`,
            );
            lags.push({ seconds: rows[0]!.seconds ?? 0, bytes: Number(rows[0]!.bytes ?? 0) });
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        })();
        const label = name === 'single' ? 'single PostgreSQL transfers' : 'cluster (synchronous) transfers';
        rounds.get(label)!.push(
          await load(`  round ${round}, ${name}`, [side.port], {
            operation: 'transfer',
            people: side.users,
            pin: side.pin,
          }),
        );
        sampling = false;
        await sampler;
      }
    }
    summarise(rounds);
    const ms = lags.map((lag) => lag.seconds * 1000).sort((a, b) => a - b);
    const kib = lags.map((lag) => lag.bytes / 1024).sort((a, b) => a - b);
    console.log(
      `replication lag under the cluster's load (${lags.length} samples, the slower standby): replay p50 ${percentile(ms, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(ms, 99).toFixed(1)} ms, max ${ms.at(-1)!.toFixed(1)} ms; WAL behind p99 ${percentile(kib, 99).toFixed(0)} KiB`,
    );
    ratio('cluster (synchronous) transfers', 'single PostgreSQL transfers');
    ratio('single PostgreSQL TPC-B + NOTIFY', 'single PostgreSQL TPC-B');
    ratio('cluster TPC-B + NOTIFY', 'cluster TPC-B');
    ratio('cluster TPC-B', 'single PostgreSQL TPC-B');
  } finally {
    for (const child of children) await stopProcess(child);
    for (const client of clients) await client.end().catch(() => undefined);
    await mailbox.close();
    stopPatroniCluster(replicated);
    stopCluster(single);
  }
}

/**
 * The failover part: BENCH_FAILOVERS (20) times, under keyed transfers from 4 lanes, the leader's
 * Patroni and PostgreSQL killed with SIGKILL; the time to the first write after each kill, and then,
 * once the lost node is back, BENCH_FAILOVER_WATCH seconds (20) of the same load in which the leader
 * must not change: a change nobody caused is a needless failover. Patroni's timing comes from
 * CLUSTER_TTL, CLUSTER_LOOP_WAIT and CLUSTER_RETRY_TIMEOUT (20, 5, 5: scripts/cluster.mjs).
 */
async function failoverPart() {
  const { clusterCommand, killNode, members, startPatroniCluster, stopPatroniCluster } =
    await import('../test/cluster/patroni');
  const cluster = await startPatroniCluster();
  const mailbox = await startMailbox();
  const children: ChildProcess[] = [];
  const port = 18_710;
  const leader = new Client({ connectionString: cluster.superuserUrl.replace(/\/postgres$/, '/wallet') });
  try {
    children.push(await launch(THIS, clusterApiEnv(cluster.urls, mailbox.url), port));
    await leader.connect();
    const { users, pin } = await populate(THIS, [port], leader, mailbox, { users: 40, hotRounds: 0 });
    await leader.end();
    let running = true;
    let sequence = 0;
    const writes: { startedAt: number; endedAt: number }[] = [];
    const lane = async (index: number) => {
      while (running) {
        const from = users[(index + sequence) % users.length]!;
        const to = users[(index + sequence + 1) % users.length]!;
        const key = `failover-${index}-${(sequence += 1)}`;
        for (let answered = false; !answered && running;) {
          const startedAt = performance.now();
          try {
            const response = await fetch(`http://127.0.0.1:${port}/api/v1/wallet/transfer`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                cookie: from.cookie,
                'idempotency-key': key,
                'x-wallet-pin': pin,
              },
              body: JSON.stringify({ receiverId: to.id, balance: 1 }),
              signal: AbortSignal.timeout(15_000),
            });
            await response.arrayBuffer();
            answered = response.status === 201;
            // A write counts from when it was sent: one sent before a kill may be answered after it.
            if (answered) writes.push({ startedAt, endedAt: performance.now() });
            else if (response.status !== 503) throw new Error(`transfer answered ${response.status}`);
          } catch (error) {
            if (!(error instanceof Error) || !/abort|fetch failed|timeout/i.test(error.message)) throw error;
          }
          if (!answered) await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const lanes = Promise.all(Array.from({ length: 4 }, (_, index) => lane(index)));
    const leaderName = async () => (await members(cluster)).find((member) => member.role === 'leader')?.name;
    const times: number[] = [];
    let needless = 0;
    try {
      for (let run = 1; run <= FAILOVERS; run += 1) {
        const before = await leaderName();
        if (!before) throw new Error('no leader before the kill');
        const killedAt = performance.now();
        killNode(cluster, before);
        let first: number | undefined;
        while ((first = writes.find((write) => write.startedAt > killedAt)?.endedAt) === undefined) {
          if (performance.now() - killedAt > 120_000) throw new Error('no write within 120 s of the kill');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        times.push((first - killedAt) / 1000);
        clusterCommand(cluster, ['start']);
        const settled = await leaderName();
        for (const end = performance.now() + FAILOVER_WATCH * 1000; performance.now() < end;) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const now = await leaderName().catch(() => undefined);
          if (now !== settled) {
            needless += 1;
            console.log(`  run ${run}: the leader changed from ${settled} to ${now ?? 'none'} with nobody killed`);
            break;
          }
        }
        console.log(`  run ${run}: ${before} killed, the first write ${times.at(-1)!.toFixed(1)} s later`);
      }
    } finally {
      running = false;
      await lanes;
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `failover, ttl ${process.env.CLUSTER_TTL ?? 20} s, loop_wait ${process.env.CLUSTER_LOOP_WAIT ?? 5} s, retry_timeout ${process.env.CLUSTER_RETRY_TIMEOUT ?? 5} s: ` +
        `${times.length} kills, the first write after each: mean ${mean(times).toFixed(1)} s, min ${sorted[0]!.toFixed(1)} s, ` +
        `max ${sorted.at(-1)!.toFixed(1)} s; ${needless} needless failover(s) in ${times.length} × ${FAILOVER_WATCH} s of load`,
    );
  } finally {
    for (const child of children) await stopProcess(child);
    await leader.end().catch(() => undefined);
    await mailbox.close();
    stopPatroniCluster(cluster);
  }
}

async function main() {
  if (!existsSync(WRK) || !existsSync(path.join(BIN, 'pgbench'))) {
    throw new Error(`bench:db needs wrk and PostgreSQL 15's pgbench from Debian: apt-get install wrk postgresql-15`);
  }
  console.log(
    `${CLIENTS} clients, ${SECONDS} s each, ${INSTANCES} API instance(s), ${PEOPLE} people, pgbench scale ${SCALE}, ` +
      `PostgreSQL ${DURABLE ? 'durable (fsync, synchronous commit)' : 'without fsync'}, node ${process.version}`,
  );
  console.log(
    `APIs started ${SITE ? 'as `pnpm start` serves them (scripts/start.mjs, SITE_ROOT)' : 'by the harness (dist/server.js, no site)'}; ` +
      `people ${PEOPLE_VIA_API ? 'made through each build’s API' : 'seeded by each build’s harness'}`,
  );
  if (named('site-match')) await siteMatchPart();
  if (named('busy-person')) await busyPersonPart();
  if (named('profile')) await profilePart();
  if (named('cluster')) await clusterPart();
  if (named('failover')) await failoverPart();
  const defaults = ['pgbench', 'transfers', 'hot-agent', 'deposits', 'telemetry', 'payments', 'hot-merchant', 'pglite'];
  if (ONLY && !ONLY.some((part) => defaults.includes(part))) return;
  if (REFERENCE) {
    console.log(`against the reference ${REFERENCE}, ${REFERENCE_ROUNDS} alternating rounds`);
    await referencePart(REFERENCE);
    return;
  }
  if (['pgbench', 'transfers', 'hot-agent', 'deposits', 'telemetry', 'payments', 'hot-merchant'].some(runs))
    await postgresPart();
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
