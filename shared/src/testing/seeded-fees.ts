import { http } from 'msw';
import { quoteSchema, type FeeSchedule, type FeeType, type MovementType, type Quote } from '@wallet/shared/contracts';
import { ok } from './envelopes';

/** The fee schedule as a fresh database holds it (api/drizzle/0016_fees_and_commissions.sql). */
export function seededFees(updatedAt = '2025-06-01T00:00:00.000Z'): FeeSchedule {
  const free = { fixed: 0, minimum: null, maximum: null, freeMonthly: null };
  return [
    { type: 'transfer', percent: 0, ...free, agentShare: 0, agentCommission: 0, updatedAt },
    { type: 'cash-out', percent: 1.85, ...free, agentShare: 22, agentCommission: 0, updatedAt },
    { type: 'cash-in', percent: 0, ...free, agentShare: 0, agentCommission: 0.4, updatedAt },
  ];
}

/** A share of `poisha`, rounded half up to the poisha, as the ledger rounds (movement_fee). */
const share = (poisha: number, percent: number) => Math.floor((poisha * Math.round(percent * 100) + 5000) / 10000);

/**
 * What GET /wallet/quote answers under the seeded schedule (no allowance, minimum or maximum in
 * it) for a caller holding `balance` Taka: a cash-out costs 1.85%, an agent earns 0.4% of a cash-in.
 */
export function seededQuote(type: MovementType, amount: number, balance = 50): Quote {
  const row = seededFees().find((entry) => entry.type === (type as FeeType));
  const poisha = Math.round(amount * 100);
  const fee = row ? share(poisha, row.percent) : 0;
  const commission = type === 'cash-in' && row ? share(poisha, row.agentCommission) : 0;
  const signed = type === 'deposit' ? poisha : -poisha - fee + commission;
  return {
    type,
    amount,
    fee: fee / 100,
    commission: commission / 100,
    total: (poisha + fee) / 100,
    balanceAfter: Math.round(balance * 100 + signed) / 100,
  };
}

/** GET /wallet/quote as the API answers it under the seeded schedule: every review asks it. */
export const seededQuoteHandler = http.get('*/api/v1/wallet/quote', ({ request }) => {
  const query = new URL(request.url).searchParams;
  const quote = seededQuote(query.get('type') as MovementType, Number(query.get('amount')));
  return ok(quoteSchema, quote, { message: 'Quote retrieved' });
});
