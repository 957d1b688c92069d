import { z } from 'zod';
import { amountSchema, DEFAULT_MAX_TRANSACTION_TAKA, idSchema } from './common';
import { paymentLinkCodeSchema, paymentReferenceSchema, qrPayloadSchema } from './payments';

/** Who may start a movement. */
export type MovementRole = 'USER' | 'AGENT';

/** The money POSTs, by the name the ledger and the history use for them. */
export const MOVEMENT_TYPES = ['deposit', 'transfer', 'cash-out', 'cash-in', 'payment'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

function movementBodies(max: number) {
  const balance = amountSchema({ max });
  return {
    deposit: z.object({ balance }),
    // requestId: the request this transfer pays (issue 46), additive: a transfer without one is as before.
    transfer: z.object({ receiverId: idSchema, balance, requestId: idSchema.optional() }),
    'cash-out': z.object({ agentId: idSchema, balance }),
    'cash-in': z.object({ userId: idSchema, balance }),
    // New bodies name the amount `amount`, as the quote does (issue 45). A QR's payload names its
    // merchant (a dynamic one its reference, whose amount the server holds); else the merchant's id.
    payment: z.union([
      z.object({ payload: qrPayloadSchema, amount: balance }).strict(),
      z.object({ merchantId: idSchema, amount: balance, reference: paymentReferenceSchema.optional() }).strict(),
      z.object({ link: paymentLinkCodeSchema, amount: balance }).strict(),
    ]),
  };
}
type MovementBodies = ReturnType<typeof movementBodies>;

export interface Movement<T extends MovementType> {
  type: T;
  /** The POST under /api/v1, as the API routes it and the forms call it. */
  path: string;
  /** The only role the ledger lets start it. */
  role: MovementRole;
  /** The body, with the configured largest amount (the API passes its setting; forms the default). */
  body: (max?: number) => MovementBodies[T];
  /**
   * The other party's id in the body; a deposit's other party is the bank. A payment's is the
   * merchant's id (merchants.id, not the person's), or null when a QR's payload names it.
   */
  counterpart: (body: z.infer<MovementBodies[T]>) => string | null;
  /** Spec §8: the toast and the reply's message once the server accepted it. */
  success: string;
  /** Shown when a refusal carries no message of its own (an unreachable server, a proxy's page). */
  failure: string;
}

const body =
  <T extends MovementType>(type: T) =>
  (max = DEFAULT_MAX_TRANSACTION_TAKA) =>
    movementBodies(max)[type];

/**
 * Each money movement described once: the API's routes and OpenAPI document, and the forms that
 * call them, all read this.
 */
export const MOVEMENTS: { [T in MovementType]: Movement<T> } = {
  deposit: {
    type: 'deposit',
    path: '/wallet/deposit',
    role: 'USER',
    body: body('deposit'),
    counterpart: () => null,
    success: 'Deposit successful!',
    failure: 'Deposit failed. Please try again.',
  },
  transfer: {
    type: 'transfer',
    path: '/wallet/transfer',
    role: 'USER',
    body: body('transfer'),
    counterpart: (input) => input.receiverId,
    success: 'Transfer successful!',
    failure: 'Transfer failed. Please try again.',
  },
  'cash-out': {
    type: 'cash-out',
    path: '/agent/cash-out',
    role: 'USER',
    body: body('cash-out'),
    counterpart: (input) => input.agentId,
    success: 'Withdraw successful!',
    failure: 'Withdraw failed. Please try again.',
  },
  'cash-in': {
    type: 'cash-in',
    path: '/agent/cash-in',
    role: 'AGENT',
    body: body('cash-in'),
    counterpart: (input) => input.userId,
    success: 'CashIn successful!',
    failure: 'CashIn failed. Please try again.',
  },
  payment: {
    type: 'payment',
    path: '/wallet/pay',
    role: 'USER',
    body: body('payment'),
    counterpart: (input) => ('merchantId' in input ? input.merchantId : null),
    success: 'Payment successful!',
    failure: 'Payment failed. Please try again.',
  },
};

export type DepositInput = z.infer<MovementBodies['deposit']>;
export type TransferInput = z.infer<MovementBodies['transfer']>;
export type CashOutInput = z.infer<MovementBodies['cash-out']>;
export type CashInInput = z.infer<MovementBodies['cash-in']>;
export type PaymentInput = z.infer<MovementBodies['payment']>;
