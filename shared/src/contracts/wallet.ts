import { z } from 'zod';
import { amountSchema, DEFAULT_MAX_TRANSACTION_TAKA, idSchema } from './common';

export const walletSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  balance: z.number(),
  isBlocked: z.boolean(),
});
export type Wallet = z.infer<typeof walletSchema>;

export function moneyInputSchemas(max = DEFAULT_MAX_TRANSACTION_TAKA) {
  const balance = amountSchema({ max });
  return {
    deposit: z.object({ balance }),
    transfer: z.object({ receiverId: idSchema, balance }),
    cashOut: z.object({ agentId: idSchema, balance }),
    cashIn: z.object({ userId: idSchema, balance }),
  };
}
export type MoneyInputs = ReturnType<typeof moneyInputSchemas>;
export type DepositInput = z.infer<MoneyInputs['deposit']>;
export type TransferInput = z.infer<MoneyInputs['transfer']>;
export type CashOutInput = z.infer<MoneyInputs['cashOut']>;
export type CashInInput = z.infer<MoneyInputs['cashIn']>;

export { IDEMPOTENCY_KEY_HEADER } from './headers';
