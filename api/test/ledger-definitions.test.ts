import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DISPUTE_ERRORS,
  FLOAT_ERRORS,
  MONEY_REQUEST_ERRORS,
  QR_READ_REFUSALS,
  REFUSALS,
  REVERSAL_ERRORS,
  VERIFICATION_ERRORS,
} from '@wallet/shared/contracts';
import type { Database, DatabaseHandle } from '../src/db/client';
import { DEFINITIONS_ROOT, readLedgerFiles } from '../src/db/definitions';
import { openTestDatabase } from './helpers';

const MIGRATIONS = path.resolve(__dirname, '../drizzle');
/** The last migration main had before the ledger's SQL moved to its own folder. */
const MAIN_LAST_MIGRATION = 7;

const scratch = mkdtempSync(path.join(tmpdir(), 'wallet-ledger-sql-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations folder as main left it: its journal ends at MAIN_LAST_MIGRATION. */
function mainMigrations() {
  const folder = path.join(scratch, 'main-migrations');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= MAIN_LAST_MIGRATION);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** A copy of the rooms' SQL folders with one function's body changed. */
function editedLedgerFolder() {
  const folder = path.join(scratch, `edited-${randomUUID()}`);
  cpSync(DEFINITIONS_ROOT, folder, { recursive: true, filter: (source) => !source.endsWith('.ts') });
  const file = path.join(folder, 'ledger', 'sql', 'ledger_post.sql');
  writeFileSync(file, readFileSync(file, 'utf8').replace('BEGIN\n', 'BEGIN\n  -- edited\n'));
  return folder;
}

/** Every function and trigger of ours, as the database itself prints it (extensions' left out). */
async function liveDefinitions(db: Database) {
  const { rows } = (await db.execute(sql`
    select 'function ' || p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all
    select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid)
    from pg_trigger t where not t.tgisinternal
    order by 1`)) as unknown as { rows: { name: string; definition: string }[] };
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
}

function differences(live: Record<string, string>, expected: Record<string, string>) {
  const names = new Set([...Object.keys(live), ...Object.keys(expected)]);
  return [...names].filter((name) => live[name] !== expected[name]).sort();
}

/** A database opened, described and closed; PostgreSQL's are dropped unless kept. */
async function definitionsOf(handle: DatabaseHandle) {
  try {
    return await liveDefinitions(handle.db);
  } finally {
    await handle.close();
  }
}

describe("the ledger's live SQL", () => {
  const upgradedName = `wallet_main_${randomUUID().replace(/-/g, '')}`;
  const upgradedDir = path.join(scratch, 'upgraded');
  const reopen = (ledgerFolder: string | null, migrationsFolder = MIGRATIONS) =>
    openTestDatabase(undefined, {
      sources: { migrationsFolder, ledgerFolder },
      dataDir: upgradedDir,
      name: upgradedName,
      keep: true,
    });
  let upgraded: Record<string, string>;
  let fresh: Record<string, string>;

  before(async () => {
    // A database as today's main leaves it: its migrations, their functions and triggers.
    const main = await reopen(null, mainMigrations());
    const asMain = await definitionsOf(main);
    expect(Object.keys(asMain)).toContain('function wallet_move(text,text,integer,uuid,bigint,text,text,text)');
    // Then the start path of this version: the new migrations and the files.
    upgraded = await definitionsOf(await reopen(DEFINITIONS_ROOT));
    // A new database as every test has one: the run's template, migrated from nothing by this code.
    fresh = await definitionsOf(await openTestDatabase());
  });

  it('should define every function and trigger of a database upgraded from main as a fresh one has them', () => {
    expect(differences(upgraded, fresh)).toEqual([]);
  });

  it('should define each function and trigger in exactly one file, and nothing the files do not define', async () => {
    const files = await readLedgerFiles();
    const defined = (pattern: RegExp) =>
      files.flatMap((file) => [...file.text.matchAll(pattern)].map((match) => `${match[1]} in ${file.file}`));
    const functions = defined(/CREATE OR REPLACE FUNCTION (\w+)/g);
    const triggers = defined(/CREATE (?:OR REPLACE |CONSTRAINT )TRIGGER (\w+)/g);
    const names = (list: string[]) => list.map((entry) => entry.split(' in ')[0]!).sort();
    expect(new Set(names(functions)).size).toBe(functions.length);
    expect(new Set(names(triggers)).size).toBe(triggers.length);
    const live = Object.keys(upgraded);
    expect(
      live
        .filter((name) => name.startsWith('function '))
        .map((name) => name.replace(/^function (\w+)\(.*$/, '$1'))
        .sort(),
    ).toEqual(names(functions));
    expect(
      live
        .filter((name) => name.startsWith('trigger '))
        .map((name) => name.split(' ')[1])
        .sort(),
    ).toEqual(names(triggers));
  });

  it('should tell a file edited and not applied, and apply it at the next start', async () => {
    const edited = editedLedgerFolder();
    const expected = await definitionsOf(
      await openTestDatabase(undefined, { sources: { migrationsFolder: MIGRATIONS, ledgerFolder: edited } }),
    );
    expect(differences(upgraded, expected)).toEqual([
      'function ledger_post(transaction_type,bigint,uuid,uuid,uuid,uuid,limit_holder,limit_holder,bigint,bigint)',
    ]);
    const restarted = await definitionsOf(await reopen(edited));
    expect(differences(restarted, expected)).toEqual([]);
    // Back to the files as they are: the start applies them again.
    expect(differences(await definitionsOf(await reopen(DEFINITIONS_ROOT)), fresh)).toEqual([]);
  });

  it('should return or raise only refusal codes of the table, and every code of the table', async () => {
    const files = await readLedgerFiles();
    const codesIn = (chosen: typeof files) =>
      [
        ...new Set(
          chosen.flatMap((file) =>
            // counterpart_refusal returns its codes as the values of a CASE.
            [
              ...file.text.matchAll(
                file.file === 'counterpart_refusal.sql'
                  ? /THEN '([A-Z_]+)'/g
                  : /(?:movement_refused\(|refusal := |RAISE EXCEPTION )'([A-Z_]+)'/g,
              ),
            ].map((match) => match[1]),
          ),
        ),
      ].sort();
    // A reversal is an admin's act, and a report of a transfer a sender's, each with a table of its
    // own; every movement's refusal is in REFUSALS.
    // The closing of an account its address's owner never made answers the verification's refusals.
    const isReversal = (file: (typeof files)[number]) => file.file === 'ledger_reverse.sql';
    const isDispute = (file: (typeof files)[number]) => file.file.startsWith('dispute_');
    const isClosing = (file: (typeof files)[number]) => file.file === 'ledger_close_unclaimed.sql';
    // A funding of the commission float is an owner's act too, with its own table.
    const isFunding = (file: (typeof files)[number]) => file.file === 'commission_float_fund.sql';
    // Request money's steps answer its own table.
    const isRequest = (file: (typeof files)[number]) => file.file === 'money_requests.sql';
    // A payment's QR is read by the API before the database is asked (ledger/payments.ts).
    expect(
      codesIn(
        files.filter(
          (file) => !isReversal(file) && !isDispute(file) && !isClosing(file) && !isFunding(file) && !isRequest(file),
        ),
      ),
    ).toEqual(
      Object.keys(REFUSALS)
        .filter((code) => !(QR_READ_REFUSALS as readonly string[]).includes(code))
        .sort(),
    );
    expect(codesIn(files.filter(isFunding))).toEqual(Object.keys(FLOAT_ERRORS).sort());
    // All of its table but BLOCK_NOT_FOUND, an unblock's (ledger/requests.ts).
    expect(codesIn(files.filter(isRequest))).toEqual(
      Object.keys(MONEY_REQUEST_ERRORS)
        .filter((code) => code !== 'BLOCK_NOT_FOUND')
        .sort(),
    );
    expect(codesIn(files.filter(isReversal))).toEqual(Object.keys(REVERSAL_ERRORS).sort());
    expect(codesIn(files.filter(isDispute))).toEqual(Object.keys(DISPUTE_ERRORS).sort());
    const closing = codesIn(files.filter(isClosing));
    expect(closing).toEqual(['ACCOUNT_IN_USE', 'ALREADY_CLOSED']);
    for (const code of closing) expect(VERIFICATION_ERRORS).toHaveProperty(code!);
  });
});
