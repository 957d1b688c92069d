import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

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
  close(): Promise<void>;
}

export interface PreparedStatement {
  name: string;
  text: string;
}

const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../drizzle');

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

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number; timeouts?: DatabaseTimeouts }
  | { databaseUrl?: undefined; dataDir: string | 'memory://' };

/** Opens PostgreSQL when a URL is given, otherwise PGlite (real Postgres, in process) in dataDir; migrates either. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl !== undefined
    ? openPostgres(options.databaseUrl, options.poolSize, options.timeouts)
    : openPglite(options.dataDir);
}

async function openPostgres(
  databaseUrl: string,
  poolSize = 20,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
): Promise<DatabaseHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Nothing waits forever: a statement, a lock wait or an idle open transaction ends with an
  // error (answered 503) instead of holding a request, a connection and its row locks.
  const pool = new Pool({
    connectionString: databaseUrl,
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
  await migrateUnderLock(databaseUrl);
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    query: async <T>(statement: PreparedStatement, values: unknown[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values })).rows as T[],
    close: () => pool.end(),
  };
}

/** One number for every instance of the API: whoever holds it migrates, the others wait their turn. */
const MIGRATION_LOCK = 7_301_000;

/**
 * Runs the migrations on a connection of their own that holds a PostgreSQL advisory lock, so any
 * number of instances may start at once on one database: the first migrates, the others wait and
 * then find nothing to do (drizzle's migrator takes no lock, and two `CREATE EXTENSION`s race).
 * That connection has no statement timeout: a migration may build an index on a large table.
 */
async function migrateUnderLock(databaseUrl: string) {
  const { Client } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new Client({ connectionString: databaseUrl });
  client.on('error', (error) => process.emitWarning(`PostgreSQL dropped the migration connection: ${error.message}`));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir !== 'memory://') await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    query: async <T>(statement: PreparedStatement, values: unknown[]) =>
      (await client.query<T>(statement.text, values)).rows,
    close: () => client.close(),
  };
}
