import type { LimitAfter, LimitUsage, MovementType, MyLimits, QuoteLimits } from '@wallet/shared/contracts';

/** One limit after a movement taking `spent` of it: Taka for an amount, 1 for a count. */
function after(usage: LimitUsage | null, spent: number): LimitAfter | null {
  if (usage === null) return null;
  const leftAfter = (Math.round(usage.left * 100) - Math.round(spent * 100)) / 100;
  return { ...usage, leftAfter: Math.max(leftAfter, 0), exceeded: spent > usage.left };
}

/**
 * The quote's `limits` as the API counts them (limit_usage) from the caller's limits and their
 * use: the row of the side the caller starts (a deposit's receiver, else the sender), null where
 * no row bounds it.
 */
export function quoteLimits(type: MovementType, amount: number, limits: MyLimits | null): QuoteLimits | null {
  const side = type === 'deposit' ? 'received' : 'sent';
  const row = limits?.movements.find((entry) => entry.type === type && entry.side === side);
  if (!row) return null;
  return {
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    belowMinimum: row.minAmount !== null && amount < row.minAmount,
    aboveMaximum: row.maxAmount !== null && amount > row.maxAmount,
    daily: after(row.daily, amount),
    monthly: after(row.monthly, amount),
    dailyCount: after(row.dailyCount, 1),
    monthlyCount: after(row.monthlyCount, 1),
  };
}
