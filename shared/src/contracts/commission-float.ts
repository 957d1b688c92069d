import { z } from 'zod';
import { amountSchema } from './common';

/**
 * The commission float: the system account COMMISSION_FLOAT that pays agents' cash-in
 * commissions. It pays only what it holds (the database refuses it below zero); when it cannot
 * cover a commission, the cash-in still posts, with commission 0, and the agent is told why. Owners
 * fund it, as a second-approved transfer (SECOND_APPROVAL=required; approval kind float_funding):
 *  - fee_revenue: out of the fees the wallet has earned, never more than fee revenue holds;
 *  - deposit: money the company brings in from its bank (through BANK_SETTLEMENT).
 * Each funding is a transaction of type float-funding.
 */
export const FLOAT_SOURCES = ['fee_revenue', 'deposit'] as const;
export const floatSourceSchema = z.enum(FLOAT_SOURCES);
export type FloatSource = z.infer<typeof floatSourceSchema>;

/** POST /admin/commission-float: how much (Taka) and from where. */
export const floatFundingInputSchema = z
  .object({
    amount: amountSchema({ max: 1e9 }),
    source: floatSourceSchema,
  })
  .strict();
export type FloatFundingInput = z.infer<typeof floatFundingInputSchema>;

/** GET /admin/commission-float: what the float holds, and what fee revenue could fund it with (Taka). */
export const commissionFloatSchema = z.object({
  balance: z.number(),
  feeRevenue: z.number(),
});
export type CommissionFloat = z.infer<typeof commissionFloatSchema>;

/** A funding proposed: how much, from where, and what the float held when it was proposed. */
export const floatFundingProposalSchema = z.object({
  amount: z.number(),
  source: floatSourceSchema,
  floatBefore: z.number(),
});
export type FloatFundingProposal = z.infer<typeof floatFundingProposalSchema>;

export const COMMISSION_FLOAT_PATH = '/admin/commission-float';

export const FLOAT_TEXTS = {
  retrieved: 'Commission float retrieved',
  funded: 'Commission float funded',
} as const;

export const FLOAT_ERRORS = {
  REVENUE_SHORT: {
    status: 409,
    message: 'Fee revenue holds only {available} Taka: fund the rest by a deposit',
  },
} as const;
