import { z } from 'zod';
import { idSchema } from './common';
import { walletSchema } from './wallet';

/** `reversal`: an admin's compensating transaction for a transfer made by mistake (it `reverses` the original). */
export const TRANSACTION_TYPES = [
  'bonus',
  'deposit',
  'transfer',
  'cash-in',
  'cash-out',
  'reversal',
  'float-funding',
  'payment',
  'refund',
] as const;
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionTypeSchema>;
/** The types a person's or agent's own history can hold: a float-funding moves system money only. */
export const PERSON_TRANSACTION_TYPES = TRANSACTION_TYPES.filter((type) => type !== 'float-funding');

/** Every movement is written in one database transaction, so the only state a row can have is completed. */
export const TRANSACTION_STATUSES = ['completed'] as const;

/** A report of a transfer (contracts/disputes.ts): waiting for an admin, or settled either way. */
export const DISPUTE_STATUSES = ['open', 'reversed', 'rejected'] as const;
export const disputeStatusSchema = z.enum(DISPUTE_STATUSES);
export type DisputeStatus = z.infer<typeof disputeStatusSchema>;

/** The sender's report of a transfer, as its row in a list shows it: the status and the admin's reason. */
export const transactionDisputeSchema = z.object({
  _id: idSchema,
  status: disputeStatusSchema,
  /** The admin's reason, once decided. */
  decision: z.string().nullable(),
});
export type TransactionDispute = z.infer<typeof transactionDisputeSchema>;

export const partySchema = z.object({ _id: idSchema, name: z.string() }).nullable();

export const transactionSchema = z.object({
  _id: idSchema,
  type: transactionTypeSchema,
  status: z.enum(TRANSACTION_STATUSES),
  balance: z.number(),
  /** What the payer paid on top of the amount (Taka): its own ledger entries, never netted into it. */
  fee: z.number(),
  /**
   * What the agent earned on it (Taka): on a cash-out, out of its fee (through the fee revenue
   * account); on a cash-in, out of the commission float, and 0 when the float could not cover it.
   */
  commission: z.number(),
  createdAt: z.string(),
  sender: partySchema,
  receiver: partySchema,
  /** The reversal that undid this transfer, if an admin reversed it. */
  reversedBy: idSchema.nullable(),
  /** For a reversal: the transfer it undid. */
  reverses: idSchema.nullable(),
  /** The sender's report of this transfer: shown to the sender and to admins, null for anyone else. */
  dispute: transactionDisputeSchema.nullable(),
  /** For a merchant's refund: the payment it gives back (part or all of). Absent on every other type. */
  refundOf: idSchema.optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const moneyMovementResultSchema = z.object({
  transaction: transactionSchema,
  wallet: walletSchema,
  /**
   * A cash-in's commission (Taka) that the schedule gives but the commission float could not
   * cover, so it was not paid (the cash-in posted with commission 0); absent otherwise.
   */
  commissionUnpaid: z.number().optional(),
});
export type MoneyMovementResult = z.infer<typeof moneyMovementResultSchema>;
