import type { LimitChange } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import { formatCount } from '../../format';
import type { AdminMessage, AdminT } from '../../i18n';
import { HOLDER_LABELS, limitRowLabel } from '../../labels/limits';

type Figure = keyof LimitChange['after'];

const FIGURES: [Figure, AdminMessage][] = [
  ['minAmount', 'admin.audit.limit.minAmount'],
  ['maxAmount', 'admin.audit.limit.maxAmount'],
  ['dailyAmount', 'admin.audit.limit.dailyAmount'],
  ['dailyCount', 'admin.audit.limit.dailyCount'],
  ['monthlyAmount', 'admin.audit.limit.monthlyAmount'],
  ['monthlyCount', 'admin.audit.limit.monthlyCount'],
  ['maxBalance', 'admin.limitRow.maxBalance'],
];
const COUNTS: readonly Figure[] = ['dailyCount', 'monthlyCount'];

/** Which row of limits changed: "Email verified · Send money". */
export const limitChangeTarget = (t: AdminT, { holder, scope }: LimitChange) =>
  t('admin.audit.limitTarget', { holder: t(HOLDER_LABELS[holder]), row: t(limitRowLabel(holder, scope)) });

const taka = (t: AdminT, figure: number | null) =>
  figure === null ? t('admin.noLimit') : t('admin.amount.taka', { amount: formatTaka(figure) });
const movements = (t: AdminT, figure: number | null) => (figure === null ? t('admin.noLimit') : formatCount(figure));

function fromTo(t: AdminT, label: string, figure: Figure, from: number | null, to: number | null) {
  if (COUNTS.includes(figure))
    return t('admin.change.fromTo', { label, from: movements(t, from), to: movements(t, to) });
  // One unit for two amounts: "25,000.00 → 20,000.00 Taka".
  if (from !== null && to !== null)
    return t('admin.change.fromToTaka', { label, from: formatTaka(from), to: formatTaka(to) });
  return t('admin.change.fromTo', { label, from: taka(t, from), to: taka(t, to) });
}

/** The figures that changed, one line each: "Daily: 25,000.00 → 20,000.00 Taka". */
export function limitChangeLines(t: AdminT, { before, after }: LimitChange) {
  return FIGURES.flatMap(([figure, label]) => {
    const [from, to] = [before[figure] ?? null, after[figure] ?? null];
    return from === to ? [] : [fromTo(t, t(label), figure, from, to)];
  });
}
