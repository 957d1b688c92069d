import { z } from 'zod';
import { idSchema, searchQuerySchema } from './common';

export const ROLES = ['USER', 'AGENT', 'ADMIN'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const registerInputSchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, { error: 'is required' })
    .max(100, { error: 'must be at most 100 characters' }),
  email: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Invalid email address' }).max(254, { error: 'is too long' })),
  password: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .min(8, { error: 'must be at least 8 characters' })
    .max(128, { error: 'must be at most 128 characters' }),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** Login enforces no format rule (spec §5): any wrong pair is simply "Invalid email or password". */
export const loginInputSchema = z.object({
  email: z.string({ error: 'is required' }).max(254, { error: 'is too long' }),
  password: z.string({ error: 'is required' }).max(128, { error: 'is too long' }),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const PICKER_PURPOSES = ['transfer', 'cashout'] as const;

export const allUserQuerySchema = searchQuerySchema.extend({
  purpose: z.enum(PICKER_PURPOSES, { error: 'must be transfer or cashout' }).optional(),
});
export type AllUserQuery = z.infer<typeof allUserQuerySchema>;

/** What a counterpart picker needs; nothing more about other people leaves the server. */
export const counterpartSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type Counterpart = z.infer<typeof counterpartSchema>;
