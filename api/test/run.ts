/**
 * Runs the API suite with Node's test runner on embedded PGlite, then on a real PostgreSQL server
 * that it starts for the run and removes afterwards (which files run on which: ENGINE_SPECIFIC).
 * Each test file runs in its own process with its own database. Extra arguments are test files to
 * run instead of all, on both.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import {
  API_ROLE,
  asSuperuser,
  databaseUrl,
  MIGRATED_TEMPLATE,
  OWNER_ROLE,
  startCluster,
  stopCluster,
} from './postgres-cluster';
import { requireProjectNode } from '@wallet/shared/node-runtime';

requireProjectNode('The API suite');

const testDir = __dirname;
const requested = process.argv.slice(2);
const files = requested.length
  ? requested.map((file) => path.resolve(file))
  : readdirSync(testDir)
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => path.join(testDir, name));
const databases = (process.env.TEST_DATABASES ?? 'pglite,postgres').split(',');
const nameOf = (file: string) => path.basename(file).replace(/\.test\.ts$/, '');

/**
 * The files that take longest here (about 10 to 45 s each, against 2 to 6 s for most), started
 * first: the runner starts files in the order given, and one of these started last would run
 * alone at the end while the other core idles.
 */
const LONGEST = [
  'statement-scale',
  'db-faults',
  'rolling-restart',
  'ledger-definitions',
  'hardening',
  'server.embedded',
  'telemetry',
  'health',
];
const rank = (file: string) => {
  const index = LONGEST.indexOf(nameOf(file));
  return index === -1 ? LONGEST.length : index;
};
files.sort((a, b) => rank(a) - rank(b));

/**
 * The files whose rules live in the database engine itself, run on both engines: the ledger's
 * functions, triggers and guards, every money movement's rules and refusals, idempotency and
 * locking under concurrency, the statement's snapshots and plans, search by trigram, live events
 * by LISTEN/NOTIFY, and what health reads of the database. PGlite is the same PostgreSQL compiled
 * to WebAssembly, behind a single connection: these are where a difference would show.
 *
 * Every other file (HTTP contracts, bad input, sign-in, permissions, mail, releases, telemetry,
 * rate limits...) runs once, on PostgreSQL, the production engine: on PGlite it only took twice
 * as long to say the same. Files named *.embedded.test.ts are about the embedded default and
 * run on PGlite only.
 */
const ENGINE_SPECIFIC = [
  'admin',
  'concurrency',
  'disputes',
  'events',
  'fees',
  'health',
  'idempotency',
  'idempotency-stall',
  'insights',
  'kyc',
  'ledger',
  'limit-counters',
  'ledger-definitions',
  'limits',
  'money',
  'pin',
  'passkeys',
  'payments',
  'refusals',
  'staff',
  'statement-scale',
];
for (const name of ENGINE_SPECIFIC)
  if (!requested.length && !files.some((file) => nameOf(file) === name))
    throw new Error(`ENGINE_SPECIFIC names ${name}, which is no test file`);
const runsOn = (database: string, file: string) => {
  if (file.endsWith('.embedded.test.ts')) return database === 'pglite';
  return requested.length > 0 || database === 'postgres' || ENGINE_SPECIFIC.includes(nameOf(file));
};

function runSuite(database: string, extraEnv: Record<string, string>) {
  console.log(`\n=== API tests on ${database} ===`);
  const suite = files.filter((file) => runsOn(database, file));
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...suite], {
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv, TEST_DB: database },
  });
  return result.status === 0;
}

/**
 * A PGlite database migrated once, dumped to a file that every test file's databases start from
 * (PGLITE_TEMPLATE, read by openTestDatabase): PGlite's initdb and the migrations take about 4 s
 * of each open on this suite's 2 cores, loading the dump about 1 s. Like a template database on
 * the server, it is made by the same code as every other database, in this run.
 */
async function pgliteTemplate(folder: string) {
  const dataDir = path.join(folder, 'data');
  await (await openDatabase({ dataDir })).close();
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  rmSync(dataDir, { recursive: true, force: true });
  return file;
}

/**
 * The same on the PostgreSQL server: a database migrated once, as its owner, with the API role's
 * grants, that every test file's databases are copied from (TEST_POSTGRES_TEMPLATE, read by
 * openTestDatabase) instead of each running the migrations and the ledger's SQL again. Nothing
 * may connect to it afterwards: CREATE DATABASE refuses a template that has a session.
 */
async function postgresTemplate(adminUrl: string) {
  await asSuperuser(adminUrl, (admin) => admin.query(`CREATE DATABASE ${MIGRATED_TEMPLATE} OWNER ${OWNER_ROLE}`));
  const at = (role: string) => databaseUrl(adminUrl, role, MIGRATED_TEMPLATE);
  await (await openDatabase({ databaseUrl: at(API_ROLE), ownerUrl: at(OWNER_ROLE) })).close();
  await asSuperuser(adminUrl, async (admin) => {
    await admin.query(`ALTER DATABASE ${MIGRATED_TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    // The sessions just closed end on the server a moment later.
    const sessions = () => admin.query('select 1 from pg_stat_activity where datname = $1', [MIGRATED_TEMPLATE]);
    while ((await sessions()).rowCount) await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return MIGRATED_TEMPLATE;
}

/** The suite on one engine, with its template (and for PostgreSQL its server) made for it. */
async function runOn(database: string) {
  if (database === 'pglite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'wallet-pglite-template-'));
    try {
      return runSuite(database, { PGLITE_TEMPLATE: await pgliteTemplate(folder) });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  if (database === 'postgres') {
    const cluster = await startCluster();
    try {
      return runSuite(database, {
        TEST_POSTGRES_URL: cluster.url,
        TEST_POSTGRES_TEMPLATE: await postgresTemplate(cluster.url),
      });
    } finally {
      stopCluster(cluster);
    }
  }
  throw new Error(`TEST_DATABASES names ${database}: only pglite and postgres are known`);
}

async function main() {
  const outcomes: string[] = [];
  let passed = true;
  for (const database of databases) {
    const started = performance.now();
    const ok = await runOn(database);
    // Each half's wall time, its template and server included: what the suite's budget goes on.
    outcomes.push(`${database} ${ok ? 'passed' : 'FAILED'} in ${Math.round((performance.now() - started) / 1000)} s`);
    passed &&= ok;
  }
  console.log(`\nAPI suite: ${outcomes.join(', ')}`);
  process.exit(passed ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
