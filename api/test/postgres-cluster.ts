import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Each test database is owned by OWNER_ROLE; the API connects as API_ROLE (README: least privilege). */
export const OWNER_ROLE = 'wallet_owner';
export const API_ROLE = 'wallet_api';

/**
 * The database the suite's run migrates once (run.ts) and every test database is copied from
 * (CREATE DATABASE ... TEMPLATE), named to them by TEST_POSTGRES_TEMPLATE.
 */
export const MIGRATED_TEMPLATE = 'migrated_template';

export interface ClusterState {
  root: string;
  dataDir: string;
  runAs: string | null;
  url: string;
  /** The server's options, to start it again after a crash. */
  options: string;
}

/** initdb refuses root, so as root the cluster belongs to an unprivileged system user. */
function unprivilegedUser(): string | null {
  if (process.getuid?.() !== 0) return null;
  for (const user of ['postgres', 'nobody']) {
    if (spawnSync('id', ['-u', user]).status === 0) return user;
  }
  throw new Error('No unprivileged user to run PostgreSQL as');
}

function run(runAs: string | null, command: string, args: string[]) {
  const [file, argv] = runAs ? ['runuser', ['-u', runAs, '--', command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** One of PostgreSQL's programs, as the user the test servers (and `pnpm cluster`) run as. */
export function runAsServerUser(command: string, args: string[]) {
  run(unprivilegedUser(), command, args);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A throwaway cluster. Tests skip durability (no fsync): a crash loses nothing they need. A
 * benchmark asks for `durable`, so commits wait for the disk as in production. `profile` (opt-in,
 * bench:db's profile part) preloads pg_stat_statements with every nested statement tracked, and
 * times PL/pgSQL functions (pg_stat_user_functions); each database that reads them still needs
 * `CREATE EXTENSION pg_stat_statements`.
 */
export async function startCluster({
  durable = false,
  profile = false,
}: { durable?: boolean; profile?: boolean } = {}): Promise<ClusterState> {
  const runAs = unprivilegedUser();
  const root = mkdtempSync(path.join(tmpdir(), 'wallet-pg-'));
  const dataDir = path.join(root, 'data');
  if (runAs) {
    chmodSync(root, 0o755);
    execFileSync('chown', [runAs, root]);
  }
  run(runAs, path.join(BIN, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'wallet',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ...(profile
      ? ['-c shared_preload_libraries=pg_stat_statements', '-c pg_stat_statements.track=all', '-c track_functions=pl']
      : []),
  ].join(' ');
  const state = { root, dataDir, runAs, url: `postgres://wallet@127.0.0.1:${port}/postgres`, options };
  startServer(state);
  // The roles production runs with: an owner of each database's schema, and the API's own role.
  run(runAs, path.join(BIN, 'psql'), [
    '-h',
    root,
    '-p',
    String(port),
    '-U',
    'wallet',
    '-d',
    'postgres',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `CREATE ROLE ${OWNER_ROLE} LOGIN; CREATE ROLE ${API_ROLE} LOGIN;`,
  ]);
  return state;
}

function startServer(state: ClusterState) {
  run(state.runAs, path.join(BIN, 'pg_ctl'), [
    '-D',
    state.dataDir,
    '-l',
    path.join(state.root, 'server.log'),
    '-o',
    state.options,
    '-w',
    '-t',
    '60',
    'start',
  ]);
}

/** A crash: the postmaster killed with SIGKILL, as the OOM killer or a lost machine would. */
export function crashCluster(state: ClusterState) {
  const pid = Number(readFileSync(path.join(state.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(pid, 'SIGKILL');
}

/**
 * The server started again after a crash (it recovers from its WAL). Its orphaned backends end
 * on their own within moments; until then the old shared memory is in use and a start fails.
 */
export async function restartCluster(state: ClusterState) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      startServer(state);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export function stopCluster(state: ClusterState) {
  try {
    run(state.runAs, path.join(BIN, 'pg_ctl'), ['-D', state.dataDir, '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(state.root, { recursive: true, force: true });
  }
}

/** `name` on the server of `adminUrl` (the cluster's superuser's), as `role` connects to it. */
export function databaseUrl(adminUrl: string, role: string, name: string) {
  return adminUrl.replace(/\/\/wallet@/, `//${role}@`).replace(/\/postgres$/, `/${name}`);
}

/** SQL as the cluster's superuser, on a connection of its own. */
export async function asSuperuser<T>(adminUrl: string, work: (client: Client) => Promise<T>) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
