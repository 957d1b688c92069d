import { asc, eq, inArray, sql } from 'drizzle-orm';
import { httpErrors } from '@fastify/sensible';
import type { TransactionType } from '@wallet/shared/contracts';
import type { Executor, Tx } from '../db/client';
import { accounts, ledgerEntries, transactions } from '../db/schema';

export const SYSTEM_ACCOUNTS = { bank: 'BANK_SETTLEMENT', bonus: 'BONUS_EXPENSE' } as const;
export type SystemAccountIds = Record<keyof typeof SYSTEM_ACCOUNTS, string>;

export async function loadSystemAccountIds(db: Executor): Promise<SystemAccountIds> {
  const rows = await db
    .select({ id: accounts.id, code: accounts.code })
    .from(accounts)
    .where(inArray(accounts.code, Object.values(SYSTEM_ACCOUNTS)));
  const byCode = new Map(rows.map((row) => [row.code, row.id]));
  const bank = byCode.get(SYSTEM_ACCOUNTS.bank);
  const bonus = byCode.get(SYSTEM_ACCOUNTS.bonus);
  if (!bank || !bonus) throw new Error('System accounts are missing: the migrations did not run');
  return { bank, bonus };
}

export interface Posting {
  type: TransactionType;
  amount: bigint;
  fromAccountId: string;
  toAccountId: string;
  senderUserId: string | null;
  receiverUserId: string | null;
}

/**
 * Moves money between two accounts inside the caller's database transaction. Both rows are
 * locked in id order first, so two movements that share accounts always queue instead of
 * deadlocking; then wallets are checked (not blocked, enough money), balances change and two
 * entries that sum to zero are written.
 */
export async function post(tx: Tx, posting: Posting) {
  const { amount, fromAccountId, toAccountId } = posting;
  if (fromAccountId === toAccountId) throw httpErrors.badRequest('Sender and receiver must differ');
  const locked = await tx
    .select()
    .from(accounts)
    .where(inArray(accounts.id, [fromAccountId, toAccountId]))
    .orderBy(asc(accounts.id))
    .for('update');
  const from = locked.find((row) => row.id === fromAccountId);
  const to = locked.find((row) => row.id === toAccountId);
  if (!from || !to) throw httpErrors.notFound('Wallet not found');
  if (from.isBlocked || to.isBlocked) throw httpErrors.forbidden('Wallet is blocked');
  if (from.kind === 'WALLET' && from.balance < amount) throw httpErrors.badRequest('Insufficient balance');

  const poisha = amount.toString();
  await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} - ${poisha}::bigint` })
    .where(eq(accounts.id, from.id));
  await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${poisha}::bigint` })
    .where(eq(accounts.id, to.id));
  const [transaction] = await tx
    .insert(transactions)
    .values({ type: posting.type, amount, senderUserId: posting.senderUserId, receiverUserId: posting.receiverUserId })
    .returning();
  await tx.insert(ledgerEntries).values([
    { transactionId: transaction!.id, accountId: from.id, amount: -amount },
    { transactionId: transaction!.id, accountId: to.id, amount },
  ]);
  return {
    transaction: transaction!,
    from: { ...from, balance: from.balance - amount },
    to: { ...to, balance: to.balance + amount },
  };
}
