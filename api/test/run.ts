/**
 * Runs the API suite twice with Node's test runner: on embedded PGlite, then on a real
 * PostgreSQL server that it starts for the run and removes afterwards. Each test file runs in
 * its own process with its own database. Extra arguments are test files to run instead of all.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client';
import { startCluster, stopCluster } from './postgres-cluster';

const testDir = __dirname;
const requested = process.argv.slice(2);
const files = requested.length
  ? requested.map((file) => path.resolve(file))
  : readdirSync(testDir)
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => path.join(testDir, name));
const databases = (process.env.TEST_DATABASES ?? 'pglite,postgres').split(',');

/** Files named *.embedded.test.ts are about the embedded default and run on PGlite only. */
function runSuite(database: string, extraEnv: Record<string, string>) {
  console.log(`\n=== API tests on ${database} ===`);
  const suite = database === 'pglite' ? files : files.filter((file) => !file.endsWith('.embedded.test.ts'));
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

async function main() {
  const outcomes: Record<string, boolean> = {};
  for (const database of databases) {
    if (database === 'pglite') {
      const folder = mkdtempSync(path.join(tmpdir(), 'wallet-pglite-template-'));
      try {
        outcomes[database] = runSuite(database, { PGLITE_TEMPLATE: await pgliteTemplate(folder) });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    } else if (database === 'postgres') {
      const cluster = await startCluster();
      try {
        outcomes[database] = runSuite(database, { TEST_POSTGRES_URL: cluster.url });
      } finally {
        stopCluster(cluster);
      }
    } else {
      throw new Error(`TEST_DATABASES names ${database}: only pglite and postgres are known`);
    }
  }
  console.log(
    `\nAPI suite: ${Object.entries(outcomes)
      .map(([db, ok]) => `${db} ${ok ? 'passed' : 'FAILED'}`)
      .join(', ')}`,
  );
  process.exit(Object.values(outcomes).every(Boolean) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
