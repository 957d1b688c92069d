import type { MovementType } from './movements';

/**
 * Every refusal the ledger gives a money movement, named once: its code (what the SQL returns
 * and the error reply carries as `code`), its HTTP status and the message people read.
 */
export const REFUSALS = {
  NOT_SIGNED_IN: { status: 401, message: 'Please log in' },
  ROLE_NOT_ALLOWED: { status: 403, message: 'You are not allowed to do this' },
  KEY_IN_PROGRESS: { status: 409, message: 'A request with this Idempotency-Key is still being processed' },
  KEY_REUSED: { status: 422, message: 'This Idempotency-Key was already used for a different request' },
  SENDER_UNVERIFIED: { status: 403, message: 'Verify your email before you send money or cash out' },
  SELF_TRANSFER: { status: 400, message: 'You cannot transfer money to yourself' },
  RECEIVER_NOT_FOUND: { status: 404, message: 'Receiver not found' },
  RECEIVER_NOT_USER: { status: 400, message: 'Money can only be transferred to a user' },
  RECEIVER_UNVERIFIED: { status: 403, message: 'The receiver has not verified their email yet' },
  AGENT_NOT_FOUND: { status: 404, message: 'Agent not found' },
  RECEIVER_NOT_AGENT: { status: 400, message: 'Cash-out is only possible through an agent' },
  AGENT_SUSPENDED: { status: 403, message: 'Agent is suspended' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  CASH_IN_NOT_USER: { status: 400, message: 'Cash-in is only possible to a user' },
  WALLET_NOT_FOUND: { status: 404, message: 'Wallet not found' },
  SAME_ACCOUNT: { status: 400, message: 'Sender and receiver must differ' },
  WALLET_BLOCKED: { status: 403, message: 'Wallet is blocked' },
  INSUFFICIENT_BALANCE: { status: 400, message: 'Insufficient balance' },
} as const satisfies Record<string, { status: number; message: string }>;

export type RefusalCode = keyof typeof REFUSALS;

const CALLER = ['NOT_SIGNED_IN', 'ROLE_NOT_ALLOWED', 'KEY_IN_PROGRESS', 'KEY_REUSED'] as const;
const POSTING = ['WALLET_NOT_FOUND', 'WALLET_BLOCKED', 'INSUFFICIENT_BALANCE'] as const;

/**
 * Which refusal a movement gets when several apply: the first in its list. A request whose body
 * or headers are malformed is refused before all of these (400, VALIDATION_FAILED); a replay of a
 * key stored within retention is answered after KEY_REUSED, before the parties are looked at.
 * SAME_ACCOUNT guards the posting itself and no movement reaches it (each refuses its own party
 * first), so it is in no list.
 */
export const REFUSAL_PRECEDENCE: { [T in MovementType]: readonly RefusalCode[] } = {
  deposit: [...CALLER, 'WALLET_NOT_FOUND', 'WALLET_BLOCKED'],
  transfer: [
    ...CALLER,
    'SENDER_UNVERIFIED',
    'SELF_TRANSFER',
    'RECEIVER_NOT_FOUND',
    'RECEIVER_NOT_USER',
    'RECEIVER_UNVERIFIED',
    ...POSTING,
  ],
  'cash-out': [...CALLER, 'SENDER_UNVERIFIED', 'AGENT_NOT_FOUND', 'RECEIVER_NOT_AGENT', 'AGENT_SUSPENDED', ...POSTING],
  'cash-in': [...CALLER, 'AGENT_SUSPENDED', 'USER_NOT_FOUND', 'CASH_IN_NOT_USER', 'RECEIVER_UNVERIFIED', ...POSTING],
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

export function isRefusalCode(code: unknown): code is RefusalCode {
  return typeof code === 'string' && Object.hasOwn(REFUSALS, code);
}
