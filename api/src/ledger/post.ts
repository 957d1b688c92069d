import { inArray, sql } from 'drizzle-orm';
import type { TransactionType } from '@wallet/shared/contracts';
import { ledgerRefusal } from '../lib/api-errors';
import type { Executor, Tx } from '../db/client';
import { accounts } from '../db/schema';

const SYSTEM_ACCOUNTS = { bank: 'BANK_SETTLEMENT', bonus: 'BONUS_EXPENSE' } as const;
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
 * Moves money between two accounts inside the caller's database transaction, through the
 * database's own posting function (sql/ledger_post.sql): wallets locked in id order, checked (not
 * blocked, enough money), the transaction and two entries that sum to zero written, and the
 * balances moved by the entries. System accounts are never locked. A refusal is thrown as the
 * HTTP error of its code, and nothing was written.
 */
export async function post(tx: Tx, posting: Posting) {
  const { rows } = (await tx.execute(
    sql`select refusal from ledger_post(${posting.type}::transaction_type, ${posting.amount.toString()}::bigint, ${posting.fromAccountId}::uuid, ${posting.toAccountId}::uuid, ${posting.senderUserId}::uuid, ${posting.receiverUserId}::uuid)`,
  )) as unknown as { rows: { refusal: string | null }[] };
  const code = rows[0]?.refusal;
  if (code) throw ledgerRefusal(code);
}
