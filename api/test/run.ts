/**
 * Runs the API suite twice with Node's test runner: on embedded PGlite, then on a real
 * PostgreSQL server that it starts for the run and removes afterwards. Each test file runs in
 * its own process with its own database. Extra arguments are test files to run instead of all.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
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

async function main() {
  const outcomes: Record<string, boolean> = {};
  for (const database of databases) {
    if (database === 'postgres') {
      const cluster = await startCluster();
      try {
        outcomes[database] = runSuite(database, { TEST_POSTGRES_URL: cluster.url });
      } finally {
        stopCluster(cluster);
      }
    } else {
      outcomes[database] = runSuite(database, {});
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
