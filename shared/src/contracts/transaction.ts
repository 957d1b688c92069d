import { z } from 'zod';
import { idSchema } from './common';
import { walletSchema } from './wallet';

/** `reversal`: an admin's compensating transaction for a transfer made by mistake (it `reverses` the original). */
export const TRANSACTION_TYPES = ['bonus', 'deposit', 'transfer', 'cash-in', 'cash-out', 'reversal'] as const;
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

/** Every movement is written in one database transaction, so the only state a row can have is completed. */
export const TRANSACTION_STATUSES = ['completed'] as const;

export const partySchema = z.object({ _id: idSchema, name: z.string() }).nullable();

export const transactionSchema = z.object({
  _id: idSchema,
  type: transactionTypeSchema,
  status: z.enum(TRANSACTION_STATUSES),
  balance: z.number(),
  /** What the payer paid on top of the amount (Taka): its own ledger entries, never netted into it. */
  fee: z.number(),
  /** What the agent earned on it (Taka), paid from the fee revenue account. */
  commission: z.number(),
  createdAt: z.string(),
  sender: partySchema,
  receiver: partySchema,
  /** The reversal that undid this transfer, if an admin reversed it. */
  reversedBy: idSchema.nullable(),
  /** For a reversal: the transfer it undid. */
  reverses: idSchema.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const moneyMovementResultSchema = z.object({
  transaction: transactionSchema,
  wallet: walletSchema,
});
export type MoneyMovementResult = z.infer<typeof moneyMovementResultSchema>;
