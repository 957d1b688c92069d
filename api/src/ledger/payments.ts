import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { encodeMerchantQr, parseMerchantQr } from '@wallet/shared/bangla-qr';
import {
  DYNAMIC_QR_MINUTES,
  idSchema,
  MERCHANT_QR_ERRORS,
  type DynamicQrInput,
  type MerchantPayment,
  type MerchantPaymentsQuery,
  type MerchantQrReply,
  type MerchantSummary,
  type PaginationQuery,
  type PaymentInput,
  type PaymentLink,
  type PaymentLinkInput,
  type PublicPaymentLink,
  visibleName,
} from '@wallet/shared/contracts';
import { formatPoisha, poishaToTaka, takaToPoisha } from '@wallet/shared/money';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { merchantQrCodes, merchants, paymentLinks, payments, refunds, transactions, users } from '../db/schema';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from '../lib/paging';
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
        amount: formatPoisha(amount),
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

/** An Asia/Dhaka day's bounds, as timestamps: the given day, or today by the database's clock. */
function dhakaDay(day: string | undefined) {
  const date = day ? sql`${day}::date` : sql`(clock_timestamp() at time zone 'Asia/Dhaka')::date`;
  return {
    date,
    start: sql`(${date}::timestamp at time zone 'Asia/Dhaka')`,
    end: sql`((${date} + 1)::timestamp at time zone 'Asia/Dhaka')`,
  };
}

/**
 * GET /merchant/payments: the merchant's payments of one Asia/Dhaka day (today by default), newest
 * first, with who paid, how (its static QR or id, a dynamic QR, a link), the fee and what refunds
 * gave back. Off payments_merchant_created_idx.
 */
export async function listMerchantPayments(
  db: Executor,
  merchant: MerchantRow,
  query: MerchantPaymentsQuery,
): Promise<Paged<MerchantPayment>> {
  const { start, end } = dhakaDay(query.day);
  const where = and(
    eq(payments.merchantId, merchant.id),
    sql`${payments.createdAt} >= ${start} and ${payments.createdAt} < ${end}`,
  );
  const cursor = await afterCursor(db, { createdAt: payments.createdAt, id: payments.transactionId }, query.after);
  const [rows, total] = await Promise.all([
    db
      .select({ payment: payments, payer: { id: users.id, name: users.name } })
      .from(payments)
      .innerJoin(transactions, eq(transactions.id, payments.transactionId))
      .innerJoin(users, eq(users.id, transactions.senderUserId))
      .where(and(where, cursor))
      .orderBy(desc(payments.createdAt), desc(payments.transactionId))
      .limit(query.limit + 1)
      .offset(offsetOf(query)),
    cappedTotal(db, sql`select 1 from ${payments} where ${where}`),
  ]);
  const items = rows.slice(0, query.limit).map(({ payment, payer }) => ({
    _id: payment.transactionId,
    createdAt: payment.createdAt.toISOString(),
    amount: poishaToTaka(payment.amount),
    fee: poishaToTaka(payment.fee),
    refunded: poishaToTaka(payment.refunded),
    payer: { _id: payer.id, name: visibleName(payer.name) },
    reference: payment.reference,
    channel: payment.linkId ? ('link' as const) : payment.qrCodeId ? ('dynamic' as const) : ('static' as const),
  }));
  return { items, meta: pageMeta(query, total, rows.length > query.limit) };
}

/**
 * GET /merchant/summary: one Asia/Dhaka day of the merchant (today by default): the payments taken
 * and their fees, the refunds given that day and the fees they gave back, and the net.
 */
export async function merchantSummary(
  db: Executor,
  merchant: MerchantRow,
  day: string | undefined,
): Promise<MerchantSummary> {
  const { date, start, end } = dhakaDay(day);
  // The day's payments in one read of the merchant's index, and the refunds given that day.
  const { rows } = (await db.execute(sql`
    select ${date}::text as day, taken.payments, taken.gross, taken.fees,
           given.refunds, given.refunded, given.fees_back
    from (select count(*)::int as payments, coalesce(sum(p.amount), 0)::text as gross, coalesce(sum(p.fee), 0)::text as fees
          from ${payments} p
          where p.merchant_id = ${merchant.id} and p.created_at >= ${start} and p.created_at < ${end}) taken,
         (select count(*)::int as refunds, coalesce(sum(t.amount), 0)::text as refunded, coalesce(sum(t.fee), 0)::text as fees_back
          from ${refunds} r join ${payments} p on p.transaction_id = r.payment_id join ${transactions} t on t.id = r.transaction_id
          where p.merchant_id = ${merchant.id} and r.created_at >= ${start} and r.created_at < ${end}) given`)) as unknown as {
    rows: {
      day: string;
      payments: number;
      gross: string;
      fees: string;
      refunds: number;
      refunded: string;
      fees_back: string;
    }[];
  };
  const row = rows[0]!;
  const [gross, fees, refunded, feesBack] = [row.gross, row.fees, row.refunded, row.fees_back].map(BigInt) as [
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  return {
    day: row.day,
    payments: row.payments,
    gross: poishaToTaka(gross),
    fees: poishaToTaka(fees),
    refunds: row.refunds,
    refunded: poishaToTaka(refunded),
    feesBack: poishaToTaka(feesBack),
    net: poishaToTaka(gross - fees - refunded + feesBack),
  };
}
