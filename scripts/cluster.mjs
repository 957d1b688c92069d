#!/usr/bin/env node
// `pnpm cluster <command>`: a replicated PostgreSQL cluster on this machine, from Debian's packages
// (deploy/cluster/README.md):
//   start                 etcd, three PostgreSQL 15 nodes under Patroni (synchronous, strict),
//                         HAProxy (a write port to the leader, a read port over the standbys) and
//                         pgBackRest's archive; starts whatever is not running, and prints
//                         DATABASE_URL, DATABASE_OWNER_URL, DATABASE_READ_URL and every node's REST URL
//   status                Patroni's GET /cluster
//   stop                  stops everything
//   backup [--type T]     a pgBackRest backup: incr (the default), diff or full
//   restore --to <ISO time> --into <dir>
//                         the cluster as it was at that second, into a new, stopped data directory
// Data lives under CLUSTER_DIR (default .cluster/ in the checkout), owned, as root, by the user the
// tests run PostgreSQL as. CLUSTER_PORT_BASE (default 25430) places the ports. CLUSTER_TTL,
// CLUSTER_LOOP_WAIT and CLUSTER_RETRY_TIMEOUT (20, 5, 5 s) set Patroni's timing when it is made.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const templates = path.join(root, 'deploy', 'cluster');
const clusterDir = path.resolve(root, process.env.CLUSTER_DIR || '.cluster');
const portBase = Number(process.env.CLUSTER_PORT_BASE || 25430);
/** Patroni's timing, read when the cluster is first made (its bootstrap.dcs): see patroni.yml. */
const timing = {
  ttl: Number(process.env.CLUSTER_TTL || 20),
  loopWait: Number(process.env.CLUSTER_LOOP_WAIT || 5),
  retryTimeout: Number(process.env.CLUSTER_RETRY_TIMEOUT || 5),
};
const host = '127.0.0.1';
const NODES = ['node1', 'node2', 'node3'];
const BIN = '/usr/lib/postgresql/15/bin';
const STANZA = 'wallet';
/** The database the API uses, its owner (migrations) and the API's own role (least privilege). */
const DATABASE = 'wallet';
const OWNER_ROLE = 'wallet_owner';
const API_ROLE = 'wallet_api';

const ports = {
  write: portBase,
  read: portBase + 1,
  etcdClient: portBase + 2,
  etcdPeer: portBase + 3,
  pg: (index) => portBase + 10 + index,
  rest: (index) => portBase + 20 + index,
};
const files = {
  state: path.join(clusterDir, 'cluster.json'),
  secrets: path.join(clusterDir, 'secrets.json'),
  backrest: path.join(clusterDir, 'pgbackrest.conf'),
  haproxy: path.join(clusterDir, 'haproxy.cfg'),
  nodeDir: (node) => path.join(clusterDir, node),
  dataDir: (node) => path.join(clusterDir, node, 'data'),
};

class UsageError extends Error {}

/** initdb and PostgreSQL refuse root: as root, the cluster runs as the user the test harness uses. */
function clusterUser() {
  if (process.getuid?.() !== 0) return null;
  for (const user of ['postgres', 'nobody']) if (spawnSync('id', ['-u', user]).status === 0) return user;
  throw new Error('No unprivileged user to run the cluster as');
}
const runAs = clusterUser();

/**
 * `command` as the cluster's user. setpriv replaces itself with the command (runuser would stay
 * as its parent), so a PID kept here is the program's own, for stop and for a test's kill -9.
 */
function asClusterUser(command, args) {
  return runAs
    ? ['setpriv', ['--reuid', runAs, '--regid', runAs, '--init-groups', '--reset-env', '--', command, ...args]]
    : [command, args];
}

/** The environment of the cluster's programs: their own PATH and HOME, nothing of the caller's. */
const programEnv = () => ({
  PATH: `${BIN}:/usr/local/bin:/usr/bin:/bin`,
  HOME: clusterDir,
  LANG: 'C.UTF-8',
});

/** A short command as the cluster's user: its output, or an error that says what it printed. */
function runQuiet(command, args) {
  const [file, argv] = asClusterUser(command, args);
  const result = spawnSync(file, argv, { env: programEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(command)} ${args.at(-1)} failed: ${(result.stderr || result.stdout).toString().trim()}`,
    );
  }
  return result.stdout.toString().trim();
}

function readJson(file, fallback) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : fallback;
}

function writeOwned(file, text, mode = 0o644) {
  writeFileSync(file, text, { mode });
  chmodSync(file, mode);
  if (runAs) execFileSync('chown', [runAs, file]);
}

function fill(template, values) {
  return readFileSync(path.join(templates, template), 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`${template} names {{${name}}}, which the cluster does not fill`);
    return String(values[name]);
  });
}

/** Passwords made once per cluster, readable by its user alone. */
function secrets() {
  const existing = readJson(files.secrets, null);
  if (existing) return existing;
  const made = Object.fromEntries(
    ['superuser', 'replication', 'rewind', 'owner', 'api'].map((name) => [name, randomBytes(18).toString('base64url')]),
  );
  writeOwned(files.secrets, `${JSON.stringify(made, null, 2)}\n`, 0o600);
  return made;
}

function writeConfiguration(passwords) {
  for (const folder of ['', 'backup', 'log', 'lock', 'spool', 'etcd', ...NODES]) {
    const dir = path.join(clusterDir, folder);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    if (runAs) execFileSync('chown', [runAs, dir]);
  }
  NODES.forEach((node, index) => {
    writeOwned(
      path.join(files.nodeDir(node), 'patroni.yml'),
      fill('patroni.yml', {
        node,
        host,
        restPort: ports.rest(index),
        pgPort: ports.pg(index),
        etcdHosts: `${host}:${ports.etcdClient}`,
        dataDir: files.dataDir(node),
        nodeDir: files.nodeDir(node),
        backrestConfig: files.backrest,
        network: `${host}/32`,
        superuserPassword: passwords.superuser,
        replicationPassword: passwords.replication,
        rewindPassword: passwords.rewind,
        ...timing,
      }),
      0o600,
    );
  });
  const servers = (name) =>
    NODES.map(
      (node, index) => `    server ${node} ${host}:${ports.pg(index)} check port ${ports.rest(index)} # ${name}`,
    ).join('\n');
  writeOwned(
    files.haproxy,
    fill('haproxy.cfg', {
      host,
      writePort: ports.write,
      readPort: ports.read,
      writeServers: servers('writes when leader'),
      readServers: servers('reads when a streaming standby'),
    }),
  );
  writeOwned(
    files.backrest,
    fill('pgbackrest.conf', {
      repoPath: path.join(clusterDir, 'backup'),
      logPath: path.join(clusterDir, 'log'),
      lockPath: path.join(clusterDir, 'lock'),
      spoolPath: path.join(clusterDir, 'spool'),
      nodes: NODES.map((node, index) =>
        [
          `pg${index + 1}-path=${files.dataDir(node)}`,
          `pg${index + 1}-port=${ports.pg(index)}`,
          `pg${index + 1}-socket-path=${files.nodeDir(node)}`,
          `pg${index + 1}-user=postgres`,
        ].join('\n'),
      ).join('\n'),
    }),
  );
}

/** The processes this command started, by name: etcd, haproxy and each node's patroni. */
const pids = () => readJson(path.join(clusterDir, 'pids.json'), {});
function savePids(value) {
  writeFileSync(path.join(clusterDir, 'pids.json'), `${JSON.stringify(value, null, 2)}\n`);
}

/** Whether `pid` is alive and still the program it was started as (a PID can be reused). */
function isRunning(pid, program) {
  if (!pid) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(program);
  } catch {
    return false;
  }
}

function startProgram(name, command, args, logFile) {
  const log = openSync(logFile, 'a');
  if (runAs) execFileSync('chown', [runAs, logFile]);
  const [file, argv] = asClusterUser(command, args);
  const child = spawn(file, argv, { detached: true, stdio: ['ignore', log, log], env: programEnv(), cwd: clusterDir });
  closeSync(log);
  child.unref();
  savePids({ ...pids(), [name]: child.pid });
  return child.pid;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, check, timeoutMs, { alive = () => {} } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    alive();
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(250);
  }
}

async function getJson(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return response.ok ? response.json() : undefined;
}

/** Patroni's view of the cluster, from the first node that answers. */
async function clusterView() {
  for (let index = 0; index < NODES.length; index += 1) {
    const view = await getJson(`http://${host}:${ports.rest(index)}/cluster`).catch(() => undefined);
    if (view) return view;
  }
  return undefined;
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function psqlOnLeader(leaderIndex, sql) {
  const node = NODES[leaderIndex];
  return runQuiet(path.join(BIN, 'psql'), [
    '-h',
    files.nodeDir(node),
    '-p',
    String(ports.pg(leaderIndex)),
    '-U',
    'postgres',
    '-d',
    'postgres',
    '-v',
    'ON_ERROR_STOP=1',
    '-qAtc',
    sql,
  ]);
}

function backrest(args) {
  return runQuiet('pgbackrest', [`--config=${files.backrest}`, `--stanza=${STANZA}`, ...args]);
}

const leaderOf = (view) => view?.members?.find((member) => member.role === 'leader' && member.state === 'running');

function requireTools() {
  const missing = [
    ['etcd', '/usr/bin/etcd', 'etcd-server'],
    ['patroni', '/usr/bin/patroni', 'patroni'],
    ['pgbackrest', '/usr/bin/pgbackrest', 'pgbackrest'],
    ['haproxy', '/usr/sbin/haproxy', 'haproxy'],
    ['postgres', path.join(BIN, 'postgres'), 'postgresql-15'],
  ].filter(([, file]) => !existsSync(file));
  if (missing.length) {
    throw new UsageError(
      `Missing Debian packages: ${missing.map(([, , pkg]) => pkg).join(' ')} (bash scripts/system-deps.sh installs them)`,
    );
  }
  if (runAs && spawnSync(...asClusterUser('test', ['-x', path.dirname(clusterDir)])).status !== 0) {
    throw new UsageError(
      `${runAs} cannot reach ${path.dirname(clusterDir)}: set CLUSTER_DIR to a folder it can (for example /var/tmp/wallet-cluster)`,
    );
  }
}

async function start() {
  requireTools();
  if (timing.loopWait + 2 * timing.retryTimeout > timing.ttl) {
    throw new UsageError('CLUSTER_LOOP_WAIT + 2 × CLUSTER_RETRY_TIMEOUT must not exceed CLUSTER_TTL');
  }
  mkdirSync(clusterDir, { recursive: true });
  const passwords = secrets();
  writeConfiguration(passwords);
  const running = pids();

  if (!isRunning(running.etcd, 'etcd')) {
    const peer = `http://${host}:${ports.etcdPeer}`;
    const client = `http://${host}:${ports.etcdClient}`;
    startProgram(
      'etcd',
      '/usr/bin/etcd',
      [
        '--name=wallet-etcd',
        `--data-dir=${path.join(clusterDir, 'etcd')}`,
        `--listen-client-urls=${client}`,
        `--advertise-client-urls=${client}`,
        `--listen-peer-urls=${peer}`,
        `--initial-advertise-peer-urls=${peer}`,
        `--initial-cluster=wallet-etcd=${peer}`,
        '--initial-cluster-state=new',
        '--initial-cluster-token=wallet-cluster',
      ],
      path.join(clusterDir, 'log', 'etcd.log'),
    );
  }
  await waitFor('etcd', () => getJson(`http://${host}:${ports.etcdClient}/health`), 30_000);

  NODES.forEach((node) => {
    if (isRunning(running[node], 'patroni')) return;
    startProgram(
      node,
      '/usr/bin/patroni',
      [path.join(files.nodeDir(node), 'patroni.yml')],
      path.join(clusterDir, 'log', `${node}.log`),
    );
  });
  // A leader, and every other node streaming from it, one of them synchronous.
  const view = await waitFor(
    'a leader and two streaming standbys',
    async () => {
      const seen = await clusterView();
      const standbys = seen?.members?.filter((member) => member.role !== 'leader') ?? [];
      const ready =
        leaderOf(seen) &&
        standbys.length === NODES.length - 1 &&
        standbys.every((member) => ['streaming', 'running'].includes(member.state)) &&
        standbys.some((member) => member.role === 'sync_standby');
      return ready ? seen : undefined;
    },
    180_000,
    {
      // A Patroni that exited (a configuration it cannot read, a port taken) says why in its log.
      alive: () => {
        const started = pids();
        const gone = NODES.find((node) => !isRunning(started[node], 'patroni'));
        if (gone) {
          const log = path.join(clusterDir, 'log', `${gone}.log`);
          const tail = readFileSync(log, 'utf8').trim().split('\n').slice(-5).join('\n');
          throw new Error(`${gone}'s Patroni exited (${log}):\n${tail}`);
        }
      },
    },
  );
  const leaderIndex = NODES.indexOf(leaderOf(view).name);

  const state = readJson(files.state, {});
  if (!state.initialized) {
    // Once: the API's database and roles, and the backup repository with its first full backup
    // (point-in-time recovery needs a base backup to replay the archive onto).
    psqlOnLeader(leaderIndex, `CREATE ROLE ${OWNER_ROLE} LOGIN PASSWORD '${passwords.owner}'`);
    psqlOnLeader(leaderIndex, `CREATE ROLE ${API_ROLE} LOGIN PASSWORD '${passwords.api}'`);
    psqlOnLeader(leaderIndex, `CREATE DATABASE ${DATABASE} OWNER ${OWNER_ROLE}`);
    backrest(['stanza-create']);
    backrest(['--type=full', 'backup']);
    writeOwned(files.state, `${JSON.stringify({ initialized: new Date().toISOString(), portBase }, null, 2)}\n`);
  }

  if (!isRunning(running.haproxy, 'haproxy')) {
    startProgram('haproxy', '/usr/sbin/haproxy', ['-f', files.haproxy], path.join(clusterDir, 'log', 'haproxy.log'));
  }
  await waitFor('HAProxy', () => portAnswers(ports.write), 30_000);

  const url = (role, password, port) => `postgres://${role}:${password}@${host}:${port}/${DATABASE}`;
  console.log(`DATABASE_URL=${url(API_ROLE, passwords.api, ports.write)}`);
  console.log(`DATABASE_OWNER_URL=${url(OWNER_ROLE, passwords.owner, ports.write)}`);
  console.log(`DATABASE_READ_URL=${url(API_ROLE, passwords.api, ports.read)}`);
  NODES.forEach((node, index) => console.log(`PATRONI_${node.toUpperCase()}=http://${host}:${ports.rest(index)}`));
}

async function status() {
  const view = await clusterView();
  if (!view) throw new UsageError(`No Patroni answers on ports ${ports.rest(0)}-${ports.rest(NODES.length - 1)}`);
  console.log(JSON.stringify(view, null, 2));
}

async function stop() {
  const running = pids();
  const ended = (name) =>
    !isRunning(running[name], name === 'etcd' ? 'etcd' : name === 'haproxy' ? 'haproxy' : 'patroni');
  const signal = (names, sig) =>
    names.filter((name) => !ended(name)).forEach((name) => process.kill(running[name], sig));
  // Patroni stops its PostgreSQL on SIGTERM; etcd goes last, so none of them loses its leader key
  // mid-shutdown and promotes another.
  for (const group of [['haproxy'], NODES, ['etcd']]) {
    signal(group, 'SIGTERM');
    await waitFor(`${group.join(', ')} to stop`, async () => group.every(ended), 60_000).catch(() => {
      signal(group, 'SIGKILL');
    });
  }
  // A postmaster left behind by a Patroni killed with SIGKILL (a test's failover).
  for (const node of NODES) {
    const pidFile = path.join(files.dataDir(node), 'postmaster.pid');
    if (!existsSync(pidFile)) continue;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (isRunning(pid, 'postgres')) process.kill(pid, 'SIGTERM');
  }
  savePids({});
  console.log('The cluster is stopped.');
}

function option(args, name) {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

function backup(args) {
  const type = option(args, '--type') ?? 'incr';
  if (!['full', 'diff', 'incr'].includes(type)) throw new UsageError('--type is full, diff or incr');
  backrest([`--type=${type}`, 'backup']);
  console.log(backrest(['info']));
}

function restore(args) {
  const to = option(args, '--to');
  const into = option(args, '--into');
  if (!to || Number.isNaN(Date.parse(to)) || !/[Zz]|[+-]\d\d:?\d\d$/.test(to)) {
    throw new UsageError('--to takes an ISO time with its offset, for example 2026-11-27T08:30:05Z');
  }
  if (!into) throw new UsageError('--into takes a new folder for the restored cluster');
  const target = path.resolve(into);
  if (existsSync(target)) throw new UsageError(`${target} exists: restore into a new folder`);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  if (runAs) execFileSync('chown', [runAs, target]);
  // PostgreSQL reads the target in its own time zone setting: UTC, written out.
  const at = new Date(to).toISOString().replace('T', ' ').replace('Z', '+00');
  backrest([
    `--pg1-path=${target}`,
    '--type=time',
    `--target=${at}`,
    '--target-action=promote',
    '--target-timeline=latest',
    'restore',
  ]);
  // The restored copy is a new, lone server: it archives into nobody's repository, waits for no
  // standby, and listens on its own socket, not the node's it was copied from.
  writeOwned(
    path.join(target, 'postgresql.auto.conf'),
    `${readFileSync(path.join(target, 'postgresql.auto.conf'), 'utf8')}
# Written by pnpm cluster restore: a lone copy of the cluster as it was at ${to}.
archive_mode = 'off'
synchronous_standby_names = ''
unix_socket_directories = '${target}'
listen_addresses = '${host}'
port = 5439
hba_file = '${path.join(target, 'pg_hba.conf')}'
ident_file = '${path.join(target, 'pg_ident.conf')}'
`,
    0o600,
  );
  const startAs = runAs ? `setpriv --reuid ${runAs} --regid ${runAs} --init-groups ` : '';
  console.log(`Restored to ${to} into ${target}. Start it (port 5439 unless -o "-p N" says otherwise) with:`);
  console.log(`  ${startAs}${BIN}/pg_ctl -D ${target} -l ${path.join(target, 'server.log')} -o "-p 5439" -w start`);
  console.log('It replays the archive up to that second, then opens for writes on a timeline of its own.');
}

const commands = { start, status, stop, backup, restore };

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const run = commands[command];
  if (!run) throw new UsageError(`Usage: pnpm cluster ${Object.keys(commands).join('|')}`);
  await run(args);
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
