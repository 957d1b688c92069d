import { z } from 'zod';
import { hasAtMostTwoDecimals } from '@wallet/shared/money';
import { type MovementType, MOVEMENT_TYPES } from './movements';
import { says, validationText, type ValidationText } from './validation';

/**
 * Whose limits a wallet lives under: a person's verification tier (TIERS), or AGENT (agents hold
 * float, so theirs are a separate row). MERCHANT bounds what a merchant receives in payments (a
 * merchant is a person too, and sends, deposits and cashes out under its tier). The ledger reads
 * them from the database table `limits` in the transaction of every movement
 * (api/src/ledger/sql/ledger_move.sql).
 */
export const LIMIT_HOLDERS = ['UNVERIFIED', 'EMAIL_VERIFIED', 'KYC_APPROVED', 'AGENT', 'MERCHANT'] as const;
export const limitHolderSchema = z.enum(LIMIT_HOLDERS);
export type LimitHolder = z.infer<typeof limitHolderSchema>;

/**
 * Which side of a movement a holder's limits bound. People are limited on what they start
 * (deposits, transfers sent, cash-outs) and on the cash-ins agents give them; agents on the
 * cash-ins they give and the cash-outs they take. Receiving a transfer is bounded by the maximum
 * balance only. An unverified person may only deposit.
 */
export const LIMITED_MOVEMENTS: { [H in LimitHolder]: readonly MovementType[] } = {
  UNVERIFIED: ['deposit'],
  EMAIL_VERIFIED: ['deposit', 'transfer', 'cash-out', 'cash-in', 'payment'],
  KYC_APPROVED: ['deposit', 'transfer', 'cash-out', 'cash-in', 'payment'],
  AGENT: ['cash-in', 'cash-out'],
  MERCHANT: ['payment'],
};

/** Whether the holder is the movement's sender (else its receiver) where its limits apply. */
export function limitSide(holder: LimitHolder, type: MovementType): 'sent' | 'received' {
  if (holder === 'AGENT') return type === 'cash-in' ? 'sent' : 'received';
  if (holder === 'MERCHANT') return 'received';
  return type === 'transfer' || type === 'cash-out' || type === 'payment' ? 'sent' : 'received';
}

/** The scope of one row of limits: a movement type, or the wallet's maximum balance. */
export const LIMIT_SCOPES = [...MOVEMENT_TYPES, 'balance'] as const;
export const limitScopeSchema = z.enum(LIMIT_SCOPES);
export type LimitScope = z.infer<typeof limitScopeSchema>;

/** A limit in Taka, or null: no limit. */
const takaLimit = z
  .number({ error: says('numberOrNone') })
  .positive({ error: says('greaterThanZero') })
  .refine(hasAtMostTwoDecimals, { error: says('twoDecimals') })
  .refine((taka) => taka <= 1e12, { error: says('tooLarge') })
  .nullable();
/** A number of movements, or null: no limit. */
const countLimit = z
  .number({ error: says('wholeNumberOrNone') })
  .int({ error: says('wholeNumberOrNone') })
  .min(1, { error: says('atLeast', { min: 1 }) })
  .max(1_000_000, { error: says('tooLarge') })
  .nullable();

/** One movement type's limits for a holder; every figure in Taka, null where there is none. */
export const movementLimitsSchema = z.object({
  minAmount: takaLimit,
  maxAmount: takaLimit,
  dailyAmount: takaLimit,
  dailyCount: countLimit,
  monthlyAmount: takaLimit,
  monthlyCount: countLimit,
});
export type MovementLimits = z.infer<typeof movementLimitsSchema>;

/** The limits table as admins read it (GET /admin/limits). */
export const limitsTableSchema = z.array(
  z.object({
    holder: limitHolderSchema,
    movements: z.array(
      movementLimitsSchema.extend({ type: z.enum(MOVEMENT_TYPES), side: z.enum(['sent', 'received']) }),
    ),
    maxBalance: takaLimit,
    updatedAt: z.string(),
  }),
);
export type LimitsTable = z.infer<typeof limitsTableSchema>;

/**
 * PUT /admin/limits/{holder}/{scope}: the whole row, null for "no limit". A movement's row takes
 * the movement fields; the balance row takes maxBalance alone.
 */
export const limitsUpdateInputSchema = movementLimitsSchema
  .partial()
  .extend({ maxBalance: takaLimit.optional() })
  .strict()
  .superRefine((row, context) => {
    // Each figure within the next: a movement within the day, the day within the month.
    const order = [
      ['minAmount', 'maxAmount'],
      ['maxAmount', 'dailyAmount'],
      ['dailyAmount', 'monthlyAmount'],
      ['maxAmount', 'monthlyAmount'],
      ['dailyCount', 'monthlyCount'],
    ] as const;
    for (const [smaller, larger] of order) {
      const [low, high] = [row[smaller], row[larger]];
      if (low != null && high != null && low > high) {
        context.addIssue({ code: 'custom', path: [smaller], message: validationText(AT_MOST[larger]) });
      }
    }
  });
export type LimitsUpdateInput = z.infer<typeof limitsUpdateInputSchema>;
export const limitsParamsSchema = z.object({ holder: limitHolderSchema, scope: limitScopeSchema });

/** The message of a figure above the next one ("must be at most maxAmount"), by that one. */
const AT_MOST: Record<'maxAmount' | 'dailyAmount' | 'monthlyAmount' | 'monthlyCount', ValidationText> = {
  maxAmount: 'atMostMaxAmount',
  dailyAmount: 'atMostDailyAmount',
  monthlyAmount: 'atMostMonthlyAmount',
  monthlyCount: 'atMostMonthlyCount',
};

/** Used and left of one limit, in Taka (amounts) or movements (counts), in Asia/Dhaka's day or month. */
export const limitUsageSchema = z.object({ limit: z.number(), used: z.number(), left: z.number() });
export type LimitUsage = z.infer<typeof limitUsageSchema>;

/**
 * One of the caller's limits as a movement would leave it (the quote's): what was left before it,
 * what it leaves after (never below zero), and whether the movement goes past it. Counted by the
 * ledger's own SQL (limit_usage), as the posting will count it; the server still decides.
 */
export const limitAfterSchema = limitUsageSchema.extend({ leftAfter: z.number(), exceeded: z.boolean() });
export type LimitAfter = z.infer<typeof limitAfterSchema>;

/**
 * The caller's own row of limits for one movement, after it (GET /wallet/quote): the figures per
 * movement and whether the amount is outside them, then each period's amount and count.
 */
export const quoteLimitsSchema = z.object({
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  belowMinimum: z.boolean(),
  aboveMaximum: z.boolean(),
  daily: limitAfterSchema.nullable(),
  monthly: limitAfterSchema.nullable(),
  dailyCount: limitAfterSchema.nullable(),
  monthlyCount: limitAfterSchema.nullable(),
});
export type QuoteLimits = z.infer<typeof quoteLimitsSchema>;

/** One movement's limits of the caller, with what they used of them today and this month. */
const myMovementLimitsSchema = z.object({
  type: z.enum(MOVEMENT_TYPES),
  side: z.enum(['sent', 'received']),
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  daily: limitUsageSchema.nullable(),
  monthly: limitUsageSchema.nullable(),
  dailyCount: limitUsageSchema.nullable(),
  monthlyCount: limitUsageSchema.nullable(),
});

/** GET /wallet/limits: the caller's limits and what they used of them today and this month. */
export const myLimitsSchema = z.object({
  holder: limitHolderSchema,
  movements: z.array(myMovementLimitsSchema),
  balance: z.object({ current: z.number(), max: z.number().nullable(), left: z.number().nullable() }),
  /**
   * A merchant's own limits on the payments it takes (holder MERCHANT), with what it took today
   * and this month, and the balance at which payments stop; absent for anyone who is not a merchant.
   */
  merchant: z
    .object({
      movements: z.array(myMovementLimitsSchema),
      maxBalance: z.number().nullable(),
    })
    .optional(),
});
export type MyLimits = z.infer<typeof myLimitsSchema>;

export const MY_LIMITS_PATH = '/wallet/limits';
export const ADMIN_LIMITS_PATH = '/admin/limits';

/** The admin's change, as the audit log keeps it (action limit_change). */
export const limitChangeSchema = z.object({
  holder: limitHolderSchema,
  scope: limitScopeSchema,
  before: limitsUpdateInputSchema,
  after: limitsUpdateInputSchema,
});
export type LimitChange = z.infer<typeof limitChangeSchema>;

export const LIMITS_TEXTS = { updated: 'Limits updated' } as const;

/** Why an admin's row of limits is refused (400, code VALIDATION_FAILED, the field named). */
export const LIMITS_ERRORS = {
  LIMITS_NOT_APPLICABLE: { status: 400, message: 'These limits do not apply to this holder' },
} as const;
