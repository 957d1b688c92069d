import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_ROOT } from '../paths';

/**
 * The database's live SQL: every database function and trigger, each defined once, in a file of
 * its own in the sql/ folder of the room it belongs to (src/ledger/sql, src/identity/sql, ...).
 * Migrations keep tables, indexes and data changes; these files are applied after them, in one
 * transaction, whenever a file's text differs from the one the database last applied (Flyway's
 * "repeatable migrations"). A file must therefore be safe to run again: CREATE OR REPLACE, and a
 * constraint trigger dropped and created. A change of a function's arguments or result type takes
 * a migration that drops the old function first.
 *
 * Files are known by their bare name, unique across rooms, and applied in its order whatever room
 * holds them, so a file that moves between rooms is not applied again.
 */
export const DEFINITIONS_ROOT = path.join(API_ROOT, 'src');

export interface LedgerFile {
  file: string;
  text: string;
  sha256: string;
}

/** What applying needs of a connection: a script of several statements, and a query. */
export interface SqlRunner {
  run(script: string): Promise<void>;
  rows<T>(text: string, values?: unknown[]): Promise<T[]>;
}

/** Every `<room>/sql/*.sql` below `root`, in the order of the files' bare names. */
export async function readLedgerFiles(root = DEFINITIONS_ROOT): Promise<LedgerFile[]> {
  const rooms = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  const found = new Map<string, string>();
  for (const room of rooms) {
    const folder = path.join(root, room.name, 'sql');
    const names = await readdir(folder).catch(() => []);
    for (const name of names.filter((candidate) => candidate.endsWith('.sql'))) {
      const other = found.get(name);
      if (other) throw new Error(`${name} is in two rooms (${path.relative(root, other)} and ${room.name}/sql)`);
      found.set(name, folder);
    }
  }
  return Promise.all(
    [...found]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(async ([file, folder]) => {
        const text = await readFile(path.join(folder, file), 'utf8');
        return { file, text, sha256: createHash('sha256').update(text).digest('hex') };
      }),
  );
}

/**
 * Applies the files whose text the database has not applied yet, all in one transaction, and
 * records each file's hash. The caller holds the migration lock, so one instance applies them.
 * Returns the files it applied.
 */
export async function applyLedgerDefinitions(runner: SqlRunner, root = DEFINITIONS_ROOT): Promise<string[]> {
  const files = await readLedgerFiles(root);
  const applied = new Map(
    (await runner.rows<{ file: string; sha256: string }>('select file, sha256 from ledger_definitions')).map((row) => [
      row.file,
      row.sha256,
    ]),
  );
  const changed = files.filter((file) => applied.get(file.file) !== file.sha256);
  if (changed.length === 0) return [];
  await runner.run('BEGIN');
  try {
    for (const file of changed) {
      await runner.run(file.text).catch((error: Error) => {
        throw new Error(`${file.file} could not be applied: ${error.message}`, { cause: error });
      });
      await runner.rows(
        `insert into ledger_definitions (file, sha256) values ($1, $2)
         on conflict (file) do update set sha256 = excluded.sha256, applied_at = clock_timestamp()`,
        [file.file, file.sha256],
      );
    }
    await runner.run('COMMIT');
  } catch (error) {
    await runner.run('ROLLBACK');
    throw error;
  }
  return changed.map((file) => file.file);
}
