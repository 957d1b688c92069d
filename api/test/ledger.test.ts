import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { eq, sql } from 'drizzle-orm';
import { accounts, ledgerEntries, transactions } from '../src/db/schema';
import { createTestContext, expectLedgerConsistent, type TestContext } from './helpers';

/** The database's own guards, which hold even against code that bypasses the services. */
let t: TestContext;
before(async () => {
  t = await createTestContext();
});
after(() => t.close());

function causeOf(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string } };
  return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
}

describe('ledger guards in the database', () => {
  it('should refuse to let a wallet go below zero', async () => {
    const ann = await t.user('Ann');
    const attempt = t.db
      .update(accounts)
      .set({ balance: sql`${accounts.balance} - 5001` })
      .where(eq(accounts.id, ann.walletId));
    await expect(attempt).rejects.toThrow();
    await attempt.catch((error) => expect(causeOf(error)).toMatch(/accounts_wallet_balance_non_negative_chk/));
    expect(await t.balance(ann)).toBe(50);
  });

  it('should refuse to commit entries that do not sum to zero', async () => {
    const ann = await t.user('Ann');
    const attempt = t.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(transactions)
        .values({ type: 'deposit', amount: 100n, receiverUserId: ann.id })
        .returning();
      await tx.insert(ledgerEntries).values({ transactionId: row!.id, accountId: ann.walletId, amount: 100n });
      await tx
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + 100` })
        .where(eq(accounts.id, ann.walletId));
    });
    await expect(attempt).rejects.toThrow();
    await attempt.catch((error) => expect(causeOf(error)).toMatch(/do not sum to zero/));
    expect(await t.balance(ann)).toBe(50);
    await expectLedgerConsistent(t.db);
  });

  it('should refuse a transaction of zero or a negative amount', async () => {
    const attempt = t.db.insert(transactions).values({ type: 'deposit', amount: 0n });
    await expect(attempt).rejects.toThrow();
  });

  it('should hold the bonus once per user even against a direct second insert', async () => {
    const ann = await t.user('Ann');
    const attempt = t.db.insert(transactions).values({ type: 'bonus', amount: 5000n, receiverUserId: ann.id });
    await expect(attempt).rejects.toThrow();
  });
});
