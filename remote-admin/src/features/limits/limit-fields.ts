import { z } from 'zod';
import { ApiError } from '@wallet/shared/api';
import { limitsUpdateInputSchema, VALIDATION_FAILED, type LimitScope } from '@wallet/shared/contracts';

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

export const LIMIT_FIELD_LABELS: Record<LimitField, string> = {
  minAmount: 'Minimum per transaction',
  maxAmount: 'Maximum per transaction',
  dailyAmount: 'Daily amount',
  dailyCount: 'Daily count',
  monthlyAmount: 'Monthly amount',
  monthlyCount: 'Monthly count',
  maxBalance: 'Maximum balance',
};

export const isCountField = (field: LimitField) => field === 'dailyCount' || field === 'monthlyCount';

/** The fields of a row: a movement's six figures, or the balance's maximum alone (as the PUT takes them). */
export const fieldsOf = (scope: LimitScope): readonly LimitField[] =>
  scope === 'balance' ? ['maxBalance'] : MOVEMENT_FIELDS;

export const formValuesOf = (fields: readonly LimitField[], figures: LimitFigures): LimitsFormValues =>
  Object.fromEntries(fields.map((field) => [field, figures[field] == null ? '' : String(figures[field])]));

/** A figure as typed ("25,000" too): empty is null, no limit; the contract's schema then judges the number. */
const typedFigure = z
  .string()
  .trim()
  .transform((text) => text.replaceAll(',', ''))
  .refine((text) => text === '' || Number.isFinite(Number(text)), {
    error: 'must be a number, or empty for no limit',
    abort: true,
  })
  .transform((text) => (text === '' ? null : Number(text)));

/** The form's schema: what was typed, turned into the PUT's body and checked by the contract's own schema. */
export const limitsFormSchema = (fields: readonly LimitField[]) =>
  z.object(Object.fromEntries(fields.map((field) => [field, typedFigure]))).pipe(limitsUpdateInputSchema);

const FIELD_NAMES = new RegExp(`\\b(?:${Object.keys(LIMIT_FIELD_LABELS).join('|')})\\b`, 'g');

/**
 * The contract's and the API's messages name fields as the JSON does ("minAmount must be at most
 * maxAmount") and say "null" for no limit: here they read as the form's labels do.
 */
export function limitMessage(message: string) {
  return message
    .replace(FIELD_NAMES, (name: string, offset: number) => {
      const label = LIMIT_FIELD_LABELS[name as LimitField];
      return offset === 0 ? label : `the ${label.toLowerCase()}`;
    })
    .replace(/ or null$/, ', or empty for no limit');
}

/**
 * The fields a refused PUT names, each with what is wrong with it (worded to follow its label).
 * A failed schema check lists them in `errors`; the API's own checks (an amount above the largest
 * movement) send a message alone, which starts with the field's name.
 */
export function refusedFields(error: unknown, fields: readonly LimitField[]) {
  if (!(error instanceof ApiError) || error.status !== 400 || typeof error.body !== 'object') return [];
  const { errors, code } = error.body;
  const named =
    errors ?? (code === VALIDATION_FAILED ? [{ path: error.message.split(' ')[0]!, message: error.message }] : []);
  return named
    .filter(({ path }) => (fields as readonly string[]).includes(path))
    .map(({ path, message }) => ({
      field: path as LimitField,
      message: limitMessage(message.startsWith(`${path} `) ? message.slice(path.length + 1) : message),
    }));
}
