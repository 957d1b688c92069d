import path from 'node:path';
import { mkdir, readFile } from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { applyLedgerDefinitions, DEFINITIONS_ROOT, readLedgerFiles } from './definitions';
import * as schema from './schema';
import { API_ROOT } from '../paths';
import type { PoolClient } from 'pg';
import { isTransientDbError, pgErrorCode } from './errors';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * One statement straight on the driver, for the hot path: on PostgreSQL a named statement is
   * prepared once per connection and then only executed. Errors are the driver's own.
   */
  query<T>(statement: PreparedStatement, values: unknown[]): Promise<T[]>;
  /**
   * Every NOTIFY on `channel`, on one connection of its own (PostgreSQL: a dedicated client that
   * reconnects when it drops, `onReconnect` telling that notifications may have been missed
   * meanwhile; PGlite: its in-process listen). Resolves once listening; returns the stop.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** The pool's connections now (PostgreSQL); the embedded database has one in-process connection, and none. */
  connections?(): { inUse: number; idle: number; waiting: number };
  /**
   * A database for one heavy read (a statement, analytics, a history list, a search, the audit
   * log) that sees every write acknowledged before it began: on a standby (DATABASE_READ_URL) once
   * it has replayed the leader's WAL position read first, else on the leader. `release` gives its
   * connection back; call it once the read is done, however it ends.
   */
  reading(): Promise<ReadingSession>;
  /** The read side's own checks, where there is one (DATABASE_READ_URL); undefined on one server. */
  readSide?: {
    query: DatabaseHandle['query'];
    /** Heavy reads so far by where they ran: a standby, or the leader when no standby had caught up in time. */
    served(): { standby: number; leader: number };
  };
  close(): Promise<void>;
}

interface ReadingSession {
  db: Database;
  /** Where the read runs: a standby that has caught up, or the leader (the only server, or the fallback). */
  on: 'standby' | 'leader';
  release(): void;
}

export interface PreparedStatement {
  name: string;
  text: string;
}

const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/**
 * Where the schema comes from: drizzle's migrations, then the live SQL (functions and triggers)
 * in the `<room>/sql/` folders below `ledgerFolder` (db/definitions.ts). Tests name other folders
 * to rebuild an older database; `ledgerFolder: null` stops after the migrations, as the database
 * was before the ledger's SQL had a folder of its own.
 */
export interface SchemaSources {
  migrationsFolder: string;
  ledgerFolder: string | null;
}
const SCHEMA_SOURCES: SchemaSources = { migrationsFolder: MIGRATIONS_FOLDER, ledgerFolder: DEFINITIONS_ROOT };

/**
 * What a database this code can serve has applied: its newest migration (drizzle records each by
 * the journal's `when`) and every file of the ledger's live SQL, as they are now.
 */
async function expectedSchema() {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const files = await readLedgerFiles();
  return {
    newestMigration: Math.max(...journal.entries.map((entry) => entry.when)),
    ledgerFiles: files.map((file) => `${file.file}:${file.sha256}`),
  };
}

export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  connectMs: number;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 10_000,
  lockMs: 5_000,
  idleInTransactionMs: 15_000,
  connectMs: 5_000,
};

export type DatabaseOptions = (
  | {
      databaseUrl: string;
      /** The role that owns the schema: it runs the migrations and the ledger's SQL, and grants the API's role what it needs. */
      ownerUrl?: string;
      /** The standbys (DATABASE_READ_URL): heavy reads go there once they have caught up (`reading`). */
      readUrl?: string;
      /** How long a heavy read waits for a standby to catch up before it runs on the leader. */
      readWaitMs?: number;
      poolSize?: number;
      timeouts?: DatabaseTimeouts;
    }
  | {
      databaseUrl?: undefined;
      dataDir: string | 'memory://';
      /**
       * A dump of a data folder (PGlite's `dumpDataDir`) to start an empty dataDir from instead of
       * running initdb: the API suite's migrated template, made once per run. Migrations and the
       * ledger's SQL are still applied over it, and find nothing to do when it is current.
       */
      template?: Blob;
    }
) & { sources?: SchemaSources };

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite (real Postgres, in process) in dataDir;
 * brings either up to date: migrations, then the ledger's live SQL.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const sources = options.sources ?? SCHEMA_SOURCES;
  return options.databaseUrl !== undefined
    ? openPostgres(options.databaseUrl, sources, options.poolSize, options.timeouts, options.ownerUrl, {
        url: options.readUrl,
        waitMs: options.readWaitMs ?? DEFAULT_READ_WAIT_MS,
      })
    : openPglite(options.dataDir, sources, options.template);
}

/**
 * What the API's role may do, granted by the owner at every start (new tables included): read
 * and write rows, use the sequences, call the ledger's functions, read which migrations ran. It
 * owns nothing, so it can neither alter a table nor switch a trigger off, nor create anything.
 */
const API_ROLE_GRANTS = [
  'GRANT USAGE ON SCHEMA public, drizzle TO %I',
  'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I',
  'GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO %I',
  'GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO %I',
  'GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO %I',
];

async function grantApiRole(ownerUrl: string, role: string) {
  const { Client } = await import('pg');
  const owner = new Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    const { rows } = await owner.query<{ owner: string }>('select current_user as owner');
    if (rows[0]!.owner === role) return;
    for (const grant of API_ROLE_GRANTS) {
      const [statement] = (await owner.query<{ text: string }>('select format($1, $2::text) as text', [grant, role]))
        .rows;
      await owner.query(statement!.text);
    }
  } finally {
    await owner.end();
  }
}

const SCHEMA_CHECK: PreparedStatement = {
  name: 'schema_is_current',
  text: `select (select max(created_at) from drizzle.__drizzle_migrations)::text as newest,
                (select count(*) from ledger_definitions where file || ':' || sha256 = any($1::text[]))::int as ledger`,
};
let shipped: ReturnType<typeof expectedSchema> | undefined;

/**
 * Whether this database has applied every migration and every ledger file this code ships: what
 * readiness answers for, and whether an instance without the owner's URL needs to migrate. A
 * database that cannot say (no such table yet) is not current.
 */
export async function schemaIsCurrent(query: DatabaseHandle['query']) {
  const expected = await (shipped ??= expectedSchema());
  let found: { newest: string | null; ledger: number } | undefined;
  try {
    [found] = await query<{ newest: string | null; ledger: number }>(SCHEMA_CHECK, [expected.ledgerFiles]);
  } catch (error) {
    if (pgErrorCode(error) === '42P01' || pgErrorCode(error) === '3F000') return false;
    throw error;
  }
  return Number(found?.newest ?? 0) >= expected.newestMigration && found?.ledger === expected.ledgerFiles.length;
}

const DEFAULT_READ_WAIT_MS = 500;
/** How often a heavy read asks a standby whether it has caught up, while it waits. */
const READ_POLL_MS = 5;

/** The leader's WAL position now: every write acknowledged before this read is at or before it. */
const LEADER_POSITION: PreparedStatement = {
  name: 'leader_wal_position',
  text: 'select pg_current_wal_lsn()::text as lsn',
};
/** Whether this standby has replayed up to a position (a server that is not in recovery has all it holds). */
const REPLAYED_TO: PreparedStatement = {
  name: 'replayed_to',
  text: 'select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, true) as replayed',
};

async function newPool(url: string, poolSize: number, timeouts: DatabaseTimeouts) {
  const { Pool } = await import('pg');
  // Nothing waits forever: a statement, a lock wait or an idle open transaction ends with an
  // error (answered 503) instead of holding a request, a connection and its row locks.
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    connectionTimeoutMillis: timeouts.connectMs,
  });
  // A connection the server drops (a restart, a failover) must not crash the process. pg
  // reports it on the pool for an idle client, and on the client itself while it is checked
  // out: the query in flight fails (503) and the pool replaces the connection.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`));
  pool.on('connect', (client) => {
    client.on('error', (error) => process.emitWarning(`PostgreSQL dropped a connection in use: ${error.message}`));
  });
  return pool;
}

/**
 * A checked-out connection that runs its queries one after another: a read that asks for several
 * at once (Promise.all) gets them in turn on the one standby that caught up, as pg would queue
 * them, without relying on pg's own queue, which it is removing.
 */
function oneAtATime(client: PoolClient): PoolClient {
  let last: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]) => {
    const next = last.then(() => (client.query as (...a: unknown[]) => Promise<unknown>)(...args));
    last = next.catch(() => undefined);
    return next;
  };
  return { query } as unknown as PoolClient;
}

async function openPostgres(
  databaseUrl: string,
  sources: SchemaSources,
  poolSize = 20,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
  ownerUrl?: string,
  read: { url?: string; waitMs: number } = { waitMs: DEFAULT_READ_WAIT_MS },
): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = await newPool(databaseUrl, poolSize, timeouts);
  // With an owner's URL, the owner brings the schema up to date and grants the API's role its
  // rights; without one, the API's role migrates only a database that is behind (one role doing
  // everything, as on the embedded database), and an up-to-date one is opened as it is.
  if (ownerUrl) {
    await migrateUnderLock(ownerUrl, sources);
    const { rows } = await pool.query<{ role: string }>('select current_user as role');
    await grantApiRole(ownerUrl, rows[0]!.role);
  } else if (
    sources !== SCHEMA_SOURCES ||
    !(await schemaIsCurrent(async (statement, values) => (await pool.query({ ...statement, values })).rows))
  ) {
    await migrateUnderLock(databaseUrl, sources);
  }
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  const listeners = new Set<() => Promise<void>>();
  const query = async <T>(statement: PreparedStatement, values: unknown[]) =>
    (await pool.query({ name: statement.name, text: statement.text, values })).rows as T[];
  const onLeader: ReadingSession = { db, on: 'leader', release: () => {} };
  const readPool = read.url ? await newPool(read.url, poolSize, timeouts) : undefined;
  const served = { standby: 0, leader: 0 };

  /**
   * Read-your-writes across instances and devices, with no state kept per person: the leader's
   * WAL position is read first, and the read runs on a standby connection only once that standby
   * has replayed it, so it sees every write acknowledged before the read began. A standby that has
   * not caught up within `read.waitMs`, or that cannot be reached, sends the read to the leader.
   * While the leader is away (a failover), its position cannot be read: the read runs on the
   * standby as it is, which holds every acknowledged commit if it was the synchronous one.
   */
  const reading = async (): Promise<ReadingSession> => {
    if (!readPool) return onLeader;
    let position: string | undefined;
    try {
      [{ lsn: position }] = (await query<{ lsn: string }>(LEADER_POSITION, [])) as [{ lsn: string }];
    } catch (error) {
      if (!isTransientDbError(error)) throw error;
    }
    let client: PoolClient;
    try {
      client = await readPool.connect();
    } catch (error) {
      if (!isTransientDbError(error) || position === undefined) throw error;
      served.leader += 1;
      return onLeader;
    }
    const release = () => client.release();
    try {
      if (position !== undefined) {
        for (
          const deadline = Date.now() + read.waitMs;
          ;
          await new Promise((resolve) => setTimeout(resolve, READ_POLL_MS))
        ) {
          const { rows } = await client.query<{ replayed: boolean }>({ ...REPLAYED_TO, values: [position] });
          if (rows[0]!.replayed) break;
          if (Date.now() >= deadline) {
            release();
            served.leader += 1;
            return onLeader;
          }
        }
      }
    } catch (error) {
      client.release(true);
      if (!isTransientDbError(error) || position === undefined) throw error;
      served.leader += 1;
      return onLeader;
    }
    served.standby += 1;
    return { db: drizzle({ client: oneAtATime(client), schema }) as unknown as Database, on: 'standby', release };
  };

  return {
    db,
    kind: 'postgres',
    query,
    reading,
    ...(readPool
      ? {
          readSide: {
            query: async <T>(statement: PreparedStatement, values: unknown[]) =>
              (await readPool.query({ name: statement.name, text: statement.text, values })).rows as T[],
            served: () => ({ ...served }),
          },
        }
      : {}),
    connections: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    listen: async (channel, onMessage, onReconnect) => {
      const stop = await listenOnPostgres(databaseUrl, timeouts.connectMs, channel, onMessage, onReconnect);
      const remove = async () => {
        listeners.delete(remove);
        await stop();
      };
      listeners.add(remove);
      return remove;
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
}

const RELISTEN_FIRST_MS = 500;
const RELISTEN_MAX_MS = 10_000;

/**
 * LISTEN on a client outside the pool (a pooled connection would be handed to other queries, and
 * pg's pool drops idle clients). When the connection drops it is opened again, waiting 0.5 s
 * doubling to 10 s between attempts, and LISTEN is issued again.
 */
async function listenOnPostgres(
  databaseUrl: string,
  connectMs: number,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
) {
  const { Client } = await import('pg');
  let client: InstanceType<typeof Client> | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RELISTEN_FIRST_MS;

  const connect = async () => {
    const next = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectMs });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) process.emitWarning(`PostgreSQL dropped the LISTEN connection: ${error.message}`);
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (!stopped) scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    await next.connect();
    await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    client = next;
    delay = RELISTEN_FIRST_MS;
  };

  const scheduleReconnect = () => {
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => onReconnect?.(),
        () => !stopped && scheduleReconnect(),
      );
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RELISTEN_MAX_MS);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}

function quoteIdentifier(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

/** One number for every instance of the API: whoever holds it migrates, the others wait their turn. */
const MIGRATION_LOCK = 7_301_000;

/**
 * Runs the migrations, then the ledger's live SQL, on a connection of their own that holds a
 * PostgreSQL advisory lock, so any number of instances may start at once on one database: the
 * first migrates, the others wait and then find nothing to do (drizzle's migrator takes no lock,
 * and two `CREATE EXTENSION`s race). That connection has no statement timeout: a migration may
 * build an index on a large table.
 */
async function migrateUnderLock(databaseUrl: string, sources: SchemaSources) {
  const { Client } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new Client({ connectionString: databaseUrl });
  client.on('error', (error) => process.emitWarning(`PostgreSQL dropped the migration connection: ${error.message}`));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client, schema }), { migrationsFolder: sources.migrationsFolder });
    if (sources.ledgerFolder) {
      await applyLedgerDefinitions(
        {
          run: async (script) => void (await client.query(script)),
          rows: async <T>(text: string, values?: unknown[]) => (await client.query(text, values)).rows as T[],
        },
        sources.ledgerFolder,
      );
    }
  } finally {
    await client.end();
  }
}

async function openPglite(dataDir: string, sources: SchemaSources, template?: Blob): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir !== 'memory://') await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: template });
  const db = drizzle({ client, schema });
  // One process owns a PGlite data folder, so no lock is needed.
  await migrate(db, { migrationsFolder: sources.migrationsFolder });
  if (sources.ledgerFolder) {
    await applyLedgerDefinitions(
      {
        run: async (script) => void (await client.exec(script)),
        rows: async <T>(text: string, values?: unknown[]) => (await client.query<T>(text, values)).rows,
      },
      sources.ledgerFolder,
    );
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // One in-process server: every read sees every write.
    reading: async () => ({ db: db as unknown as Database, on: 'leader', release: () => {} }),
    query: async <T>(statement: PreparedStatement, values: unknown[]) =>
      (await client.query<T>(statement.text, values)).rows,
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}
