import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  KYC_ERRORS,
  type AdminKycQuery,
  type AdminKycRow,
  type KycDecisionInput,
  type KycRequest,
  type Role,
  visibleName,
} from '@wallet/shared/contracts';
import { poishaToTaka } from '@wallet/shared/money';
import type { Database, Executor } from '../db/client';
import { accounts, kycRequests, users } from '../db/schema';
import { tableError } from '../lib/api-errors';
import { isUniqueViolation } from '../db/errors';
import { recordAudit } from '../lib/audit';
import { releaseBonus } from '../ledger/bonus';
import type { Actor } from '../lib/audit';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from '../lib/paging';
import type { UserRow } from './users';

type KycRow = typeof kycRequests.$inferSelect;

function toKycRequest(row: KycRow): KycRequest {
  return {
    _id: row.id,
    status: row.status,
    reason: row.reason,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    checked: row.checked,
  };
}

/** A person asks for their identity to be reviewed: once their email is verified, one request at a time. */
export async function requestKyc(db: Database, person: UserRow): Promise<KycRequest> {
  if (person.emailVerifiedAt === null) throw tableError(KYC_ERRORS, 'KYC_NEEDS_EMAIL');
  if (person.kycApprovedAt !== null) throw tableError(KYC_ERRORS, 'KYC_DONE');
  try {
    const [row] = await db.insert(kycRequests).values({ userId: person.id }).returning();
    return toKycRequest(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw tableError(KYC_ERRORS, 'KYC_PENDING');
    throw error;
  }
}

/** The person's latest request, or null when they never asked. */
export async function latestKycRequest(db: Executor, personId: string): Promise<KycRequest | null> {
  const [row] = await db
    .select()
    .from(kycRequests)
    .where(eq(kycRequests.userId, personId))
    .orderBy(desc(kycRequests.requestedAt), desc(kycRequests.id))
    .limit(1);
  return row ? toKycRequest(row) : null;
}

const person = { _id: users.id, name: users.name, email: users.email, role: users.role, held: accounts.held };
/** The person as a review shows them, with what of their bonus is still held. */
const shown = ({ held, ...who }: { _id: string; name: string; email: string; role: Role; held: bigint | null }) => ({
  ...who,
  name: visibleName(who.name),
  held: poishaToTaka(held ?? 0n),
});

/** The queue: pending requests oldest first (the longest waiting on top); decided ones newest first. */
export async function listKycRequests(db: Executor, query: AdminKycQuery): Promise<Paged<AdminKycRow>> {
  const pending = query.status === 'pending';
  const where = eq(kycRequests.status, query.status);
  const cursor = await afterCursor(db, { createdAt: kycRequests.requestedAt, id: kycRequests.id }, query.after, {
    ascending: pending,
  });
  const order = pending ? asc : desc;
  const [rows, total] = await Promise.all([
    db
      .select({ row: kycRequests, person })
      .from(kycRequests)
      .innerJoin(users, eq(users.id, kycRequests.userId))
      .leftJoin(accounts, eq(accounts.userId, users.id))
      .where(and(where, cursor))
      .orderBy(order(kycRequests.requestedAt), order(kycRequests.id))
      .limit(query.limit + 1)
      .offset(offsetOf(query)),
    cappedTotal(db, sql`select 1 from ${kycRequests} where ${where}`),
  ]);
  const items = rows.slice(0, query.limit).map(({ row, person }) => ({ ...toKycRequest(row), person: shown(person) }));
  return { items, meta: pageMeta(query, total, rows.length > query.limit) };
}

/**
 * An admin's decision on a waiting request, with its reason: an approval makes the person
 * KYC_APPROVED and lets their registration bonus out of its hold, within the day's bonus budget
 * (`bonusBudget`, poisha; past it the bonus waits for the maintenance job's sweep). The decision,
 * the release and the audit row commit together; a request is decided once.
 */
export async function decideKyc(
  db: Database,
  actor: Actor,
  id: string,
  input: KycDecisionInput,
  bonusBudget: bigint,
): Promise<AdminKycRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(kycRequests)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        reason: input.reason,
        // What was seen, for an approval (the contract asks an identity document of it).
        checked: input.decision === 'approve' ? [...new Set(input.checked)] : [],
        decidedAt: sql`clock_timestamp()`,
        decidedBy: actor.adminId,
      })
      .where(and(eq(kycRequests.id, id), eq(kycRequests.status, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: kycRequests.id }).from(kycRequests).where(eq(kycRequests.id, id));
      if (!exists) throw tableError(KYC_ERRORS, 'KYC_NOT_FOUND');
      throw tableError(KYC_ERRORS, 'KYC_DECIDED');
    }
    if (input.decision === 'approve') {
      await tx
        .update(users)
        .set({ kycApprovedAt: sql`coalesce(${users.kycApprovedAt}, clock_timestamp())` })
        .where(eq(users.id, row.userId));
      await releaseBonus(tx, row.userId, bonusBudget);
    }
    await recordAudit(tx, {
      action: input.decision === 'approve' ? 'kyc_approve' : 'kyc_reject',
      adminId: actor.adminId,
      targetUserId: row.userId,
      reason: input.reason,
    });
    const [who] = await tx
      .select(person)
      .from(users)
      .leftJoin(accounts, eq(accounts.userId, users.id))
      .where(eq(users.id, row.userId));
    return { ...toKycRequest(row), person: shown(who!) };
  });
}
