import { formatDay } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { TRANSACTION_TYPE_LABELS } from '@wallet/shared/ui/wallet/transaction-types';
import type { Volume } from './volume-by-day';

const transactions = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'transaction' : 'transactions'}`;

/** The chart in words: its text alternative, and what a glance at it tells. */
export function volumeSummary({ days, types, byType, total }: Volume, span: number) {
  if (total.count === 0) return `No money moved in the last ${span} days.`;
  const busiest = days.reduce((best, day) => (day.total.amount > best.total.amount ? day : best));
  const perType = types
    .map(
      (type) =>
        `${TRANSACTION_TYPE_LABELS[type]} ${formatTaka(byType[type].amount)} (${transactions(byType[type].count)})`,
    )
    .join(', ');
  return (
    `${formatTaka(total.amount)} Taka moved in ${transactions(total.count)} over the last ${span} days. ` +
    `By type: ${perType}. Busiest day: ${formatDay(busiest.day)}, ${formatTaka(busiest.total.amount)} Taka.`
  );
}
