import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ClusterState {
  root: string;
  dataDir: string;
  runAs: string | null;
  url: string;
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

function freePort(): Promise<number> {
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
 * benchmark asks for `durable`, so commits wait for the disk as in production.
 */
export async function startCluster({ durable = false }: { durable?: boolean } = {}): Promise<ClusterState> {
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
  ].join(' ');
  run(runAs, path.join(BIN, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(root, 'server.log'),
    '-o',
    options,
    '-w',
    '-t',
    '60',
    'start',
  ]);
  const state = { root, dataDir, runAs, url: `postgres://wallet@127.0.0.1:${port}/postgres` };

  return state;
}

export function stopCluster(state: ClusterState) {
  try {
    run(state.runAs, path.join(BIN, 'pg_ctl'), ['-D', state.dataDir, '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(state.root, { recursive: true, force: true });
  }
}
