import { z } from 'zod';
import { feeUpdateInputSchema, type FeeType, type FeeUpdateInput } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';

export type FeeField = keyof FeeUpdateInput;

/** Each movement in the schedule, in words: the Fees screen's rows and the audit log's targets. */
export const FEE_TYPE_LABELS: Record<FeeType, string> = {
  transfer: 'Send money',
  'cash-out': 'Cash out',
  'cash-in': 'Cash in',
};

export const FEE_FIELD_LABELS: Record<FeeField, string> = {
  percent: 'Percentage',
  fixed: 'Fixed part',
  minimum: 'Minimum fee',
  maximum: 'Maximum fee',
  freeMonthly: 'Free each month',
  agentShare: 'Agent’s share of the fee',
  agentCommission: 'Agent’s commission',
};

/** What a row takes, as the API (and the database) take it: a cash-in is free to the person. */
export const FEE_FIELDS: Record<FeeType, readonly FeeField[]> = {
  transfer: ['percent', 'fixed', 'minimum', 'maximum', 'freeMonthly'],
  'cash-out': ['percent', 'fixed', 'minimum', 'maximum', 'freeMonthly', 'agentShare'],
  'cash-in': ['agentCommission'],
};

export const isPercentField = (field: FeeField) =>
  field === 'percent' || field === 'agentShare' || field === 'agentCommission';
/** Fields that may be empty: no minimum, no maximum, no allowance. */
const OPTIONAL: readonly FeeField[] = ['minimum', 'maximum', 'freeMonthly'];

/** What the form holds: the figures as typed. */
export type FeeFormValues = Partial<Record<FeeField, string>>;

export const feeFormValues = (type: FeeType, row: FeeUpdateInput): FeeFormValues =>
  Object.fromEntries(FEE_FIELDS[type].map((field) => [field, row[field] === null ? '' : String(row[field])]));

const typed = (optional: boolean) =>
  z
    .string()
    .trim()
    .transform((text) => text.replaceAll(',', ''))
    .refine((text) => (text === '' ? optional : Number.isFinite(Number(text))), {
      error: optional ? 'must be a number, or empty for none' : 'must be a number',
      abort: true,
    })
    .transform((text) => (text === '' ? null : Number(text)));

/**
 * The form's schema: the typed figures of the row's fields, the others as the API takes them for
 * this type (zero or none), checked by the contract's own schema.
 */
export function feeFormSchema(type: FeeType) {
  const shown = FEE_FIELDS[type];
  return z
    .object(Object.fromEntries(shown.map((field) => [field, typed(OPTIONAL.includes(field))])))
    .transform((values): Record<FeeField, number | null> => ({
      percent: 0,
      fixed: 0,
      minimum: null,
      maximum: null,
      freeMonthly: null,
      agentShare: 0,
      agentCommission: 0,
      ...(values as Partial<Record<FeeField, number | null>>),
    }))
    .pipe(feeUpdateInputSchema);
}

const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
const taka = (value: number) => `${formatTaka(value)} Taka`;

/** A row's fee in words: "1.85%", "0.5% + 5.00 Taka, at most 25.00 Taka", "Free". */
export function feeText(row: FeeUpdateInput) {
  const parts = [row.percent > 0 ? percent(row.percent) : null, row.fixed > 0 ? taka(row.fixed) : null].filter(Boolean);
  if (parts.length === 0 && !row.minimum) return 'Free';
  const bounds = [
    row.minimum ? `at least ${taka(row.minimum)}` : null,
    row.maximum !== null ? `at most ${taka(row.maximum)}` : null,
  ].filter(Boolean);
  return [parts.join(' + ') || null, ...bounds].filter(Boolean).join(', ');
}

/** What the agent earns on a row: "22% of the fee", "0.4% of the amount (4.00 Taka per 1,000)". */
export function agentText(type: FeeType, row: FeeUpdateInput) {
  if (type === 'cash-out') return row.agentShare > 0 ? `${percent(row.agentShare)} of the fee` : 'Nothing';
  if (type === 'cash-in')
    return row.agentCommission > 0
      ? `${percent(row.agentCommission)} of the amount (${taka(row.agentCommission * 10)} per 1,000)`
      : 'Nothing';
  return '—';
}

/** A figure of a row in words, as the audit log says what changed: "1.85%", "No minimum", "5.00 Taka". */
export function figureText(field: FeeField, value: number | null) {
  if (value === null) return field === 'freeMonthly' ? 'No allowance' : `No ${FEE_FIELD_LABELS[field].toLowerCase()}`;
  return isPercentField(field) ? percent(value) : taka(value);
}
