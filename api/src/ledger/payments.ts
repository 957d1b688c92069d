import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { encodeMerchantQr, parseMerchantQr } from '@wallet/shared/bangla-qr';
import {
  DYNAMIC_QR_MINUTES,
  idSchema,
  MERCHANT_QR_ERRORS,
  type DynamicQrInput,
  type MerchantQrReply,
  type PaginationQuery,
  type PaymentInput,
  type PaymentLink,
  type PaymentLinkInput,
  type PublicPaymentLink,
} from '@wallet/shared/contracts';
import { poishaToTaka, takaToPoisha } from '@wallet/shared/money';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { merchantQrCodes, merchants, paymentLinks } from '../db/schema';
import { afterCursor, cappedTotal, offsetOf, pageMeta } from '../lib/paging';
import { refusal, tableError } from '../lib/api-errors';
import type { PaymentTarget } from './move';

/**
 * Whom a payment's body pays. A QR's payload is read here, before anything else (its refusals
 * come first, as a malformed body's do): its CRC, its fields, our GUID, and a merchant id that is
 * one of ours (our QRs carry merchants.id, a UUID: anything else in our GUID's template is not a
 * code we made). A dynamic QR names its reference, whose amount and expiry the ledger holds.
 */
export function paymentTarget(input: PaymentInput): PaymentTarget {
  if ('link' in input) return { merchant: null, reference: null, dynamic: false, link: input.link };
  if ('merchantId' in input) return { merchant: input.merchantId, reference: input.reference ?? null, dynamic: false };
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

type LinkRow = typeof paymentLinks.$inferSelect;

/** Why a link cannot be paid now, as the payment would be refused; null while it can. */
function closedReason(link: LinkRow, now = Date.now()): PublicPaymentLink['closed'] {
  if (!link.active) return 'PAY_LINK_INACTIVE';
  if (link.expiresAt && link.expiresAt.getTime() <= now) return 'PAY_LINK_EXPIRED';
  if (link.maxUses !== null && link.uses >= link.maxUses) return 'PAY_LINK_USED_UP';
  return null;
}

function toLink(row: LinkRow): PaymentLink {
  return {
    _id: row.id,
    code: row.code,
    amount: row.amount === null ? null : poishaToTaka(row.amount),
    description: row.description,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    closed: closedReason(row),
    maxUses: row.maxUses,
    uses: row.uses,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** POST /merchant/links: a link of 144 random bits, unguessable, that anyone signed in may pay. */
export async function createPaymentLink(db: Executor, merchant: MerchantRow, input: PaymentLinkInput) {
  const [row] = await db
    .insert(paymentLinks)
    .values({
      merchantId: merchant.id,
      code: randomBytes(18).toString('base64url'),
      amount: input.amount === undefined ? null : takaToPoisha(input.amount),
      description: input.description,
      expiresAt: input.expiresAt === undefined ? null : new Date(input.expiresAt),
      maxUses: input.maxUses ?? null,
    })
    .returning();
  return toLink(row!);
}

/** GET /merchant/links: the merchant's links, newest first, a page at a time. */
export async function listPaymentLinks(db: Executor, merchant: MerchantRow, query: PaginationQuery) {
  const where = eq(paymentLinks.merchantId, merchant.id);
  const cursor = await afterCursor(db, { createdAt: paymentLinks.createdAt, id: paymentLinks.id }, query.after);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(paymentLinks)
      .where(and(where, cursor))
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .limit(query.limit + 1)
      .offset(offsetOf(query)),
    cappedTotal(db, sql`select 1 from ${paymentLinks} where ${where}`),
  ]);
  return { items: rows.slice(0, query.limit).map(toLink), meta: pageMeta(query, total, rows.length > query.limit) };
}

/**
 * PATCH /merchant/links/{id}: the merchant turns its link off, for good. Under the link's row lock,
 * so a payment being made waits for it or finds it off. Another merchant's link, or none, is 404.
 */
export async function deactivatePaymentLink(db: Executor, merchant: MerchantRow, id: string) {
  const [row] = await db
    .update(paymentLinks)
    .set({ active: false, deactivatedAt: sql`coalesce(${paymentLinks.deactivatedAt}, clock_timestamp())` })
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.merchantId, merchant.id)))
    .returning();
  if (!row) throw refusal('PAY_LINK_NOT_FOUND');
  return toLink(row);
}

/** GET /links/{code}: what the public page shows of a link (the merchant as verified), or 404. */
export async function publicPaymentLink(db: Executor, code: string): Promise<PublicPaymentLink> {
  const [found] = await db
    .select({ link: paymentLinks, merchant: merchants })
    .from(paymentLinks)
    .innerJoin(merchants, eq(merchants.id, paymentLinks.merchantId))
    .where(eq(paymentLinks.code, code));
  if (!found) throw refusal('PAY_LINK_NOT_FOUND');
  const { link, merchant } = found;
  return {
    code: link.code,
    merchant: { name: merchant.name, nameBn: merchant.nameBn, city: merchant.city, cityBn: merchant.cityBn },
    amount: link.amount === null ? null : poishaToTaka(link.amount),
    description: link.description,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    closed: closedReason(link),
  };
}
