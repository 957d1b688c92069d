import { z } from 'zod';
import { limitsUpdateInputSchema, type LimitScope } from '@wallet/shared/contracts';
import { typedFigure, type FigureUnit } from '../../components/figures/figure-fields';
import type { AdminMessage, AdminT } from '../../i18n';

const MOVEMENT_FIELDS = [
  'minAmount',
  'maxAmount',
  'dailyAmount',
  'dailyCount',
  'monthlyAmount',
  'monthlyCount',
] as const;
/** A figure of a row of limits: Taka or a number of movements, null for no limit. */
export type LimitField = (typeof MOVEMENT_FIELDS)[number] | 'maxBalance';

/** Each figure's label (message ids). */
export const LIMIT_FIELD_LABELS: Record<LimitField, AdminMessage> = {
  minAmount: 'admin.limit.field.minAmount',
  maxAmount: 'admin.limit.field.maxAmount',
  dailyAmount: 'admin.limit.field.dailyAmount',
  dailyCount: 'admin.audit.limit.dailyCount',
  monthlyAmount: 'admin.limit.field.monthlyAmount',
  monthlyCount: 'admin.audit.limit.monthlyCount',
  maxBalance: 'admin.limitRow.maxBalance',
};

export const limitUnit = (field: LimitField): FigureUnit =>
  field === 'dailyCount' || field === 'monthlyCount' ? 'count' : 'taka';

/** The fields of a row: a movement's six figures, or the balance's maximum alone (as the PUT takes them). */
export const fieldsOf = (scope: LimitScope): readonly LimitField[] =>
  scope === 'balance' ? ['maxBalance'] : MOVEMENT_FIELDS;

/** The form's schema: what was typed (empty is null, no limit), turned into the PUT's body and checked by the contract's own schema. */
export function limitsFormSchema(t: AdminT, fields: readonly LimitField[]) {
  const typed = typedFigure({ optional: true, error: t('admin.limit.notNumber') });
  return z.object(Object.fromEntries(fields.map((field) => [field, typed]))).pipe(limitsUpdateInputSchema);
}

const FIELD_NAMES = new RegExp(`\\b(?:${Object.keys(LIMIT_FIELD_LABELS).join('|')})\\b`, 'g');

/**
 * The contract's and the API's messages name fields as the JSON does ("minAmount must be at most
 * maxAmount") and say "null" for no limit: here they read as the form's labels do.
 */
export function limitMessage(t: AdminT, message: string) {
  return message
    .replace(FIELD_NAMES, (name: string, offset: number) => {
      const label = t(LIMIT_FIELD_LABELS[name as LimitField]);
      return offset === 0 ? label : t('admin.limit.fieldInSentence', { label: label.toLowerCase() });
    })
    .replace(/ or null$/, t('admin.limit.orEmpty'));
}
