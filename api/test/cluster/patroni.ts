import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The replicated cluster as `pnpm cluster` makes it (scripts/cluster.mjs: etcd, three PostgreSQL
 * nodes under Patroni, HAProxy, pgBackRest), in a folder and on ports of the test's own.
 */
const SCRIPT = path.resolve(__dirname, '../../../scripts/cluster.mjs');
/** The ports the script takes from its base: the last is the third node's REST API (base + 22). */
const PORTS_USED = 23;

export interface PatroniCluster {
  dir: string;
  portBase: number;
  urls: { write: string; owner: string; read: string; rest: string[] };
  /** The cluster's superuser on the write port (a WAL switch, the archiver's progress). */
  superuserUrl: string;
}

export interface Member {
  name: string;
  role: 'leader' | 'sync_standby' | 'replica';
  state: string;
  lag?: number;
}

function portFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A base with the script's ports all free, away from the packaged etcd's 2379/2380 and PostgreSQL's 5432. */
async function freePortBase() {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 30_000 + Math.floor(Math.random() * 2_000) * 10;
    const checks = await Promise.all(Array.from({ length: PORTS_USED }, (_, i) => portFree(base + i)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('No free range of ports for the cluster');
}

export function clusterCommand(cluster: Pick<PatroniCluster, 'dir' | 'portBase'>, args: string[]) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], {
    env: { ...process.env, CLUSTER_DIR: cluster.dir, CLUSTER_PORT_BASE: String(cluster.portBase) },
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (result.status !== 0) {
    throw new Error(`pnpm cluster ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
  }
  return result.stdout;
}

export async function startPatroniCluster(): Promise<PatroniCluster> {
  // Reachable by the unprivileged user the cluster runs as when the tests run as root.
  const parent = mkdtempSync(path.join(tmpdir(), 'wallet-cluster-'));
  chmodSync(parent, 0o755);
  const dir = path.join(parent, 'cluster');
  const portBase = await freePortBase();
  let printed: string;
  try {
    printed = clusterCommand({ dir, portBase }, ['start']);
  } catch (error) {
    // What did start (etcd, some nodes) is stopped and its folder removed: a failed run leaves nothing.
    try {
      stopPatroniCluster({ dir });
    } catch {
      // The start's own error is the one to report.
    }
    throw error;
  }
  const value = (name: string) => {
    const line = printed.split('\n').find((candidate) => candidate.startsWith(`${name}=`));
    if (!line) throw new Error(`pnpm cluster start printed no ${name}: ${printed}`);
    return line.slice(name.length + 1);
  };
  const secrets = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as { superuser: string };
  return {
    dir,
    portBase,
    urls: {
      write: value('DATABASE_URL'),
      owner: value('DATABASE_OWNER_URL'),
      read: value('DATABASE_READ_URL'),
      rest: ['NODE1', 'NODE2', 'NODE3'].map((node) => value(`PATRONI_${node}`)),
    },
    superuserUrl: `postgres://postgres:${secrets.superuser}@127.0.0.1:${portBase}/postgres`,
  };
}

export function stopPatroniCluster(cluster: Pick<PatroniCluster, 'dir'>) {
  try {
    // stop reads the processes it started from the folder: the ports do not matter to it.
    clusterCommand({ dir: cluster.dir, portBase: 0 }, ['stop']);
  } finally {
    rmSync(path.dirname(cluster.dir), { recursive: true, force: true });
  }
}

/** Patroni's view of the cluster (GET /cluster), from the first node that answers. */
export async function members(cluster: PatroniCluster): Promise<Member[]> {
  for (const rest of cluster.urls.rest) {
    try {
      const response = await fetch(`${rest}/cluster`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return ((await response.json()) as { members: Member[] }).members;
    } catch {
      // That node is down: ask the next.
    }
  }
  throw new Error('No Patroni answers');
}

/**
 * A node lost as a machine is: its Patroni and its PostgreSQL killed with SIGKILL, Patroni first
 * (it would otherwise start PostgreSQL again).
 */
export function killNode(cluster: PatroniCluster, name: string) {
  const pids = JSON.parse(readFileSync(path.join(cluster.dir, 'pids.json'), 'utf8')) as Record<string, number>;
  process.kill(pids[name]!, 'SIGKILL');
  const postmaster = Number(
    readFileSync(path.join(cluster.dir, name, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  process.kill(postmaster, 'SIGKILL');
}
