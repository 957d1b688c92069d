import { formatDay } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { formatCount } from '../../format';
import type { AdminT } from '../../i18n';
import type { TransactionType } from '@wallet/shared/contracts';
import type { Volume } from './volume-by-day';

const transactions = (t: AdminT, count: number) => t('admin.volume.transactions', { count, n: formatCount(count) });

/** The chart in words: its text alternative, and what a glance at it tells. */
export function volumeSummary(
  t: AdminT,
  typeLabel: (type: TransactionType) => string,
  { days, types, byType, total }: Volume,
  span: number,
) {
  if (total.count === 0) return t('admin.volume.none', { days: formatCount(span) });
  const busiest = days.reduce((best, day) => (day.total.amount > best.total.amount ? day : best));
  const perType = types
    .map((type) =>
      t('admin.volume.perType', {
        type: typeLabel(type),
        amount: formatTaka(byType[type].amount),
        count: transactions(t, byType[type].count),
      }),
    )
    .join(', ');
  return t('admin.volume.summary', {
    amount: formatTaka(total.amount),
    count: transactions(t, total.count),
    days: formatCount(span),
    perType,
    day: formatDay(busiest.day),
    busiest: formatTaka(busiest.total.amount),
  });
}
