import { z } from 'zod';
import {
  amountSchema,
  daySchema,
  DEFAULT_MAX_TRANSACTION_TAKA,
  idSchema,
  paginationQuerySchema,
  reasonSchema,
  textSchema,
} from './common';
import { says } from './validation';

/**
 * Paying a shop (issue 45): POST /wallet/pay, and a merchant's QR codes. A payment moves the
 * amount from the payer to the merchant's wallet; the merchant pays the fee (the MDR, the fee
 * schedule's `payment` row), as its own ledger leg, and the payer pays none. The payment's POST is
 * MOVEMENTS.payment; the merchant's QR codes are GET and POST /merchant/qr.
 */

/**
 * How long a dynamic QR can be paid: a checkout's few minutes. The server holds its amount and
 * this expiry (merchant_qr_codes); a payment after it is refused QR_EXPIRED.
 */
export const DYNAMIC_QR_MINUTES = 15;

/** The longest payload taken: EMVCo's own bound on a merchant-presented QR is 512 characters. */
export const QR_PAYLOAD_MAX = 512;

/** A scanned, photographed or pasted QR payload; its CRC and fields are read by the API. */
export const qrPayloadSchema = textSchema().pipe(
  z
    .string()
    .min(1, { error: says('required') })
    .max(QR_PAYLOAD_MAX, { error: says('atMostCharacters', { max: QR_PAYLOAD_MAX }) }),
);

/**
 * A dynamic QR's reference (tag 62, sub-tag 05: an invoice or order number): 1 to 25 printable
 * ASCII characters, as EMVCo's "ans" fields hold, trimmed. A merchant's references are unique to it.
 */
export const paymentReferenceSchema = textSchema()
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(1, { error: says('required') })
      .max(25, { error: says('atMostCharacters', { max: 25 }) })
      .regex(/^[\x20-\x7e]+$/, { error: says('printableAscii') }),
  );

/** POST /merchant/qr: a QR for one payment of `amount` Taka, named by the merchant's own reference. */
export function dynamicQrInputSchema(max = DEFAULT_MAX_TRANSACTION_TAKA) {
  return z.object({ amount: amountSchema({ max }), reference: paymentReferenceSchema }).strict();
}
export type DynamicQrInput = z.infer<ReturnType<typeof dynamicQrInputSchema>>;

/** GET and POST /merchant/qr: the payload to draw; a dynamic one with when it stops being payable. */
export const merchantQrSchema = z.object({
  payload: z.string(),
  expiresAt: z.string().nullable(),
});
export type MerchantQrReply = z.infer<typeof merchantQrSchema>;

export const MERCHANT_QR_TEXTS = { static: 'QR retrieved', dynamic: 'QR created' } as const;

/** Why a merchant's own request is refused. */
export const MERCHANT_QR_ERRORS = {
  NOT_A_MERCHANT: { status: 403, message: 'Only an approved merchant can do this' },
  REFERENCE_USED: {
    status: 409,
    message: 'You already made a QR with this reference: give each payment a reference of its own',
  },
} as const;

/**
 * Payment links: a merchant's link that anyone signed in can pay, shown on a public page at
 * /pay/<code>. The code carries 144 random bits (24 base64url characters), so links cannot be
 * guessed; public lookups are limited per address too.
 */
export const PAYMENT_LINK_CODE = /^[A-Za-z0-9_-]{24}$/;
export const paymentLinkCodeSchema = z.string().regex(PAYMENT_LINK_CODE, { error: says('paymentLinkCode') });
export const paymentLinkParamsSchema = z.object({ code: paymentLinkCodeSchema });

/** What a link says it is for, shown on its page. */
export const DESCRIPTION_MAX = 140;

/** POST /merchant/links. No amount: the payer types it. No maxUses: paid any number of times. */
export function paymentLinkInputSchema(max = DEFAULT_MAX_TRANSACTION_TAKA) {
  return z
    .object({
      amount: amountSchema({ max }).optional(),
      description: textSchema()
        .transform((text) => text.trim())
        .pipe(
          z
            .string()
            .min(1, { error: says('required') })
            .max(DESCRIPTION_MAX, { error: says('atMostCharacters', { max: DESCRIPTION_MAX }) }),
        ),
      expiresAt: z.iso
        .datetime({ offset: true, error: says('dateTime') })
        .refine((at) => Date.parse(at) > Date.now(), { error: says('inTheFuture') })
        .optional(),
      maxUses: z
        .number({ error: says('wholeNumberFromOne') })
        .int({ error: says('wholeNumberFromOne') })
        .min(1, { error: says('atLeast', { min: 1 }) })
        .max(1_000_000, { error: says('tooLarge') })
        .optional(),
    })
    .strict();
}
export type PaymentLinkInput = z.infer<ReturnType<typeof paymentLinkInputSchema>>;

/** What the public page shows of a link: the merchant as verified, the amount, and whether it can be paid. */
export const publicPaymentLinkSchema = z.object({
  code: z.string(),
  merchant: z.object({ name: z.string(), nameBn: z.string(), city: z.string(), cityBn: z.string() }),
  amount: z.number().nullable(),
  description: z.string(),
  expiresAt: z.string().nullable(),
  /** Why it cannot be paid now (PAY_LINK_INACTIVE, PAY_LINK_EXPIRED, PAY_LINK_USED_UP), or null. */
  closed: z.enum(['PAY_LINK_INACTIVE', 'PAY_LINK_EXPIRED', 'PAY_LINK_USED_UP']).nullable(),
});
export type PublicPaymentLink = z.infer<typeof publicPaymentLinkSchema>;

/** A link as its merchant lists it: the public view with its id, uses and when it was made. */
export const paymentLinkSchema = publicPaymentLinkSchema.omit({ merchant: true }).extend({
  _id: z.string(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** PATCH /merchant/links/{id}: a link is turned off for good (a new one is made to sell again). */
export const paymentLinkUpdateSchema = z.object({ active: z.literal(false) }).strict();

export const PAYMENT_LINK_TEXTS = {
  created: 'Payment link created',
  list: 'Payment links retrieved',
  found: 'Payment link retrieved',
  deactivated: 'Payment link turned off',
} as const;

/**
 * Refunds (POST /merchant/payments/{id}/refund): within REFUND_WINDOW_DAYS of the payment, in
 * full (no amount) or in part, with the merchant's reason and PIN. The database's refund_window()
 * is the same figure (api/test/payments.test.ts holds the two together).
 */
export const REFUND_WINDOW_DAYS = 30;

export function refundInputSchema(max = DEFAULT_MAX_TRANSACTION_TAKA) {
  return z.object({ amount: amountSchema({ max }).optional(), reason: reasonSchema }).strict();
}
export type RefundInput = z.infer<ReturnType<typeof refundInputSchema>>;
export const REFUND_TEXTS = { refunded: 'Refund successful!' } as const;

/** GET /merchant/payments and /merchant/summary: an Asia/Dhaka day (today when none is given). */
export const merchantDayQuerySchema = z.object({ day: daySchema.optional() });
export const merchantPaymentsQuerySchema = paginationQuerySchema.extend({ day: daySchema.optional() });
export type MerchantPaymentsQuery = z.infer<typeof merchantPaymentsQuerySchema>;

/** How a payment reached the merchant: its static QR (or its id), a dynamic QR, or a payment link. */
export const PAYMENT_CHANNELS = ['static', 'dynamic', 'link'] as const;

/** A payment as its merchant lists it: who paid, how, the fee taken, and what refunds gave back. */
export const merchantPaymentSchema = z.object({
  _id: idSchema,
  createdAt: z.string(),
  amount: z.number(),
  fee: z.number(),
  refunded: z.number(),
  payer: z.object({ _id: idSchema, name: z.string() }),
  reference: z.string().nullable(),
  channel: z.enum(PAYMENT_CHANNELS),
});
export type MerchantPayment = z.infer<typeof merchantPaymentSchema>;

/**
 * A merchant's day (Asia/Dhaka): the payments taken (count, gross, the fees on them), the refunds
 * given (count, amount, the fees they gave back), and the net that stays: gross less fees less
 * refunds plus the fees given back.
 */
export const merchantSummarySchema = z.object({
  day: z.string(),
  payments: z.number(),
  gross: z.number(),
  fees: z.number(),
  refunds: z.number(),
  refunded: z.number(),
  feesBack: z.number(),
  net: z.number(),
});
export type MerchantSummary = z.infer<typeof merchantSummarySchema>;
export const MERCHANT_PAYMENT_TEXTS = { list: 'Payments retrieved', summary: 'Summary retrieved' } as const;
