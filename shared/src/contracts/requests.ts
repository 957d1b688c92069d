import { z } from 'zod';
import { amountSchema, idSchema, normalizedEmail, paginationQuerySchema } from './common';
import { plainTextSchema } from './user';
import { says } from './validation';

/**
 * Request money (issue 46): a user asks another for an amount, with a note. A request never pulls
 * money: the payer pays it from their own transfer screen, pre-filled, with the review and the PIN
 * as any transfer (the transfer names the request: `requestId`), or declines it, and may block the
 * requester from asking again. India banned person-to-person "collect" requests in 2025 for the
 * fraud they carried; ours only ever asks.
 *
 * The limits are data (the database's request_rules row): today 10 requests a day, of Tk 100 to
 * Tk 2,500 each (bKash's own), and a request still open after 7 days expires.
 */
export const REQUESTS_PATH = '/requests';
export const requestPath = (id: string, action: 'decline' | 'cancel') => `/requests/${id}/${action}`;
/** GET /requests/blocks: whom the caller blocked; DELETE /requests/blocks/{id}: unblock. */
export const REQUEST_BLOCKS_PATH = '/requests/blocks';

export const REQUEST_STATUSES = ['open', 'paid', 'declined', 'cancelled', 'expired'] as const;
export const requestStatusSchema = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

/** The longest note: a line, as a transfer's reference is elsewhere. */
export const REQUEST_NOTE_MAX = 100;

const requestBase = {
  amount: amountSchema(),
  /** What it is for, in a line; optional. */
  note: plainTextSchema(REQUEST_NOTE_MAX).optional(),
};

/**
 * POST /requests: of a person chosen in the picker (`payerId`), or of whoever has `payerEmail`.
 * By email it is answered 202 whether or not a verified user has that address (a request to
 * nobody simply expires), so the form tells no one who has an account.
 */
export const requestInputSchema = z.union([
  z.object({ payerId: idSchema, ...requestBase }).strict(),
  z.object({ payerEmail: normalizedEmail().pipe(z.email({ error: says('invalidEmail') })), ...requestBase }).strict(),
]);
export type RequestInput = z.infer<typeof requestInputSchema>;

export const REQUEST_DIRECTIONS = ['incoming', 'outgoing'] as const;
export const requestQuerySchema = paginationQuerySchema.extend({
  direction: z.enum(REQUEST_DIRECTIONS, { error: says('requestDirection') }),
});
export type RequestQuery = z.infer<typeof requestQuerySchema>;

export const requestPartySchema = z.object({ _id: idSchema, name: z.string() });

export const moneyRequestSchema = z.object({
  _id: idSchema,
  /** Who asks: always shown to both. */
  requester: requestPartySchema,
  /**
   * Who is asked, to the requester: the person, or what they typed (an email) while it is not
   * known to be anyone's; the payer sees themselves.
   */
  payer: z.object({ _id: idSchema.nullable(), name: z.string() }),
  amount: z.number(),
  note: z.string().nullable(),
  status: requestStatusSchema,
  createdAt: z.string(),
  /** When an open request expires. */
  expiresAt: z.string(),
  /** When it was paid, declined or cancelled. */
  closedAt: z.string().nullable(),
  /** The transfer that paid it. */
  transactionId: idSchema.nullable(),
});
export type MoneyRequest = z.infer<typeof moneyRequestSchema>;

/** POST /requests/{id}/decline: the payer declines; `block` also stops the requester asking again. */
export const declineInputSchema = z.object({ block: z.boolean({ error: says('trueOrFalse') }).optional() }).strict();
export type DeclineInput = z.infer<typeof declineInputSchema>;

/** GET /requests/blocks: a blocked requester. */
export const requestBlockSchema = z.object({ _id: idSchema, name: z.string(), blockedAt: z.string() });
export type RequestBlock = z.infer<typeof requestBlockSchema>;

/** The rules in force (GET /requests/rules): what the form checks before sending. */
export const requestRulesSchema = z.object({
  minAmount: z.number(),
  maxAmount: z.number(),
  perDay: z.number().int(),
  expiryDays: z.number().int(),
});
export type RequestRules = z.infer<typeof requestRulesSchema>;

export const REQUEST_TEXTS = {
  sent: 'Request sent',
  list: 'Requests retrieved',
  declined: 'Request declined',
  cancelled: 'Request cancelled',
  blocks: 'Blocked requesters retrieved',
  unblocked: 'Requester unblocked',
  rules: 'Request rules retrieved',
} as const;

/**
 * Why a request, or a step of one, is refused (nothing is written). A transfer that pays a request
 * is refused with REQUEST_NOT_FOUND, REQUEST_NOT_OPEN or REQUEST_MISMATCH (REFUSALS, the same words).
 */
export const MONEY_REQUEST_ERRORS = {
  REQUEST_NOT_FOUND: { status: 404, message: 'Request not found' },
  REQUEST_NOT_OPEN: { status: 409, message: 'This request is no longer open' },
  REQUEST_AMOUNT_OUT_OF_RANGE: {
    status: 400,
    message: 'A request can be for {min} to {max} Taka',
    figures: 'taka',
  },
  REQUEST_DAILY_LIMIT: {
    status: 429,
    message: 'You can send {perDay} requests a day: try again tomorrow',
    figures: 'count',
  },
  REQUEST_SELF: { status: 400, message: 'You cannot request money from yourself' },
  PAYER_NOT_FOUND: { status: 404, message: 'Person not found' },
  PAYER_UNVERIFIED: { status: 403, message: 'This person has not verified their email yet' },
  ROLE_NOT_ALLOWED: { status: 403, message: 'You are not allowed to do this' },
  REQUEST_PAYER_NOT_USER: { status: 400, message: 'Money can be requested from a user only' },
  REQUESTER_UNVERIFIED: { status: 403, message: 'Verify your email before you request money' },
  BLOCK_NOT_FOUND: { status: 404, message: 'This person is not blocked' },
} as const;
