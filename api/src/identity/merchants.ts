import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  MERCHANT_ERRORS,
  visibleName,
  type AdminMerchantApplication,
  type AdminMerchantApplicationsQuery,
  type MerchantApplication,
  type MerchantApplicationInput,
  type MerchantCategory,
  type MerchantDecisionInput,
  type MerchantProfile,
} from '@wallet/shared/contracts';
import type { Database, Executor } from '../db/client';
import { merchantApplications, merchants, users } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { refusal, tableError } from '../lib/api-errors';
import { recordAudit, type Actor } from '../lib/audit';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from '../lib/paging';
import type { UserRow } from './users';

type ApplicationRow = typeof merchantApplications.$inferSelect;

function toApplication(row: ApplicationRow): MerchantApplication {
  return {
    _id: row.id,
    status: row.status,
    businessName: row.businessName,
    businessNameBn: row.businessNameBn,
    category: row.category as MerchantCategory,
    city: row.city,
    cityBn: row.cityBn,
    reason: row.reason,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The person's merchant profile, or null when they are not a merchant. */
export async function merchantOf(db: Executor, personId: string): Promise<MerchantProfile | null> {
  const [row] = await db.select().from(merchants).where(eq(merchants.userId, personId));
  return row ? toProfile(row) : null;
}

/**
 * A merchant as a payer's review shows it, by its id (what its QR carries): the names staff
 * verified, never the ones a QR's payload says. None is MERCHANT_NOT_FOUND, as the payment is.
 */
export async function merchantById(db: Executor, merchantId: string): Promise<MerchantProfile> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!row) throw refusal('MERCHANT_NOT_FOUND');
  return toProfile(row);
}

function toProfile(row: typeof merchants.$inferSelect): MerchantProfile {
  return {
    _id: row.id,
    name: row.name,
    nameBn: row.nameBn,
    category: row.category as MerchantCategory,
    city: row.city,
    cityBn: row.cityBn,
    since: row.createdAt.toISOString(),
  };
}

/**
 * A user applies to be a merchant (the route takes USERs only: an agent serves cash, not sales):
 * one whose identity staff approved (a merchant takes money from the public), not a merchant yet,
 * one application waiting at a time.
 */
export async function applyAsMerchant(
  db: Database,
  person: UserRow,
  input: MerchantApplicationInput,
): Promise<MerchantApplication> {
  if (person.kycApprovedAt === null) throw tableError(MERCHANT_ERRORS, 'MERCHANT_NEEDS_KYC');
  if (await merchantOf(db, person.id)) throw tableError(MERCHANT_ERRORS, 'MERCHANT_ALREADY');
  try {
    const [row] = await db
      .insert(merchantApplications)
      .values({ userId: person.id, ...input })
      .returning();
    return toApplication(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw tableError(MERCHANT_ERRORS, 'MERCHANT_PENDING');
    throw error;
  }
}

/** The person's latest application, or null when they never applied. */
export async function latestMerchantApplication(db: Executor, personId: string) {
  const [row] = await db
    .select()
    .from(merchantApplications)
    .where(eq(merchantApplications.userId, personId))
    .orderBy(desc(merchantApplications.requestedAt), desc(merchantApplications.id))
    .limit(1);
  return row ? toApplication(row) : null;
}

const applicant = { _id: users.id, name: users.name, email: users.email };
const shown = (who: { _id: string; name: string; email: string }) => ({ ...who, name: visibleName(who.name) });

/** Compliance's queue: pending applications oldest first (the longest waiting on top); decided ones newest first. */
export async function listMerchantApplications(
  db: Executor,
  query: AdminMerchantApplicationsQuery,
): Promise<Paged<AdminMerchantApplication>> {
  const where = eq(merchantApplications.status, query.status);
  const pending = query.status === 'pending';
  const cursor = await afterCursor(
    db,
    { createdAt: merchantApplications.requestedAt, id: merchantApplications.id },
    query.after,
    { ascending: pending },
  );
  const order = pending ? asc : desc;
  const [rows, total] = await Promise.all([
    db
      .select({ row: merchantApplications, person: applicant })
      .from(merchantApplications)
      .innerJoin(users, eq(users.id, merchantApplications.userId))
      .where(and(where, cursor))
      .orderBy(order(merchantApplications.requestedAt), order(merchantApplications.id))
      .limit(query.limit + 1)
      .offset(offsetOf(query)),
    cappedTotal(db, sql`select 1 from ${merchantApplications} where ${where}`),
  ]);
  const items = rows.slice(0, query.limit).map(({ row, person }) => ({ ...toApplication(row), person: shown(person) }));
  return { items, meta: pageMeta(query, total, rows.length > query.limit) };
}

/**
 * Compliance's decision on a waiting application, with its reason: an approval makes the person a
 * merchant, with the application's names, category and city. The decision, the profile and the
 * audit row (merchant_approve or merchant_reject) commit together; an application is decided once.
 */
export async function decideMerchantApplication(
  db: Database,
  actor: Actor,
  id: string,
  input: MerchantDecisionInput,
): Promise<AdminMerchantApplication> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(merchantApplications)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        reason: input.reason,
        decidedAt: sql`clock_timestamp()`,
        decidedBy: actor.adminId,
      })
      .where(and(eq(merchantApplications.id, id), eq(merchantApplications.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: merchantApplications.id })
        .from(merchantApplications)
        .where(eq(merchantApplications.id, id));
      throw tableError(MERCHANT_ERRORS, exists ? 'MERCHANT_APPLICATION_DECIDED' : 'MERCHANT_APPLICATION_NOT_FOUND');
    }
    if (input.decision === 'approve') {
      await tx.insert(merchants).values({
        userId: row.userId,
        applicationId: row.id,
        name: row.businessName,
        nameBn: row.businessNameBn,
        category: row.category,
        city: row.city,
        cityBn: row.cityBn,
      });
    }
    await recordAudit(tx, {
      action: input.decision === 'approve' ? 'merchant_approve' : 'merchant_reject',
      adminId: actor.adminId,
      targetUserId: row.userId,
      reason: input.reason,
    });
    const [who] = await tx.select(applicant).from(users).where(eq(users.id, row.userId));
    return { ...toApplication(row), person: shown(who!) };
  });
}
