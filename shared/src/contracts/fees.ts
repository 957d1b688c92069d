import { z } from 'zod';
import { hasAtMostTwoDecimals } from '@wallet/shared/money';
import { amountSchema, reasonInputSchema } from './common';
import { quoteLimitsSchema } from './limits';
import { says, validationText } from './validation';

/**
 * What a ledger entry moves: the movement's amount, its fee (from the payer to the fee revenue
 * account), or an agent's commission (to the agent: a cash-out's from the fee revenue account, a
 * cash-in's from the commission float, contracts/commission-float.ts). Each kind nets
 * to zero within its transaction, which the database checks at commit.
 */
export const ENTRY_KINDS = ['amount', 'fee', 'commission'] as const;

/**
 * The movements the fee schedule has a row for. Deposits are always free: they come from the
 * person's own bank and have no review step. A cash-in is free to the person; its row holds the
 * agent's commission only. A payment is free to the payer; its row is the merchant's fee (the MDR).
 */
export const FEE_TYPES = ['transfer', 'cash-out', 'cash-in', 'payment'] as const;

/**
 * The merchant discount rate a payment's row may take, in percent of the amount: Bangladesh
 * Bank's band for Bangla QR payments, 1.00% to 1.15% with VAT. Outside it the API refuses the row
 * (MDR_OUT_OF_RANGE) and the database's fees_shape_chk beneath it.
 */
export const MDR_PERCENT = { min: 1, max: 1.15 } as const;
export const feeTypeSchema = z.enum(FEE_TYPES);
export type FeeType = z.infer<typeof feeTypeSchema>;

/** A percentage with at most two decimals (a whole number of basis points), 0 to 100. */
const percent = z
  .number({ error: says('notNumber') })
  .min(0, { error: says('atLeast', { min: 0 }) })
  .max(100, { error: says('atMost', { max: 100 }) })
  .refine(hasAtMostTwoDecimals, { error: says('twoDecimals') });
/** Taka with at most two decimals, 0 or more. */
const taka = z
  .number({ error: says('notNumber') })
  .min(0, { error: says('atLeast', { min: 0 }) })
  .refine(hasAtMostTwoDecimals, { error: says('twoDecimals') })
  .refine((value) => value <= 1e9, { error: says('tooLarge') });

/**
 * One row of the fee schedule, in Taka and percent. The fee is `percent` of the amount above the
 * payer's free allowance of this Asia/Dhaka month (`freeMonthly`, none when null), plus `fixed`,
 * held between `minimum` and `maximum`; a movement wholly within the allowance is free. On a
 * cash-out the agent earns `agentShare` percent of the fee; on a cash-in, `agentCommission`
 * percent of the amount (Tk 4 per 1,000 is 0.4), paid from the fee revenue account.
 */
export const feeScheduleRowSchema = z.object({
  type: feeTypeSchema,
  percent,
  fixed: taka,
  minimum: taka.nullable(),
  maximum: taka.nullable(),
  freeMonthly: taka.positive({ error: says('greaterThanZero') }).nullable(),
  agentShare: percent,
  agentCommission: percent,
});
export type FeeScheduleRow = z.infer<typeof feeScheduleRowSchema>;

/** The figures of a schedule row (every type's row has all of them). */
export type FeeField = keyof Omit<FeeScheduleRow, 'type'>;

/**
 * The one fee-shape definition: which figures each type's row takes. A cash-in is free to the
 * person (its row is the agent's commission alone); only a cash-out shares its fee with the
 * agent. Every other figure of the row is zero or none. The API refuses a row that sets another
 * figure (ledger/fees.ts), remote-admin shows only these fields, and the database's
 * fees_shape_chk is the guard beneath both (api/test/fees.test.ts holds it to this table).
 */
export const FEE_FIELDS: Readonly<Record<FeeType, readonly FeeField[]>> = {
  transfer: ['percent', 'fixed', 'minimum', 'maximum', 'freeMonthly'],
  'cash-out': ['percent', 'fixed', 'minimum', 'maximum', 'freeMonthly', 'agentShare'],
  'cash-in': ['agentCommission'],
  // The merchant pays a percent of each payment, rounded up to the poisha: no fixed part, no
  // minimum or maximum, no free allowance (MDR_PERCENT bounds it).
  payment: ['percent'],
};

/**
 * Why a schedule could pay an agent and a person together more than its fees take from them
 * (null: it cannot). A cash-in's commission is paid on money that a cash-out brings back, so the
 * commission rate must be at most what a cash-out's fee keeps after the agent's share of it; and
 * while commissions are paid, no cash-out may be free (an allowance) or capped (a maximum), or a
 * loop of cash-ins and cash-outs around it gains. With fees rounded up and commissions rounded
 * down (sql/movement_fee.sql), such a schedule cannot mint money (the property test in
 * api/test/fees.test.ts). One rule with the database's fee_schedule_refusal, which guards the
 * fees table beneath it (fees_schedule_guard); the same test holds the two together.
 */
export function feeScheduleRefusal(
  cashIn: Pick<FeeUpdateInput, 'agentCommission'>,
  cashOut: Pick<FeeUpdateInput, 'percent' | 'agentShare' | 'maximum' | 'freeMonthly'>,
): FeeScheduleRefusal | null {
  const bp = (percent: number) => Math.round(percent * 100);
  if (bp(cashIn.agentCommission) === 0) return null;
  if (bp(cashIn.agentCommission) * 10_000 > bp(cashOut.percent) * (10_000 - bp(cashOut.agentShare))) {
    return 'COMMISSION_ABOVE_FEE';
  }
  if (cashOut.freeMonthly !== null) return 'FREE_CASH_OUT_WITH_COMMISSION';
  if (cashOut.maximum !== null) return 'CAPPED_CASH_OUT_WITH_COMMISSION';
  return null;
}

/** A schedule refused by feeScheduleRefusal, as PUT /admin/fees/{type} answers it; nothing changes. */
export const FEE_SCHEDULE_ERRORS = {
  COMMISSION_ABOVE_FEE: {
    status: 409,
    message:
      "The cash-in commission can be at most the cash-out fee's percent less the agent's share of it: otherwise cashing in and out pays more than it costs",
  },
  FREE_CASH_OUT_WITH_COMMISSION: {
    status: 409,
    message: 'Cash-outs cannot have a free allowance while cash-ins pay agents a commission',
  },
  CAPPED_CASH_OUT_WITH_COMMISSION: {
    status: 409,
    message: 'The cash-out fee cannot have a maximum while cash-ins pay agents a commission',
  },
  MDR_OUT_OF_RANGE: {
    status: 409,
    message: `A payment's fee is ${MDR_PERCENT.min.toFixed(2)}% to ${MDR_PERCENT.max.toFixed(2)}% of the amount, as Bangladesh Bank sets for QR payments`,
  },
} as const;
export type FeeScheduleRefusal = keyof typeof FEE_SCHEDULE_ERRORS;

/** A row that charges and pays nothing: every figure zero or none, as a type with no row costs. */
export const FREE_FEE_ROW: FeeUpdateInput = {
  percent: 0,
  fixed: 0,
  minimum: null,
  maximum: null,
  freeMonthly: null,
  agentShare: 0,
  agentCommission: 0,
};

/** GET /admin/fees: the schedule, with when and by whom each row was last changed. */
export const feeScheduleSchema = z.array(feeScheduleRowSchema.extend({ updatedAt: z.string() }));
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;

/** PUT /admin/fees/{type}: the whole row. Which fields a type takes is checked as the database checks it. */
export const feeUpdateInputSchema = feeScheduleRowSchema
  .omit({ type: true })
  .strict()
  .superRefine((row, context) => {
    if (row.minimum !== null && row.maximum !== null && row.minimum > row.maximum) {
      context.addIssue({ code: 'custom', path: ['minimum'], message: validationText('atMostMaximum') });
    }
  });
export type FeeUpdateInput = z.infer<typeof feeUpdateInputSchema>;
export const feeParamsSchema = z.object({ type: feeTypeSchema });

/** The admin's change, as the audit log keeps it (action fee_change). */
export const feeChangeSchema = z.object({
  type: feeTypeSchema,
  before: feeUpdateInputSchema,
  after: feeUpdateInputSchema,
});
export type FeeChange = z.infer<typeof feeChangeSchema>;

/** GET /wallet/quote?type=…&amount=…: what a movement would cost the caller now. */
export const quoteQuerySchema = z.object({
  type: z.enum(['deposit', ...FEE_TYPES], { error: says('quoteType') }),
  amount: z.coerce.number({ error: says('notNumber') }).pipe(amountSchema({ max: 1e12 })),
});
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

/**
 * The caller's fee for the movement (Taka), what leaves or enters their wallet in all, and their
 * balance after; an agent's commission where they earn one; what each of the caller's own limits
 * on it leaves after it (null: no row of limits bounds the caller's side). Per caller: the free
 * allowance is theirs. Every figure is the ledger's own SQL's (movement_fee, movement_net,
 * limit_usage), so a review shows them and computes none.
 */
export const quoteSchema = z.object({
  type: z.enum(['deposit', ...FEE_TYPES]),
  amount: z.number(),
  fee: z.number(),
  commission: z.number(),
  /**
   * A cash-in's commission the schedule gives but the commission float cannot cover now (Taka):
   * the cash-in would post with commission 0. Zero otherwise.
   */
  commissionUnpaid: z.number(),
  total: z.number(),
  balanceAfter: z.number(),
  /** What could still leave the wallet after it: the balance after less what is held (a bonus). */
  availableAfter: z.number(),
  limits: quoteLimitsSchema.nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const QUOTE_PATH = '/wallet/quote';
export const ADMIN_FEES_PATH = '/admin/fees';
export const FEES_TEXTS = { updated: 'Fees updated', quoted: 'Quote retrieved' } as const;

/** POST /admin/reverse/{id}: an admin reverses a transfer made by mistake, with a reason. */
export const reverseInputSchema = reasonInputSchema;
export type ReverseInput = z.infer<typeof reverseInputSchema>;
export const ADMIN_REVERSE_PATH = '/admin/reverse';

/** Why a reversal is refused (sql/ledger_reverse.sql returns the code; nothing is written). */
export const REVERSAL_ERRORS = {
  TRANSACTION_NOT_FOUND: { status: 404, message: 'Transaction not found' },
  NOT_REVERSIBLE: {
    status: 400,
    message: 'Only a transfer can be reversed: cash-in and cash-out moved cash, which is settled outside',
  },
  ALREADY_REVERSED: { status: 409, message: 'This transfer has already been reversed' },
  FUNDS_GONE: {
    status: 409,
    message: 'The receiver no longer holds the amount, so the transfer cannot be reversed',
  },
} as const;
export const REVERSAL_TEXTS = { reversed: 'Transfer reversed' } as const;
