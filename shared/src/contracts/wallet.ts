import { z } from 'zod';
import { idSchema } from './common';

export const walletSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  balance: z.number(),
  /**
   * What can leave the wallet (Taka): the balance less what is held. `held` is the registration
   * bonus, held until staff approve the person's identity (their tier is KYC_APPROVED, or they are
   * an agent), then until a day's bonus budget has room. Money that arrives is never held.
   */
  available: z.number(),
  held: z.number(),
  isBlocked: z.boolean(),
});
export type Wallet = z.infer<typeof walletSchema>;

export { IDEMPOTENCY_KEY_HEADER } from './headers';
