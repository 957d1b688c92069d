import { z } from 'zod';
import { errorBodySchema, offeredPinSchema } from '@wallet/shared/contracts';
import { hasAtMostTwoDecimals } from '@wallet/shared/money';

const error = errorBodySchema;

/** The error replies a route can give, for the API docs; the error handler shapes them. */
export const errors = {
  public: { 400: error, 429: error },
  signedIn: { 400: error, 401: error, 403: error, 404: error },
  money: {
    400: error,
    401: error,
    403: error,
    404: error,
    409: error,
    413: error,
    415: error,
    422: error,
    423: error,
    428: error,
  },
  admin: { 400: error, 401: error, 403: error, 404: error, 409: error },
};

/** The fee the person confirmed in the review (Taka, as the quote gave it), for a movement that may cost one. */
export const expectedFeeHeaders = z.object({
  'x-expected-fee': z.coerce
    .number({ error: 'must be a number of Taka' })
    .min(0, { error: 'must be at least 0' })
    .max(1e12, { error: 'is too large' })
    .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimal places' })
    .optional(),
});

/** The wallet PIN of a movement that takes money out of a wallet: a wrong shape is a 400, not a wrong PIN. */
export const pinHeaders = z.object({ 'x-wallet-pin': offeredPinSchema.optional() });

export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: 'must be 1 to 255 visible ASCII characters' })
    .optional(),
});
