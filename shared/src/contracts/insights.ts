import { z } from 'zod';
import { limitChangeSchema } from './limits';
import { feeChangeSchema } from './fees';
import { daySchema, idSchema, listSearchSchema, paginationQuerySchema } from './common';
import { transactionSchema, transactionTypeSchema } from './transaction';
import { walletSchema } from './wallet';
import { says } from './validation';

/**
 * What a wallet tells its owner beyond the spec's lists: the overview, analytics, filtered
 * history, statements, live events, and the admins' audit trail. Amounts are Taka (numbers with
 * at most two decimals), as everywhere else in the API; dates are calendar days in UTC.
 */

/** The longest statement, in days: one year (a leap year's worth). */
export const MAX_STATEMENT_DAYS = 366;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** A calendar month, `YYYY-MM`. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

const fromNotAfterTo = (range: { from?: string; to?: string }) =>
  range.from === undefined || range.to === undefined || range.from <= range.to;

/** GET /transaction/me, /agent history and /admin/transactions: the spec's paging plus filters. */
export const historyQuerySchema = paginationQuerySchema
  .extend({
    type: transactionTypeSchema.optional(),
    /** First day included. */
    from: daySchema.optional(),
    /** Last day included. */
    to: daySchema.optional(),
    /** Part of the counterpart's name (case-insensitive). */
    q: listSearchSchema.optional(),
  })
  .refine(fromNotAfterTo, { error: says('notBeforeFrom'), path: ['to'] });
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** GET /transaction/me/statement: both ends required and included, at most a year. */
/** A statement as a spreadsheet reads it, or as a person prints it. */
export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const statementQuerySchema = z
  .object({
    from: daySchema,
    to: daySchema,
    format: z.enum(STATEMENT_FORMATS, { error: says('statementFormat') }).default('csv'),
  })
  .refine(fromNotAfterTo, { error: says('notBeforeFrom'), path: ['to'] })
  .refine((range) => dayNumber(range.to) - dayNumber(range.from) < MAX_STATEMENT_DAYS, {
    error: says('statementDays', { days: MAX_STATEMENT_DAYS }),
    path: ['to'],
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** GET /analytics/me/overview: the user's or agent's overview. */
export const overviewSchema = z.object({
  balance: z.number(),
  /** The current calendar month (UTC), money in and money out. */
  month: z.object({ month: monthSchema, moneyIn: z.number(), moneyOut: z.number() }),
  /** The five latest movements, newest first. */
  latest: z.array(transactionSchema).max(5),
});
export type Overview = z.infer<typeof overviewSchema>;

export const counterpartSummarySchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  count: z.number().int(),
  moneyIn: z.number(),
  moneyOut: z.number(),
});

/** GET /analytics/me: the last 12 months (this one included). Each chart is one query. */
export const analyticsSchema = z.object({
  /**
   * Per month and type, only the pairs with movements; months oldest first. Money in and out
   * include fees and commissions; `fees` is what the owner paid in fees (net of refunds) and
   * `commissions` what an agent earned, each also on its own.
   */
  months: z.array(
    z.object({
      month: monthSchema,
      type: transactionTypeSchema,
      moneyIn: z.number(),
      moneyOut: z.number(),
      fees: z.number(),
      commissions: z.number(),
    }),
  ),
  /** The balance at the end of each day that had a movement, oldest first. */
  balance: z.array(z.object({ day: daySchema, balance: z.number() })),
  /** The five counterparts with the most money moved (in + out), largest first. */
  counterparts: z.array(counterpartSummarySchema).max(5),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** GET /admin/analytics?days=N: the whole system, per day and type, the last N days (today included). */
export const adminAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number({ error: says('wholeNumberUpTo', { max: MAX_STATEMENT_DAYS }) })
    .int({ error: says('wholeNumberUpTo', { max: MAX_STATEMENT_DAYS }) })
    .min(1, { error: says('wholeNumberUpTo', { max: MAX_STATEMENT_DAYS }) })
    .max(MAX_STATEMENT_DAYS, { error: says('wholeNumberUpTo', { max: MAX_STATEMENT_DAYS }) })
    .default(30),
});
export const adminAnalyticsSchema = z.object({
  days: z.array(z.object({ day: daySchema, type: transactionTypeSchema, count: z.number().int(), amount: z.number() })),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

/** What the audit trail records: admins' actions, and a person linking a Google sign-in to their account. */
export const AUDIT_ACTIONS = [
  'approve',
  'suspend',
  'reactivate',
  'block',
  'unblock',
  'link_google',
  'verify_email',
  'kyc_approve',
  'kyc_reject',
  'limit_change',
  'pin_lock',
  'pin_unlock',
  'pin_set',
  'pin_change',
  'pin_reset',
  'fee_change',
  'reverse',
  'dispute_reject',
  'deployer_grant',
  'deployer_revoke',
  'release_auto_rollback',
  'staff_invite',
  'staff_join',
  'staff_roles',
  'staff_deactivate',
  'staff_sign_in',
  'staff_sign_in_failed',
  'passkey_add',
  'passkey_remove',
  'close_unclaimed',
  'approval_propose',
  'approval_approve',
  'approval_reject',
  'float_fund',
  'merchant_approve',
  'merchant_reject',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

const personSchema = z.object({ _id: idSchema, name: z.string(), email: z.string() });

/** One admin action, written in the same database transaction as the action itself. */
export const auditRowSchema = z.object({
  _id: idSchema,
  action: auditActionSchema,
  /** Who acted; null for the system (pin_lock: the third wrong PIN locked it). */
  admin: personSchema.nullable(),
  /**
   * approve, suspend, reactivate: the person; block, unblock: the wallet's owner (walletId set);
   * limit_change: none.
   */
  target: personSchema.extend({ walletId: idSchema.nullable() }).nullable(),
  /** Why, where the action takes a reason (a KYC decision). */
  reason: z.string().nullable(),
  /**
   * limit_change: which row of limits, and its figures (Taka) before and after; fee_change: which
   * row of the fee schedule, and its figures (Taka and percent) before and after.
   */
  change: z.union([limitChangeSchema, feeChangeSchema]).nullable(),
  /** reverse: the reversal made (its `reverses` is the transfer undone); dispute_reject: the transfer reported. */
  transactionId: idSchema.nullable(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** GET /admin/audit-log */
export const auditQuerySchema = paginationQuerySchema.extend({
  action: auditActionSchema.optional(),
  adminId: idSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** GET /admin/admins: who can appear in the audit log (the filter's choices). */
export const adminListSchema = z.array(personSchema);

/**
 * GET /events (server-sent events, session cookie): `event: wallet` whenever the person's wallet
 * changes through anyone's action (a movement either way, a block or unblock). `data` is this.
 * Comments (`: ping`) every 15 s keep the stream open.
 */
export const walletEventSchema = z.object({
  wallet: walletSchema,
  /** The movement that changed the balance; absent for a block or unblock. */
  transactionId: idSchema.optional(),
  /** The owner's unread notifications after the change (contracts/notifications.ts). */
  unread: z.number().int().optional(),
});
export type WalletEvent = z.infer<typeof walletEventSchema>;
