import { z } from 'zod';
import { ApiError } from '@wallet/shared/api';
import { VALIDATION_FAILED } from '@wallet/shared/contracts';
import { asciiDigits } from '@wallet/shared/money';

/** How a figure is typed and shown: Taka, a percentage, or a number of movements. */
export type FigureUnit = 'taka' | 'percent' | 'count';

/** A row's figures as its table gives them: null for none (no limit, no minimum). */
export type Figures<F extends string> = Partial<Record<F, number | null>>;

/** What a row's form holds: its figures as typed, empty for none. */
export type FiguresFormValues = Record<string, string>;

export const formValuesOf = <F extends string>(fields: readonly F[], figures: Figures<F>): FiguresFormValues =>
  Object.fromEntries(fields.map((field) => [field, figures[field] == null ? '' : String(figures[field])]));

/**
 * A figure as typed ("25,000", in Bangla digits too): a number, or null when left empty and
 * `optional`. The contract's schema then judges the number.
 */
export const typedFigure = ({ optional, error }: { optional: boolean; error: string }) =>
  z
    .string()
    .trim()
    .transform((text) => asciiDigits(text).replaceAll(',', ''))
    .refine((text) => (text === '' ? optional : Number.isFinite(Number(text))), { error, abort: true })
    .transform((text) => (text === '' ? null : Number(text)));

/**
 * The fields a refused PUT names, each with what is wrong with it (worded to follow its label).
 * A failed schema check lists them in `errors`; the API's own checks (an amount above the largest
 * movement) send a message alone, which starts with the field's name.
 */
export function refusedFields<F extends string>(
  error: unknown,
  fields: readonly F[],
  word: (message: string) => string,
) {
  if (!(error instanceof ApiError) || error.status !== 400 || typeof error.body !== 'object') return [];
  const { errors, code } = error.body;
  const named =
    errors ?? (code === VALIDATION_FAILED ? [{ path: error.message.split(' ')[0]!, message: error.message }] : []);
  return named
    .filter(({ path }) => (fields as readonly string[]).includes(path))
    .map(({ path, message }) => ({
      field: path as F,
      message: word(message.startsWith(`${path} `) ? message.slice(path.length + 1) : message),
    }));
}
