import { z } from 'zod';
import {
  FEE_FIELDS,
  FREE_FEE_ROW,
  feeUpdateInputSchema,
  type FeeField,
  type FeeType,
  type FeeUpdateInput,
} from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import { typedFigure, type FigureUnit } from '../../components/figures/figure-fields';
import { formatPercent } from '../../format';
import type { AdminMessage, AdminT } from '../../i18n';

export { FEE_FIELDS, type FeeField };

/** Each movement in the schedule, in words (message ids): the Fees screen's rows and the audit log's targets. */
export const FEE_TYPE_LABELS: Record<FeeType, AdminMessage> = {
  transfer: 'admin.fee.type.transfer',
  'cash-out': 'admin.fee.type.cash-out',
  'cash-in': 'admin.fee.type.cash-in',
  payment: 'admin.fee.type.payment',
};

export const FEE_FIELD_LABELS: Record<FeeField, AdminMessage> = {
  percent: 'admin.fee.field.percent',
  fixed: 'admin.fee.field.fixed',
  minimum: 'admin.fee.field.minimum',
  maximum: 'admin.fee.field.maximum',
  freeMonthly: 'admin.fee.field.freeMonthly',
  agentShare: 'admin.fee.field.agentShare',
  agentCommission: 'admin.fee.field.agentCommission',
};

const isPercentField = (field: FeeField) =>
  field === 'percent' || field === 'agentShare' || field === 'agentCommission';
export const feeUnit = (field: FeeField): FigureUnit => (isPercentField(field) ? 'percent' : 'taka');
/** Fields that may be empty: no minimum, no maximum, no allowance. */
const OPTIONAL: readonly FeeField[] = ['minimum', 'maximum', 'freeMonthly'];

const typed = (t: AdminT, optional: boolean) =>
  typedFigure({ optional, error: optional ? t('admin.fee.notNumberOrEmpty') : t('admin.fee.notNumber') });

/**
 * The form's schema: the typed figures of the row's fields, the others as the API takes them for
 * this type (zero or none), checked by the contract's own schema.
 */
export function feeFormSchema(t: AdminT, type: FeeType) {
  const shown = FEE_FIELDS[type];
  return z
    .object(Object.fromEntries(shown.map((field) => [field, typed(t, OPTIONAL.includes(field))])))
    .transform((values): Record<FeeField, number | null> => ({
      ...FREE_FEE_ROW,
      ...(values as Partial<Record<FeeField, number | null>>),
    }))
    .pipe(feeUpdateInputSchema);
}

const taka = (t: AdminT, value: number) => t('admin.amount.taka', { amount: formatTaka(value) });

/** A row's fee in words: "1.85%", "0.5% + 5.00 Taka, at most 25.00 Taka", "Free". */
export function feeText(t: AdminT, row: FeeUpdateInput) {
  const parts = [row.percent > 0 ? formatPercent(row.percent) : null, row.fixed > 0 ? taka(t, row.fixed) : null].filter(
    Boolean,
  );
  if (parts.length === 0 && !row.minimum) return t('admin.fee.free');
  const bounds = [
    row.minimum ? t('admin.fee.atLeast', { amount: taka(t, row.minimum) }) : null,
    row.maximum !== null ? t('admin.fee.atMost', { amount: taka(t, row.maximum) }) : null,
  ].filter(Boolean);
  return [parts.join(' + ') || null, ...bounds].filter(Boolean).join(', ');
}

/** What the agent earns on a row: "22% of the fee", "0.4% of the amount (4.00 Taka per 1,000)". */
export function agentText(t: AdminT, type: FeeType, row: FeeUpdateInput) {
  if (type === 'cash-out')
    return row.agentShare > 0
      ? t('admin.fee.agentShare', { percent: formatPercent(row.agentShare) })
      : t('admin.fee.nothing');
  if (type === 'cash-in')
    return row.agentCommission > 0
      ? t('admin.fee.agentCommission', {
          percent: formatPercent(row.agentCommission),
          amount: taka(t, row.agentCommission * 10),
        })
      : t('admin.fee.nothing');
  return '—';
}

/** A figure of a row in words, as the audit log says what changed: "1.85%", "No minimum", "5.00 Taka". */
export function figureText(t: AdminT, field: FeeField, value: number | null) {
  if (value === null)
    return field === 'freeMonthly'
      ? t('admin.fee.noAllowance')
      : t('admin.fee.noFigure', { label: t(FEE_FIELD_LABELS[field]).toLowerCase() });
  return isPercentField(field) ? formatPercent(value) : taka(t, value);
}
