import { formatTaka } from '@wallet/shared/money';
import type { MovementType } from './movements';

/**
 * Every refusal the ledger gives a money movement, named once: its code (what the SQL returns
 * and the error reply carries as `code`), its HTTP status and the message people read.
 */
export const REFUSALS = {
  NOT_SIGNED_IN: { status: 401, message: 'Please log in' },
  ROLE_NOT_ALLOWED: { status: 403, message: 'You are not allowed to do this' },
  // The wallet PIN (X-Wallet-Pin) of a movement that takes money out of a wallet.
  PIN_NOT_SET: { status: 428, message: 'Set a wallet PIN on the Security page before you send money' },
  PIN_LOCKED: {
    status: 423,
    message: 'Your PIN is locked after 3 wrong tries. Try again in {minutes} minutes, or ask us to unlock it',
    figures: 'count',
  },
  PIN_REQUIRED: { status: 428, message: 'Enter your PIN to confirm' },
  // After a forgotten PIN is reset with a mailed code, money cannot leave the wallet for a day.
  PIN_RESET_HOLD: {
    status: 423,
    message: 'Your PIN was reset: money can leave your wallet again in {hours} hours',
    figures: 'count',
  },
  PIN_WRONG: {
    status: 403,
    message: 'Wrong PIN: {triesLeft} more tries before it locks for an hour',
    figures: 'count',
  },
  KEY_IN_PROGRESS: { status: 409, message: 'A request with this Idempotency-Key is still being processed' },
  KEY_REUSED: { status: 422, message: 'This Idempotency-Key was already used for a different request' },
  SENDER_UNVERIFIED: { status: 403, message: 'Verify your email before you send money or cash out' },
  SELF_TRANSFER: { status: 400, message: 'You cannot transfer money to yourself' },
  RECEIVER_NOT_FOUND: { status: 404, message: 'Receiver not found' },
  RECEIVER_NOT_USER: { status: 400, message: 'Money can only be transferred to a user' },
  RECEIVER_UNVERIFIED: { status: 403, message: 'The receiver has not verified their email yet' },
  // A transfer that pays a request (requestId): the request is the caller's to pay, open, and paid
  // as asked (its requester, its amount).
  REQUEST_NOT_FOUND: { status: 404, message: 'Request not found' },
  REQUEST_NOT_OPEN: { status: 409, message: 'This request is no longer open' },
  REQUEST_MISMATCH: {
    status: 409,
    message: 'This transfer does not match the request: pay the requester the amount they asked for',
  },
  AGENT_NOT_FOUND: { status: 404, message: 'Agent not found' },
  RECEIVER_NOT_AGENT: { status: 400, message: 'Cash-out is only possible through an agent' },
  AGENT_SUSPENDED: { status: 403, message: 'Agent is suspended' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  CASH_IN_NOT_USER: { status: 400, message: 'Cash-in is only possible to a user' },
  WALLET_NOT_FOUND: { status: 404, message: 'Wallet not found' },
  // A payment's QR, read by the API before anything else (shared/src/bangla-qr): its payload is
  // not a QR, its CRC is wrong, another wallet's GUID, or a currency, country or kind we do not pay.
  QR_MALFORMED: { status: 400, message: 'This is not a payment QR code' },
  QR_BAD_CRC: { status: 400, message: 'This QR code is damaged: scan it again' },
  QR_OTHER_WALLET: {
    status: 422,
    message: "This QR code is another wallet's: only our own merchants' codes can be paid here",
  },
  QR_UNSUPPORTED: {
    status: 422,
    message: 'This QR code asks for a payment we cannot make (another currency or country)',
  },
  // A payment's merchant (sql/ledger_move.sql), and a dynamic QR it names (merchant_qr_codes).
  MERCHANT_NOT_FOUND: { status: 404, message: 'Merchant not found' },
  SELF_PAYMENT: { status: 400, message: 'You cannot pay your own shop' },
  MERCHANT_BLOCKED: { status: 403, message: 'This merchant cannot take payments now' },
  QR_NOT_FOUND: { status: 404, message: 'This QR code is not one the merchant made' },
  QR_EXPIRED: { status: 410, message: 'This QR code has expired: ask the merchant for a new one' },
  QR_ALREADY_PAID: { status: 409, message: 'This QR code has already been paid' },
  QR_AMOUNT_MISMATCH: {
    status: 422,
    message: 'The amount must be the {amount} Taka the QR code asks for',
    figures: 'taka',
  },
  // A payment link (payment_links), read under its row's lock.
  PAY_LINK_NOT_FOUND: { status: 404, message: 'This payment link does not exist' },
  PAY_LINK_INACTIVE: { status: 410, message: 'The merchant has turned this payment link off' },
  PAY_LINK_EXPIRED: { status: 410, message: 'This payment link has expired' },
  PAY_LINK_USED_UP: { status: 409, message: 'This payment link has been paid as many times as it allows' },
  PAY_LINK_AMOUNT_MISMATCH: {
    status: 422,
    message: 'The amount must be the {amount} Taka the link asks for',
    figures: 'taka',
  },
  // A merchant's refund of a payment it took (sql/ledger_move.sql), under the payment's row lock.
  PAYMENT_NOT_FOUND: { status: 404, message: 'Payment not found' },
  REFUND_WINDOW_CLOSED: {
    status: 409,
    message: 'A payment can be refunded within {days} days of it, and this one is older',
    figures: 'count',
  },
  ALREADY_REFUNDED: { status: 409, message: 'This payment has already been refunded in full' },
  REFUND_TOO_LARGE: {
    status: 422,
    message: 'Refunds cannot add up to more than was paid: {left} Taka of this payment is left to refund',
    figures: 'taka',
  },
  SAME_ACCOUNT: { status: 400, message: 'Sender and receiver must differ' },
  WALLET_BLOCKED: { status: 403, message: 'Wallet is blocked' },
  // The fee the person confirmed (X-Expected-Fee) is not the fee now: the schedule changed, or a
  // free allowance was used up meanwhile. params.fee: the fee now (Taka).
  FEE_CHANGED: {
    status: 409,
    message: 'The fee has changed since you reviewed this: it is now {fee} Taka. Please review it again',
    figures: 'taka',
  },
  INSUFFICIENT_BALANCE: { status: 400, message: 'Insufficient balance' },
  // The balance is enough, but part of it is held (the registration bonus, until identity is
  // approved and a day's bonus budget has room): params.held and params.available, Taka.
  BALANCE_HELD: {
    status: 403,
    message:
      '{held} Taka of your balance is held (your welcome bonus, until we have checked your identity): {available} Taka can leave your wallet now',
    figures: 'taka',
  },
  // A limit of the caller's own (api/src/ledger/sql/movement_limits.sql). Its params: movement (the
  // type), limit, used and left: Taka for amounts, movements for counts, in Asia/Dhaka's day or month.
  AMOUNT_BELOW_MINIMUM: { status: 422, message: 'The smallest {movement} is {limit} Taka', figures: 'taka' },
  AMOUNT_ABOVE_MAXIMUM: { status: 422, message: 'The largest {movement} at a time is {limit} Taka', figures: 'taka' },
  DAILY_LIMIT: { status: 422, message: 'Daily {movement} limit reached: {left} Taka left today', figures: 'taka' },
  MONTHLY_LIMIT: {
    status: 422,
    message: 'Monthly {movement} limit reached: {left} Taka left this month',
    figures: 'taka',
  },
  DAILY_COUNT_LIMIT: {
    status: 422,
    message: 'Daily {movement} limit reached: at most {limit} a day',
    figures: 'count',
  },
  MONTHLY_COUNT_LIMIT: {
    status: 422,
    message: 'Monthly {movement} limit reached: at most {limit} a month',
    figures: 'count',
  },
  BALANCE_LIMIT: {
    status: 422,
    message: 'Your wallet can hold at most {limit} Taka: {left} Taka more fits',
    figures: 'taka',
  },
  // The other party's limits: which one (params.scope) but never their figures.
  RECEIVER_LIMIT: { status: 422, message: 'The receiver cannot take this amount: it is over their limits' },
} as const satisfies Record<string, { status: number; message: string; figures?: 'taka' | 'count' }>;

export type RefusalCode = keyof typeof REFUSALS;

/**
 * A duplicate of a request still running is told so before anything waits for the running one
 * (it holds the person's row lock to its commit).
 */
const CALLER = ['NOT_SIGNED_IN', 'KEY_IN_PROGRESS', 'ROLE_NOT_ALLOWED', 'KEY_REUSED'] as const;
/** Before the stored key: a replay with a wrong PIN never gets the stored success. */
const PIN = ['PIN_NOT_SET', 'PIN_LOCKED', 'PIN_REQUIRED', 'PIN_WRONG', 'PIN_RESET_HOLD'] as const;
const [SIGNED_IN, IN_PROGRESS, ROLE, REUSED] = CALLER;
/**
 * A payment's QR, read by the API (api/src/ledger/payments.ts) before the database is asked,
 * as a malformed body is: these are never the ledger's.
 */
export const QR_READ_REFUSALS = ['QR_MALFORMED', 'QR_BAD_CRC', 'QR_OTHER_WALLET', 'QR_UNSUPPORTED'] as const;
const PIN_CALLER = [SIGNED_IN, IN_PROGRESS, ROLE, ...PIN, REUSED] as const;
const WALLETS = ['WALLET_NOT_FOUND', 'WALLET_BLOCKED'] as const;
const PER_TRANSACTION = ['AMOUNT_BELOW_MINIMUM', 'AMOUNT_ABOVE_MAXIMUM'] as const;
const PERIODS = ['DAILY_LIMIT', 'MONTHLY_LIMIT', 'DAILY_COUNT_LIMIT', 'MONTHLY_COUNT_LIMIT'] as const;
/**
 * A movement between two wallets, once both are locked: the sender's balance, the sender's limits,
 * then the receiver's (their figures are theirs: RECEIVER_LIMIT says which limit, not how much).
 */
const POSTING = [
  ...WALLETS,
  'FEE_CHANGED',
  'INSUFFICIENT_BALANCE',
  'BALANCE_HELD',
  ...PER_TRANSACTION,
  ...PERIODS,
  'RECEIVER_LIMIT',
] as const;

/**
 * Which refusal a movement gets when several apply: the first in its list. A request whose body
 * or headers are malformed is refused before all of these (400, VALIDATION_FAILED); a replay of a
 * key stored within retention is answered after KEY_REUSED, before the parties are looked at.
 * SAME_ACCOUNT guards the posting itself and no movement reaches it (each refuses its own party
 * first), so it is in no list.
 */
export const REFUSAL_PRECEDENCE: { [T in MovementType | 'refund']: readonly RefusalCode[] } = {
  // A deposit comes from the bank: the depositor's own limits, and their maximum balance.
  deposit: [...CALLER, ...WALLETS, ...PER_TRANSACTION, ...PERIODS, 'BALANCE_LIMIT'],
  transfer: [
    ...PIN_CALLER,
    'SENDER_UNVERIFIED',
    'SELF_TRANSFER',
    'RECEIVER_NOT_FOUND',
    'RECEIVER_NOT_USER',
    'RECEIVER_UNVERIFIED',
    'REQUEST_NOT_FOUND',
    'REQUEST_MISMATCH',
    'REQUEST_NOT_OPEN',
    ...POSTING,
  ],
  'cash-out': [
    ...PIN_CALLER,
    'SENDER_UNVERIFIED',
    'AGENT_NOT_FOUND',
    'RECEIVER_NOT_AGENT',
    'AGENT_SUSPENDED',
    ...POSTING,
  ],
  'cash-in': [
    ...PIN_CALLER,
    'AGENT_SUSPENDED',
    'USER_NOT_FOUND',
    'CASH_IN_NOT_USER',
    'RECEIVER_UNVERIFIED',
    ...POSTING,
  ],
  // A QR's payload is read before all of these, as a malformed body is; then the merchant, then
  // the dynamic QR under its row's lock (paid once, while it lasts, for its own amount).
  payment: [
    ...QR_READ_REFUSALS,
    ...PIN_CALLER,
    'SENDER_UNVERIFIED',
    'PAY_LINK_NOT_FOUND',
    'MERCHANT_NOT_FOUND',
    'SELF_PAYMENT',
    'MERCHANT_BLOCKED',
    'QR_NOT_FOUND',
    'QR_ALREADY_PAID',
    'QR_EXPIRED',
    'QR_AMOUNT_MISMATCH',
    'PAY_LINK_INACTIVE',
    'PAY_LINK_EXPIRED',
    'PAY_LINK_USED_UP',
    'PAY_LINK_AMOUNT_MISMATCH',
    ...POSTING,
  ],
  // A merchant gives back a payment it took (POST /merchant/payments/{id}/refund): money given
  // back is bound by no limit. A payment always came from a wallet, so its payer has one.
  refund: [
    ...PIN_CALLER,
    'SENDER_UNVERIFIED',
    'PAYMENT_NOT_FOUND',
    'REFUND_WINDOW_CLOSED',
    'ALREADY_REFUNDED',
    'REFUND_TOO_LARGE',
    'WALLET_BLOCKED',
    'FEE_CHANGED',
    'INSUFFICIENT_BALANCE',
    'BALANCE_HELD',
  ],
};

/**
 * The code of any other error reply, by its status: a person's input that failed validation, a
 * route or record not found, the database briefly unavailable...
 */
export const ERROR_CODES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'BODY_TOO_LARGE',
  414: 'PATH_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  503: 'UNAVAILABLE',
} as const;
export const VALIDATION_FAILED = 'VALIDATION_FAILED';

/** Words for the movement types in limit messages ("Daily send limit reached"). */
const MOVEMENT_WORDS: { [T in MovementType]: string } = {
  deposit: 'add money',
  transfer: 'send',
  'cash-out': 'cash-out',
  'cash-in': 'cash-in',
  payment: 'payment',
};

/**
 * A refusal's message with its figures: "Daily send limit reached: 1,200.00 Taka left today".
 * `params.movement` is a movement type; amounts are Taka.
 */
export function refusalMessage(code: RefusalCode, params?: Record<string, string | number>) {
  const entry: { message: string; figures?: 'taka' | 'count' } = REFUSALS[code];
  return entry.message.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params?.[name];
    if (value === undefined) return placeholder;
    if (name === 'movement') return MOVEMENT_WORDS[value as MovementType] ?? String(value);
    if (typeof value !== 'number') return value;
    return entry.figures === 'taka' ? formatTaka(value) : value.toLocaleString('en-US');
  });
}

export function isRefusalCode(code: unknown): code is RefusalCode {
  return typeof code === 'string' && Object.hasOwn(REFUSALS, code);
}
