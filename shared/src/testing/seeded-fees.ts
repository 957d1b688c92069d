import { http } from 'msw';
import {
  FEES_TEXTS,
  QUOTE_PATH,
  quoteSchema,
  type FeeSchedule,
  type FeeType,
  type MovementType,
  type MyLimits,
  type Quote,
} from '@wallet/shared/contracts';
import { callerAccount } from './caller-account';
import { ok } from './envelopes';
import { quoteLimits } from './quote-limits';

/**
 * The fee schedule as a fresh database holds it (api/drizzle/0016_fees_and_commissions.sql, and the
 * payment row of api/src/ledger/sql/payment_defaults.sql).
 */
export function seededFees(updatedAt = '2025-06-01T00:00:00.000Z'): FeeSchedule {
  const free = { fixed: 0, minimum: null, maximum: null, freeMonthly: null };
  return [
    { type: 'transfer', percent: 0, ...free, agentShare: 0, agentCommission: 0, updatedAt },
    { type: 'cash-out', percent: 1.85, ...free, agentShare: 22, agentCommission: 0, updatedAt },
    { type: 'cash-in', percent: 0, ...free, agentShare: 0, agentCommission: 0.4, updatedAt },
    { type: 'payment', percent: 1, ...free, agentShare: 0, agentCommission: 0, updatedAt },
  ];
}

/** A share of `poisha` in whole poisha, as the ledger rounds (movement_fee): a fee up, a commission down. */
const basisPoints = (poisha: number, percent: number) => poisha * Math.round(percent * 100);
const feeOf = (poisha: number, percent: number) => Math.ceil(basisPoints(poisha, percent) / 10000);
const commissionOf = (poisha: number, percent: number) => Math.floor(basisPoints(poisha, percent) / 10000);

/**
 * What GET /wallet/quote answers under the seeded schedule (no allowance, minimum or maximum in
 * it) for a caller holding `balance` Taka under `limits` (none: null): a cash-out costs 1.85%, an
 * agent earns 0.4% of a cash-in, and a payment costs its payer nothing.
 */
export function seededQuote(type: MovementType, amount: number, balance = 50, limits: MyLimits | null = null): Quote {
  const row = seededFees().find((entry) => entry.type === (type as FeeType));
  const poisha = Math.round(amount * 100);
  // A payment's fee is its merchant's: the payer, who asks the quote, pays none.
  const fee = row && type !== 'payment' ? feeOf(poisha, row.percent) : 0;
  const commission = type === 'cash-in' && row ? commissionOf(poisha, row.agentCommission) : 0;
  const signed = type === 'deposit' ? poisha : -poisha - fee + commission;
  return {
    type,
    amount,
    fee: fee / 100,
    commission: commission / 100,
    commissionUnpaid: 0,
    total: (poisha + fee) / 100,
    balanceAfter: Math.round(balance * 100 + signed) / 100,
    availableAfter: Math.round(balance * 100 + signed) / 100,
    limits: quoteLimits(type, amount, limits),
  };
}

/**
 * GET /wallet/quote as the API answers it under the seeded schedule, from the caller's wallet and
 * limits as the test's answers hold them when it is asked (every review asks it), held back until
 * `hold` resolves.
 */
export function quoteHandler({ hold }: { hold?: Promise<void> } = {}) {
  return http.get(`*/api/v1${QUOTE_PATH}`, async ({ request }) => {
    const query = new URL(request.url).searchParams;
    await hold;
    const { balance, limits } = callerAccount();
    const quote = seededQuote(query.get('type') as MovementType, Number(query.get('amount')), balance, limits);
    return ok(quoteSchema, quote, { message: FEES_TEXTS.quoted });
  });
}
