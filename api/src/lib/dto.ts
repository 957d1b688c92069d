import { poishaToTaka } from '@wallet/shared/money';
import {
  PIN_RESET_HOLD_HOURS,
  STAFF_ROLES,
  type Tier,
  type Transaction,
  type TransactionDispute,
  type User,
  type Wallet,
  visibleName,
} from '@wallet/shared/contracts';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { merchants, transactions, type accounts, type users } from '../db/schema';

type UserRow = typeof users.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;
type Party = { _id: string; name: string } | null;

export function toUser(row: UserRow, secondFactor?: User['secondFactor'] | null): User {
  return {
    _id: row.id,
    name: visibleName(row.name),
    email: row.email,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
    tier: tierOf(row),
    pinSet: row.pinHash !== null,
    googleOnly: row.passwordHash === null,
    pinLockedUntil: row.pinLockedUntil && row.pinLockedUntil > new Date() ? row.pinLockedUntil.toISOString() : null,
    pinResetHoldUntil: pinResetHoldUntil(row.pinResetAt),
    language: row.language,
    languageChosenAt: row.languageChosenAt?.toISOString() ?? null,
    ...(row.role === 'ADMIN' ? { staffRoles: STAFF_ROLES.filter((role) => row.staffRoles.includes(role)) } : {}),
    ...(secondFactor ? { secondFactor } : {}),
  };
}

/** When the hold on outgoing money after a PIN reset ends (pin_reset_hold() in the database), while it lasts. */
function pinResetHoldUntil(resetAt: Date | null) {
  const until = resetAt && new Date(resetAt.getTime() + PIN_RESET_HOLD_HOURS * 3_600_000);
  return until && until > new Date() ? until.toISOString() : null;
}

/** How far a person has proven who they are: an approved identity review on top of a verified email. */
export function tierOf(row: Pick<UserRow, 'emailVerifiedAt' | 'kycApprovedAt'>): Tier {
  if (row.kycApprovedAt !== null) return 'KYC_APPROVED';
  return row.emailVerifiedAt === null ? 'UNVERIFIED' : 'EMAIL_VERIFIED';
}

export function toWallet(row: AccountRow): Wallet {
  return {
    _id: row.id,
    userId: row.userId!,
    balance: poishaToTaka(row.balance),
    available: poishaToTaka(row.balance - row.held),
    held: poishaToTaka(row.held),
    isBlocked: row.isBlocked,
  };
}

export function toTransaction(
  row: TransactionRow,
  sender: Party,
  receiver: Party,
  links: { reversedBy?: string | null; dispute?: TransactionDispute | null; refundOf?: string | null } = {},
): Transaction {
  return {
    _id: row.id,
    type: row.type,
    status: row.status,
    balance: poishaToTaka(row.amount),
    fee: poishaToTaka(row.fee),
    commission: poishaToTaka(row.commission),
    createdAt: row.createdAt.toISOString(),
    sender,
    receiver,
    reversedBy: links.reversedBy ?? null,
    reverses: row.reverses,
    dispute: links.dispute ?? null,
    ...(links.refundOf && { refundOf: links.refundOf }),
  };
}

/**
 * A shop's side of a payment (its receiver) and of a refund (its sender) is named by the shop's
 * verified business name, as the payer met it on the QR and the review, not by the person behind
 * it. The merchants' unique index on user_id is read only for those two types: for any other row
 * the type test is false before the index is touched.
 */
export const shopOr = (person: { id: PgColumn; name: PgColumn }, shopSide: 'payment' | 'refund') =>
  sql<string>`coalesce((select m.name from ${merchants} m where ${transactions.type} = ${shopSide} and m.user_id = ${person.id}), ${person.name})`;

export function party(user: Pick<UserRow, 'id' | 'name'> | null | undefined): Party {
  return user ? { _id: user.id, name: visibleName(user.name) } : null;
}
