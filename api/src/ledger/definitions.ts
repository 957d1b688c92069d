import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_ROOT } from '../paths';

/**
 * The ledger's live SQL: every database function and trigger, each defined once, in a file of
 * its own under sql/. Migrations keep tables, indexes and data changes; these files are applied
 * after them, in one transaction, whenever a file's text differs from the one the database last
 * applied (Flyway's "repeatable migrations"). A file must therefore be safe to run again:
 * CREATE OR REPLACE, and a constraint trigger dropped and created. A change of a function's
 * arguments or result type takes a migration that drops the old function first.
 */
export const LEDGER_SQL_FOLDER = path.join(API_ROOT, 'src/ledger/sql');

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

export async function readLedgerFiles(folder = LEDGER_SQL_FOLDER): Promise<LedgerFile[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (file) => {
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
export async function applyLedgerDefinitions(runner: SqlRunner, folder = LEDGER_SQL_FOLDER): Promise<string[]> {
  const files = await readLedgerFiles(folder);
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
