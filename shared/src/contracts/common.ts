import { z } from 'zod';
import { hasAtMostTwoDecimals } from '@wallet/shared/money';
import { says, validationText, type ValidationText } from './validation';

export const DEFAULT_MAX_TRANSACTION_TAKA = 1_000_000;
export const MAX_PAGE_LIMIT = 100;

export const idSchema = z.uuid({ error: says('invalidId') });

/** A calendar day, `YYYY-MM-DD`. */
export const daySchema = z.iso.date({ error: says('day') });

/** C0 and C1 control characters and DEL: never part of a name, an email, a password or a search. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Unicode's format characters (Cf: bidi overrides and isolates U+202A–202E and U+2066–2069,
 * zero-width U+200B–200F…) and line and paragraph separators (Zl, Zp): invisible, yet they can
 * render a name reversed or padded to pass for someone trusted. Never part of a new name.
 */
export const FORMAT_CHARACTERS = /[\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A stored name as screens show it: any format character made visible as ⟨U+202E⟩, so no name can pose as another. */
export function visibleName(name: string) {
  return name.replace(
    FORMAT_CHARACTERS,
    (character) => `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );
}

/** A string from a person: refused with a 400 when it holds control characters (a NUL byte, a tab...). */
export function textSchema(required: ValidationText = 'required') {
  return z
    .string({ error: (issue) => validationText(issue.input === undefined ? required : 'notString') })
    .refine((text) => text.search(CONTROL_CHARACTERS) < 0, {
      error: says('noControlCharacters'),
      abort: true,
    });
}

/**
 * Why something was done or asked (an admin's decision, a person's report): required, at most 500
 * characters, trimmed. Typed in a box of several lines, so line breaks are kept (as \n); every
 * other control character is refused, as in any other text.
 */
export const REASON_MAX = 500;
export const reasonSchema = z
  .string({ error: (issue) => validationText(issue.input === undefined ? 'required' : 'notString') })
  .transform((text) => text.replace(/\r\n?/g, '\n'))
  .refine((text) => text.replace(/\n/g, '').search(CONTROL_CHARACTERS) < 0, {
    error: says('noControlCharacters'),
    abort: true,
  })
  .pipe(
    z
      .string()
      .trim()
      .min(1, { error: says('required') })
      .max(REASON_MAX, { error: says('atMostCharacters', { max: REASON_MAX }) }),
  );
/** A body of a reason alone (a reversal, a report of a transfer). */
export const reasonInputSchema = z.object({ reason: reasonSchema });
export type ReasonInput = z.infer<typeof reasonInputSchema>;

/** An email as the API stores and compares it: trimmed and lower-cased, once, here. */
export function normalizedEmail(required: ValidationText = 'required') {
  return textSchema(required)
    .transform((text) => text.trim().toLowerCase())
    .pipe(z.string().max(254, { error: says('tooLong') }));
}

export const idParamsSchema = z.object({ id: idSchema });

/**
 * An amount of Taka: a JSON number (never a string), above 0, whole poisha, at most `max`.
 * The API passes its configured limit; a form may pass its own wording (validation texts).
 */
export function amountSchema({
  max = DEFAULT_MAX_TRANSACTION_TAKA,
  invalid = 'notNumber',
  required = 'required',
}: { max?: number; invalid?: ValidationText; required?: ValidationText } = {}) {
  return z
    .number({ error: (issue) => validationText(issue.input === undefined ? required : invalid) })
    .positive({ error: says('greaterThanZero') })
    .refine(hasAtMostTwoDecimals, { error: says('twoDecimals') })
    .refine((taka) => taka <= max, { error: says('atMostTaka', { max }) });
}

export const paginationQuerySchema = z.object({
  page: z.coerce
    .number({ error: says('wholeNumberFromOne') })
    .int({ error: says('wholeNumberFromOne') })
    .min(1, { error: says('wholeNumberFromOne') })
    .max(1_000_000, { error: says('tooLarge') })
    .default(1),
  limit: z.coerce
    .number({ error: says('wholeNumberUpTo', { max: MAX_PAGE_LIMIT }) })
    .int({ error: says('wholeNumberUpTo', { max: MAX_PAGE_LIMIT }) })
    .min(1, { error: says('wholeNumberUpTo', { max: MAX_PAGE_LIMIT }) })
    .max(MAX_PAGE_LIMIT, { error: says('wholeNumberUpTo', { max: MAX_PAGE_LIMIT }) })
    .default(10),
  /**
   * Keyset paging: the id of the last row of the previous page; this page starts after it in the
   * list's order. Without it, `page` is read by position (only for the first pages: see MAX_OFFSET).
   */
  after: idSchema.optional(),
});
/** How many rows a list may skip by position; deeper pages are reached with `after`. */
export const MAX_OFFSET = 10_000;
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/**
 * A list's search text, when given: at least 3 characters (fewer match most of a list, which is a
 * scan of it, not a search), at most 100. Empty is no search, and the list answers as without one.
 */
export const SEARCH_MIN_CHARACTERS = 3;
export const listSearchSchema = textSchema()
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .max(100, { error: says('atMostCharacters', { max: 100 }) })
      .refine((text) => text === '' || [...text].length >= SEARCH_MIN_CHARACTERS, {
        error: says('atLeastCharacters', { min: SEARCH_MIN_CHARACTERS }),
      }),
  );

/** What a list asks for as its search: the text trimmed, or nothing while it is too short. */
export function listSearchText(typed: string) {
  const trimmed = typed.trim();
  return [...trimmed].length >= SEARCH_MIN_CHARACTERS ? trimmed : '';
}

/** Whether typed text is a start of a search that is still too short to send. */
export const searchTooShort = (typed: string) => typed.trim() !== '' && listSearchText(typed) === '';

export const searchQuerySchema = paginationQuerySchema.extend({
  search: listSearchSchema.optional(),
});

export const metaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  /** Exact for short lists; past a cap, the database's estimate (then `estimated` is true). */
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Whether rows follow this page: Next stays right even when the total is an estimate. */
  hasNext: z.boolean().optional(),
  estimated: z.boolean().optional(),
});
export type Meta = z.infer<typeof metaSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    statusCode: z.number().int(),
    message: z.string(),
    data,
  });
}

export function pagedEnvelopeSchema<T extends z.ZodType>(item: T) {
  return envelopeSchema(z.array(item)).extend({ meta: metaSchema });
}

export const errorBodySchema = z.object({
  success: z.literal(false),
  statusCode: z.number().int(),
  message: z.string(),
  /** What went wrong, for machines: a refusal's code (REFUSALS) or the status's (ERROR_CODES). */
  code: z.string(),
  /** The figures the message carries, by name, for a reply that words them itself. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export type Envelope<T> = { success: true; statusCode: number; message: string; data: T; meta?: Meta };
