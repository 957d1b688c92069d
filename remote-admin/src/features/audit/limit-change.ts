import type { LimitChange } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import { HOLDER_LABELS, limitRowLabel } from '../../labels/limits';

type Figure = keyof LimitChange['after'];

const FIGURES: [Figure, string][] = [
  ['minAmount', 'Minimum'],
  ['maxAmount', 'Maximum'],
  ['dailyAmount', 'Daily'],
  ['dailyCount', 'Daily count'],
  ['monthlyAmount', 'Monthly'],
  ['monthlyCount', 'Monthly count'],
  ['maxBalance', 'Maximum balance'],
];
const COUNTS: readonly Figure[] = ['dailyCount', 'monthlyCount'];

/** Which row of limits changed: "Email verified · Send money". */
export const limitChangeTarget = ({ holder, scope }: LimitChange) =>
  `${HOLDER_LABELS[holder]} · ${limitRowLabel(holder, scope)}`;

const taka = (figure: number | null) => (figure === null ? 'No limit' : `${formatTaka(figure)} Taka`);
const movements = (figure: number | null) => (figure === null ? 'No limit' : figure.toLocaleString('en-US'));

function fromTo(figure: Figure, from: number | null, to: number | null) {
  if (COUNTS.includes(figure)) return `${movements(from)} → ${movements(to)}`;
  // One unit for two amounts: "25,000.00 → 20,000.00 Taka".
  if (from !== null && to !== null) return `${formatTaka(from)} → ${formatTaka(to)} Taka`;
  return `${taka(from)} → ${taka(to)}`;
}

/** The figures that changed, one line each: "Daily: 25,000.00 → 20,000.00 Taka". */
export function limitChangeLines({ before, after }: LimitChange) {
  return FIGURES.flatMap(([figure, label]) => {
    const [from, to] = [before[figure] ?? null, after[figure] ?? null];
    return from === to ? [] : [`${label}: ${fromTo(figure, from, to)}`];
  });
}
