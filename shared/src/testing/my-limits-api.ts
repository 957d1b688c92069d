import {
  MY_LIMITS_PATH,
  myLimitsSchema,
  type LimitHolder,
  type LimitUsage,
  type MovementType,
  type MyLimits,
} from '@wallet/shared/contracts';
import { apiAnswers, inTurn } from './api-answers';
import { setCallerAccount } from './caller-account';
import { ok } from './envelopes';
import { seededLimits } from './limits-api';

/** What a person used of one movement's limits: Taka and movements, today and this month. */
export interface LimitsUsed {
  day?: number;
  month?: number;
  dayCount?: number;
  monthCount?: number;
}

const usage = (limit: number | null, used = 0): LimitUsage | null =>
  limit === null ? null : { limit, used, left: Math.max(limit - used, 0) };

/**
 * GET /wallet/limits as the API answers it for a `holder` under the limits a fresh database holds:
 * `used` of each movement's (nothing by default) and a balance of `balance` (the 50 Taka bonus).
 */
export function myLimits(
  holder: LimitHolder = 'EMAIL_VERIFIED',
  { used = {}, balance = 50 }: { used?: Partial<Record<MovementType, LimitsUsed>>; balance?: number } = {},
): MyLimits {
  const row = seededLimits().find((entry) => entry.holder === holder)!;
  return {
    holder,
    movements: row.movements.map((limits) => {
      const spent = used[limits.type] ?? {};
      return {
        type: limits.type,
        side: limits.side,
        minAmount: limits.minAmount,
        maxAmount: limits.maxAmount,
        daily: usage(limits.dailyAmount, spent.day),
        monthly: usage(limits.monthlyAmount, spent.month),
        dailyCount: usage(limits.dailyCount, spent.dayCount),
        monthlyCount: usage(limits.monthlyCount, spent.monthCount),
      };
    }),
    balance: {
      current: balance,
      max: row.maxBalance,
      left: row.maxBalance === null ? null : Math.max(row.maxBalance - balance, 0),
    },
  };
}

/**
 * GET /wallet/limits answering each of `answers` in turn (the last one repeats); returns the calls
 * made. A quote counts the limits of now, as the API counts them from the same rows.
 */
export function myLimitsAnswers(...answers: MyLimits[]) {
  const calls = apiAnswers(
    'get',
    MY_LIMITS_PATH,
    answers.map((limits) => ok(myLimitsSchema, limits, { message: 'Limits retrieved' })),
  );
  setCallerAccount({ limits: () => inTurn(answers, calls.length) });
  return calls;
}
