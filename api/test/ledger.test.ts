import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { eq, sql, type SQL } from 'drizzle-orm';
import { accounts, ledgerEntries, transactions } from '../src/db/schema';
import type { Tx } from '../src/db/client';
import {
  createTestContext,
  expectLedgerConsistent,
  expectWriteRefused,
  ledgerState,
  type Person,
  type TestContext,
} from './helpers';

/**
 * The database's own guards, which hold against any statement, whoever writes it: each forbidden
 * write is tried directly in SQL and must be refused, leaving the ledger as it was.
 */
let t: TestContext;
before(async () => {
  t = await createTestContext();
});
after(() => t.close());

/** Runs `write` in a transaction that must fail with `reason`; the ledger must be left as it was. */
const expectRefused = (write: (tx: Tx) => Promise<unknown>, reason: RegExp) => expectWriteRefused(t.db, write, reason);

const exec = (tx: Tx, query: SQL) => tx.execute(query);

/** A transaction and its entries written by hand, as any program with SQL access could. */
async function writeByHand(
  tx: Tx,
  transaction: typeof transactions.$inferInsert,
  entries: [accountId: string, amount: bigint][],
) {
  const [row] = await tx.insert(transactions).values(transaction).returning();
  await tx
    .insert(ledgerEntries)
    .values(entries.map(([accountId, amount]) => ({ transactionId: row!.id, accountId, amount })));
}

async function firstTransactionOf(person: Person) {
  const [row] = await t.db.select().from(transactions).where(eq(transactions.receiverUserId, person.id)).limit(1);
  return row!;
}

describe('ledger guards in the database', () => {
  it('should refuse a direct UPDATE of a balance, even one that keeps it positive', async () => {
    const ann = await t.user('Ann');
    await expectRefused(
      (tx) => exec(tx, sql`update accounts set balance = balance + 100000000 where id = ${ann.walletId}`),
      /a balance changes only by posting ledger entries/,
    );
    await expectRefused(
      (tx) => exec(tx, sql`update accounts set entry_count = 0 where id = ${ann.walletId}`),
      /a balance changes only by posting ledger entries/,
    );
    expect(await t.balance(ann)).toBe(50);
  });

  it('should refuse an account opened with money in it', async () => {
    await expectRefused(
      (tx) => exec(tx, sql`insert into accounts (kind, code, balance) values ('SYSTEM', 'FREE_MONEY', 500)`),
      /an account opens empty/,
    );
  });

  it('should refuse to UPDATE, DELETE, move or TRUNCATE ledger entries', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const annBonus = await firstTransactionOf(ann);
    const benBonus = await firstTransactionOf(ben);
    await expectRefused(
      (tx) => exec(tx, sql`update ledger_entries set amount = amount * 2 where transaction_id = ${annBonus.id}`),
      /UPDATE of ledger_entries is refused/,
    );
    await expectRefused(
      (tx) => exec(tx, sql`delete from ledger_entries where transaction_id = ${annBonus.id}`),
      /DELETE of ledger_entries is refused/,
    );
    await expectRefused(
      (tx) =>
        exec(tx, sql`update ledger_entries set transaction_id = ${benBonus.id} where transaction_id = ${annBonus.id}`),
      /UPDATE of ledger_entries is refused/,
    );
    await expectRefused(
      (tx) => exec(tx, sql`truncate ledger_entries cascade`),
      // The API's role may not truncate at all (PostgreSQL); any role that may meets the trigger.
      /TRUNCATE of ledger_entries is refused|permission denied for table/,
    );
  });

  it('should refuse to UPDATE, DELETE or TRUNCATE transactions', async () => {
    const ann = await t.user('Ann');
    const bonus = await firstTransactionOf(ann);
    await expectRefused(
      (tx) => exec(tx, sql`update transactions set amount = 1 where id = ${bonus.id}`),
      /UPDATE of transactions is refused/,
    );
    await expectRefused(
      (tx) => exec(tx, sql`delete from transactions where id = ${bonus.id}`),
      /DELETE of transactions is refused/,
    );
    await expectRefused(
      (tx) => exec(tx, sql`truncate transactions cascade`),
      /TRUNCATE of transactions is refused|permission denied for table/,
    );
  });

  it('should refuse at commit a transaction without entries', async () => {
    const ann = await t.user('Ann');
    await expectRefused(
      (tx) => tx.insert(transactions).values({ type: 'deposit', amount: 100n, receiverUserId: ann.id }),
      /has no ledger entries/,
    );
  });

  it('should refuse at commit entries that do not sum to zero', async () => {
    const ann = await t.user('Ann');
    await expectRefused(
      (tx) => writeByHand(tx, { type: 'deposit', amount: 100n, receiverUserId: ann.id }, [[ann.walletId, 100n]]),
      /do not sum to zero/,
    );
    expect(await t.balance(ann)).toBe(50);
  });

  it('should refuse at commit entries that net to zero but do not match the amount', async () => {
    const ann = await t.user('Ann');
    await expectRefused(
      (tx) =>
        writeByHand(tx, { type: 'deposit', amount: 100n, receiverUserId: ann.id }, [
          [t.app.system.bank, -10_000n],
          [ann.walletId, 10_000n],
        ]),
      /do not match its amount/,
    );
  });

  it('should refuse balanced entries added later to a committed transaction', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const bonus = await firstTransactionOf(ann);
    await expectRefused(
      (tx) =>
        tx.insert(ledgerEntries).values([
          { transactionId: bonus.id, accountId: ben.walletId, amount: -1000n },
          { transactionId: bonus.id, accountId: ann.walletId, amount: 1000n },
        ]),
      /takes entries only as it is written/,
    );
  });

  it('should refuse entries naming no transaction or no account, and the deletion of an account', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expectRefused(
      (tx) =>
        tx.insert(ledgerEntries).values([
          { transactionId: nobody, accountId: ben.walletId, amount: -1000n },
          { transactionId: nobody, accountId: ann.walletId, amount: 1000n },
        ]),
      /there is no such transaction/,
    );
    await expectRefused(
      (tx) =>
        writeByHand(tx, { type: 'deposit', amount: 100n, receiverUserId: ann.id }, [
          [t.app.system.bank, -100n],
          [nobody, 100n],
        ]),
      new RegExp(`there is no account ${nobody}`),
    );
    await expectRefused(
      (tx) => exec(tx, sql`delete from accounts where id = ${ben.walletId}`),
      /DELETE of accounts is refused/,
    );
    await expectRefused(
      (tx) => exec(tx, sql`truncate accounts cascade`),
      /TRUNCATE of accounts is refused|permission denied for table/,
    );
  });

  it('should take the entries of a transaction written in a savepoint of the same transaction', async () => {
    const ann = await t.user('Ann');
    const before = await t.balance(ann);
    await t.db.transaction(async (tx) => {
      await tx.transaction((savepoint) =>
        writeByHand(savepoint, { type: 'deposit', amount: 700n, receiverUserId: ann.id }, [
          [t.app.system.bank, -700n],
          [ann.walletId, 700n],
        ]),
      );
    });
    expect(await t.balance(ann)).toBe(before + 7);
    await expectLedgerConsistent(t.db);
  });

  it('should refuse entries that take a wallet below zero', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    await expectRefused(
      (tx) =>
        writeByHand(tx, { type: 'transfer', amount: 5001n, senderUserId: ann.id, receiverUserId: ben.id }, [
          [ann.walletId, -5001n],
          [ben.walletId, 5001n],
        ]),
      /accounts_wallet_balance_non_negative_chk/,
    );
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([50, 50]);
  });

  it('should move balances only through entries, and keep no running balance on system accounts', async () => {
    const ann = await t.user('Ann');
    const before = await ledgerState(t.db);
    // A correct posting written by hand, as any other program would: the entries move the balances.
    await t.db.transaction((tx) =>
      writeByHand(tx, { type: 'deposit', amount: 2500n, receiverUserId: ann.id }, [
        [t.app.system.bank, -2500n],
        [ann.walletId, 2500n],
      ]),
    );
    expect(await t.balance(ann)).toBe(75);
    const [bank] = await t.db.select().from(accounts).where(eq(accounts.id, t.app.system.bank));
    expect(bank!.balance).toBe(0n);
    const after = await expectLedgerConsistent(t.db);
    expect(BigInt(after.balances[t.app.system.bank]!)).toBe(BigInt(before.balances[t.app.system.bank]!) - 2500n);
  });

  it('should post without scanning every account, even when the planner would rather scan', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    // Index probes priced as ruinous, as stale statistics make a scan look cheap: the posting's
    // plans are made afresh (DISCARD PLANS) under that price, and must still look accounts up by key.
    const scans = async (tx: Tx) =>
      Number(
        (
          (await tx.execute(
            sql`select coalesce(sum(seq_scan), 0)::int as n from pg_stat_xact_user_tables where relname = 'accounts'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local random_page_cost = 1000000`);
      await tx.execute(sql`discard plans`);
      const before = await scans(tx);
      await writeByHand(tx, { type: 'transfer', amount: 1000n, senderUserId: ann.id, receiverUserId: ben.id }, [
        [ann.walletId, -1000n],
        [ben.walletId, 1000n],
      ]);
      expect(await scans(tx)).toBe(before);
      // The connection goes back to the pool with plans made at the usual price.
      await tx.execute(sql`set local random_page_cost to default`);
      await tx.execute(sql`discard plans`);
    });
    expect([await t.balance(ann), await t.balance(ben)]).toEqual([40, 60]);
    await expectLedgerConsistent(t.db);
  });

  it('should refuse a transaction of zero or a negative amount', async () => {
    await expectRefused(
      (tx) => tx.insert(transactions).values({ type: 'deposit', amount: 0n }),
      /transactions_amount_positive_chk/,
    );
  });

  it('should hold the bonus once per user even against a direct second insert', async () => {
    const ann = await t.user('Ann');
    await expectRefused(
      (tx) => tx.insert(transactions).values({ type: 'bonus', amount: 5000n, receiverUserId: ann.id }),
      /transactions_one_bonus_per_user_key/,
    );
  });
});
