import { eq, sql } from 'drizzle-orm';
import { encodeMerchantQr, parseMerchantQr } from '@wallet/shared/bangla-qr';
import {
  DYNAMIC_QR_MINUTES,
  idSchema,
  MERCHANT_QR_ERRORS,
  type DynamicQrInput,
  type MerchantQrReply,
  type PaymentInput,
} from '@wallet/shared/contracts';
import { takaToPoisha } from '@wallet/shared/money';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { merchantQrCodes, merchants } from '../db/schema';
import { refusal, tableError } from '../lib/api-errors';
import type { PaymentTarget } from './move';

/**
 * Whom a payment's body pays. A QR's payload is read here, before anything else (its refusals
 * come first, as a malformed body's do): its CRC, its fields, our GUID, and a merchant id that is
 * one of ours (our QRs carry merchants.id, a UUID: anything else in our GUID's template is not a
 * code we made). A dynamic QR names its reference, whose amount and expiry the ledger holds.
 */
export function paymentTarget(input: PaymentInput): PaymentTarget {
  if (!('payload' in input)) return { merchant: input.merchantId, reference: input.reference ?? null, dynamic: false };
  const read = parseMerchantQr(input.payload);
  if (!read.ok) throw refusal(`QR_${read.reason}` as const);
  if (!idSchema.safeParse(read.qr.merchantId).success) throw refusal('QR_MALFORMED');
  return { merchant: read.qr.merchantId, reference: read.qr.reference ?? null, dynamic: read.dynamic };
}

type MerchantRow = typeof merchants.$inferSelect;

/** The caller's merchant profile; a person who is not a merchant is refused NOT_A_MERCHANT. */
export async function ownMerchant(db: Executor, personId: string): Promise<MerchantRow> {
  const [row] = await db.select().from(merchants).where(eq(merchants.userId, personId));
  if (!row) throw tableError(MERCHANT_QR_ERRORS, 'NOT_A_MERCHANT');
  return row;
}

const qrFields = (merchant: MerchantRow) => ({
  merchantId: merchant.id,
  category: merchant.category,
  name: merchant.name,
  city: merchant.city,
  nameBn: merchant.nameBn,
  cityBn: merchant.cityBn,
});

/** GET /merchant/qr: the merchant's static QR (point of initiation 11: the payer types the amount). */
export function staticQr(merchant: MerchantRow): MerchantQrReply {
  return { payload: encodeMerchantQr(qrFields(merchant)), expiresAt: null };
}

/**
 * POST /merchant/qr: a QR for one payment (point of initiation 12). The server keeps its amount
 * and expiry (DYNAMIC_QR_MINUTES) under the merchant's reference, which is the merchant's own and
 * unique to it: a reference used before is refused REFERENCE_USED, so a code once paid can never
 * be made payable again.
 */
export async function createDynamicQr(
  db: Executor,
  merchant: MerchantRow,
  input: DynamicQrInput,
): Promise<MerchantQrReply> {
  const amount = takaToPoisha(input.amount);
  try {
    const [row] = await db
      .insert(merchantQrCodes)
      .values({
        merchantId: merchant.id,
        reference: input.reference,
        amount,
        // The database's clock, as the ledger reads the expiry by it.
        expiresAt: sql`clock_timestamp() + make_interval(mins => ${DYNAMIC_QR_MINUTES})`,
      })
      .returning();
    return {
      payload: encodeMerchantQr({
        ...qrFields(merchant),
        amount: input.amount.toFixed(2),
        reference: input.reference,
      }),
      expiresAt: row!.expiresAt.toISOString(),
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw tableError(MERCHANT_QR_ERRORS, 'REFERENCE_USED');
    throw error;
  }
}
