import { z } from 'zod';
import { idSchema } from './common';

export const walletSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  balance: z.number(),
  isBlocked: z.boolean(),
});
export type Wallet = z.infer<typeof walletSchema>;

export { IDEMPOTENCY_KEY_HEADER } from './headers';
