import { z } from 'zod';
import { idSchema } from './common';
import { userSchema } from './user';

export const adminUserRowSchema = userSchema.extend({
  wallet: z.object({ _id: idSchema, balance: z.number(), isBlocked: z.boolean() }).nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
