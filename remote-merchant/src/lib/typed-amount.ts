import { z } from 'zod';
import { amountSchema, DEFAULT_MAX_TRANSACTION_TAKA } from '@wallet/shared/contracts';
import { says } from '@wallet/shared/contracts/validation';
import { asciiDigits } from '@wallet/shared/money';

/** Taka as typed in a form: Bangla digits read as digits, group commas dropped; text that is no number stays NaN for the contract to refuse. */
const takaOf = (typed: string) => Number(asciiDigits(typed.trim()).replace(/,/g, ''));

/** A required amount of Taka typed in a field, held to the contract's amount rules, at most `max`. */
export const typedTaka = (max = DEFAULT_MAX_TRANSACTION_TAKA) =>
  z
    .string()
    .refine((typed) => typed.trim() !== '', { error: says('required'), abort: true })
    .transform(takaOf)
    .pipe(amountSchema({ max }));

/** An amount that may be left empty (a link the payer types the amount of). */
export const optionalTypedTaka = (max = DEFAULT_MAX_TRANSACTION_TAKA) =>
  z
    .string()
    .transform((typed) => (typed.trim() === '' ? undefined : takaOf(typed)))
    .pipe(amountSchema({ max }).optional());
