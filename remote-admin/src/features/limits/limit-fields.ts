import { z } from 'zod';
import { ApiError } from '@wallet/shared/api';
import { asciiDigits } from '@wallet/shared/money';
import { limitsUpdateInputSchema, VALIDATION_FAILED, type LimitScope } from '@wallet/shared/contracts';
import type { AdminMessage, AdminT } from '../../i18n';

const MOVEMENT_FIELDS = [
  'minAmount',
  'maxAmount',
  'dailyAmount',
  'dailyCount',
  'monthlyAmount',
  'monthlyCount',
] as const;
export type LimitField = (typeof MOVEMENT_FIELDS)[number] | 'maxBalance';
/** A row's figures as the table gives them: Taka or a number of movements, null for no limit. */
export type LimitFigures = Partial<Record<LimitField, number | null>>;
/** What the form holds: the figures as typed, empty for no limit. */
export type LimitsFormValues = Partial<Record<LimitField, string>>;

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

export const isCountField = (field: LimitField) => field === 'dailyCount' || field === 'monthlyCount';

/** The fields of a row: a movement's six figures, or the balance's maximum alone (as the PUT takes them). */
export const fieldsOf = (scope: LimitScope): readonly LimitField[] =>
  scope === 'balance' ? ['maxBalance'] : MOVEMENT_FIELDS;

export const formValuesOf = (fields: readonly LimitField[], figures: LimitFigures): LimitsFormValues =>
  Object.fromEntries(fields.map((field) => [field, figures[field] == null ? '' : String(figures[field])]));

/** A figure as typed ("25,000", in Bangla digits too): empty is null, no limit; the contract's schema then judges the number. */
const typedFigure = (t: AdminT) =>
  z
    .string()
    .trim()
    .transform((text) => asciiDigits(text).replaceAll(',', ''))
    .refine((text) => text === '' || Number.isFinite(Number(text)), {
      error: t('admin.limit.notNumber'),
      abort: true,
    })
    .transform((text) => (text === '' ? null : Number(text)));

/** The form's schema: what was typed, turned into the PUT's body and checked by the contract's own schema. */
export const limitsFormSchema = (t: AdminT, fields: readonly LimitField[]) =>
  z.object(Object.fromEntries(fields.map((field) => [field, typedFigure(t)]))).pipe(limitsUpdateInputSchema);

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

/**
 * The fields a refused PUT names, each with what is wrong with it (worded to follow its label).
 * A failed schema check lists them in `errors`; the API's own checks (an amount above the largest
 * movement) send a message alone, which starts with the field's name.
 */
export function refusedFields(t: AdminT, error: unknown, fields: readonly LimitField[]) {
  if (!(error instanceof ApiError) || error.status !== 400 || typeof error.body !== 'object') return [];
  const { errors, code } = error.body;
  const named =
    errors ?? (code === VALIDATION_FAILED ? [{ path: error.message.split(' ')[0]!, message: error.message }] : []);
  return named
    .filter(({ path }) => (fields as readonly string[]).includes(path))
    .map(({ path, message }) => ({
      field: path as LimitField,
      message: limitMessage(t, message.startsWith(`${path} `) ? message.slice(path.length + 1) : message),
    }));
}
