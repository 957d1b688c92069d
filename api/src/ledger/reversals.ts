import { eq, sql } from 'drizzle-orm';
import { REVERSAL_ERRORS, type Transaction } from '@wallet/shared/contracts';
import type { Database, Tx } from '../db/client';
import { transactions, users } from '../db/schema';
import { tableError } from '../lib/api-errors';
import { inTracedTransaction } from '../lib/audit';
import { party, toTransaction } from '../lib/dto';

/**
 * An admin's reversal of a transfer, as the ledger's own function makes it
 * (sql/ledger_reverse.sql): a compensating transaction linked to the original, the fee refunded,
 * audited with the reason, in one database transaction. A refusal is thrown as its 4xx.
 */
/**
 * The reversal inside the caller's transaction, as the ledger's functions make it: ledger_reverse
 * for a transfer, dispute_decide for a sender's report (`disputeId`). Returns the refusal's code
 * (REVERSAL_ERRORS or DISPUTE_ERRORS), or the reversal's id. A second approval applies it so
 * (admin/approvals.ts).
 */
export async function reverseIn(
  tx: Tx,
  adminId: string,
  target: { transactionId: string; disputeId: string | null },
  reason: string,
): Promise<{ refusal: string | null; transactionId: string | null }> {
  const { rows } = (target.disputeId
    ? await tx.execute(
        sql`select refusal, null::uuid as transaction_id from dispute_decide(${target.disputeId}::uuid, ${adminId}::uuid, 'reverse', ${reason})`,
      )
    : await tx.execute(
        sql`select refusal, transaction_id from ledger_reverse(${target.transactionId}::uuid, ${adminId}::uuid, ${reason})`,
      )) as unknown as { rows: { refusal: string | null; transaction_id: string | null }[] };
  return { refusal: rows[0]?.refusal ?? null, transactionId: rows[0]?.transaction_id ?? null };
}

export async function reverseTransfer(
  db: Database,
  adminId: string,
  originalId: string,
  reason: string,
): Promise<Transaction> {
  const outcome = await inTracedTransaction(db, (tx) =>
    reverseIn(tx, adminId, { transactionId: originalId, disputeId: null }, reason),
  );
  if (outcome.refusal) throw tableError(REVERSAL_ERRORS, outcome.refusal as keyof typeof REVERSAL_ERRORS);
  const [reversal] = await db.select().from(transactions).where(eq(transactions.id, outcome.transactionId!));
  const [sender, receiver] = await Promise.all(
    [reversal!.senderUserId!, reversal!.receiverUserId!].map(async (id) => {
      const [person] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id));
      return party(person);
    }),
  );
  return toTransaction(reversal!, sender!, receiver!);
}
