import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { createTestContext, ownerSql, type TestContext } from './helpers';

/*
 * Least privilege on PostgreSQL: the schema's owner migrates; the API's own role reads and writes
 * rows and calls the ledger's functions, and can neither alter a table, switch a trigger off,
 * truncate the ledger, nor create anything.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestContext;
before(async () => {
  t = await createTestContext();
});
after(() => t.close());

const refusal = (query: ReturnType<typeof sql>) =>
  t.db.execute(query).then(
    () => 'done',
    (error: { cause?: { code?: string; message?: string } }) => `${error.cause?.code} ${error.cause?.message}`,
  );

describe("the API's database role", { skip: !onPostgres && 'the embedded database has one role' }, () => {
  it('should be another role than the schema owner, and own no table', async () => {
    const { rows } = (await t.db.execute(sql`
      select current_user as role,
             (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = current_user) as owned`)) as unknown as {
      rows: { role: string; owned: number }[];
    };
    expect(rows[0]).toEqual({ role: 'wallet_api', owned: 0 });
  });

  it("should be refused switching the ledger's triggers off, altering or truncating a table, and creating one", async () => {
    expect(await refusal(sql`alter table ledger_entries disable trigger all`)).toMatch(/^42501 must be owner/);
    expect(await refusal(sql`alter table transactions disable trigger transactions_append_only_trg`)).toMatch(
      /^42501 must be owner/,
    );
    expect(await refusal(sql`alter table accounts drop constraint accounts_wallet_balance_non_negative_chk`)).toMatch(
      /^42501 must be owner/,
    );
    expect(await refusal(sql`truncate audit_log`)).toMatch(/^42501 permission denied/);
    expect(await refusal(sql`create table loot (id int)`)).toMatch(/^42501 permission denied/);
    expect(
      await refusal(
        sql`create or replace function ledger_check_transaction(p uuid) returns void language sql as 'select'`,
      ),
    ).toMatch(/^42501 (must be owner|permission denied)/);
  });

  it("should leave the ledger's triggers guarding even the owner", async () => {
    const owner = await ownerSql(t.database);
    try {
      const refused = (text: string) =>
        owner(text).then(
          () => 'done',
          (error: Error) => error.message,
        );
      expect(await refused('truncate ledger_entries cascade')).toMatch(/TRUNCATE of ledger_entries is refused/);
      expect(await refused('truncate audit_log')).toMatch(/TRUNCATE of audit_log is refused/);
    } finally {
      await owner.end();
    }
  });

  it('should still move money and open an up-to-date database without migrating it', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 5 })).statusCode).toBe(201);
    // Another instance with the API's role alone: the schema is current, so it opens as it is.
    const other = await openDatabase({ databaseUrl: t.database.url! });
    await other.close();
  });
});
