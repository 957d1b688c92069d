import { z } from 'zod';
import { amountSchema, DEFAULT_MAX_TRANSACTION_TAKA, textSchema } from './common';
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
