import { eq, sql } from 'drizzle-orm';
import { REVERSAL_ERRORS, type Transaction } from '@wallet/shared/contracts';
import type { Database } from '../db/client';
import { transactions, users } from '../db/schema';
import { tableError } from '../lib/api-errors';
import { inTracedTransaction } from '../lib/audit';
import { party, toTransaction } from '../lib/dto';

/**
 * An admin's reversal of a transfer, as the ledger's own function makes it
 * (sql/ledger_reverse.sql): a compensating transaction linked to the original, the fee refunded,
 * audited with the reason, in one database transaction. A refusal is thrown as its 4xx.
 */
export async function reverseTransfer(
  db: Database,
  adminId: string,
  originalId: string,
  reason: string,
): Promise<Transaction> {
  const { rows } = (await inTracedTransaction(db, (tx) =>
    tx.execute(
      sql`select refusal, transaction_id from ledger_reverse(${originalId}::uuid, ${adminId}::uuid, ${reason})`,
    ),
  )) as unknown as { rows: { refusal: keyof typeof REVERSAL_ERRORS | null; transaction_id: string | null }[] };
  const [outcome] = rows;
  if (outcome?.refusal) throw tableError(REVERSAL_ERRORS, outcome.refusal);
  const [reversal] = await db.select().from(transactions).where(eq(transactions.id, outcome!.transaction_id!));
  const [sender, receiver] = await Promise.all(
    [reversal!.senderUserId!, reversal!.receiverUserId!].map(async (id) => {
      const [person] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id));
      return party(person);
    }),
  );
  return toTransaction(reversal!, sender!, receiver!);
}
