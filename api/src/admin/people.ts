import type { Actor } from '../lib/audit';
import { releaseBonus } from '../ledger/bonus';
import { and, desc, eq, getTableColumns, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  ADMIN_ERRORS,
  type AdminErrorCode,
  type AdminUserRow,
  type PaginationQuery,
  type Role,
} from '@wallet/shared/contracts';
import { poishaToTaka } from '@wallet/shared/money';
import type { Database, Executor } from '../db/client';
import { refusal, tableError } from '../lib/api-errors';
import { accounts, users } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { toUser, toWallet } from '../lib/dto';
import { afterCursor, cappedTotal, offsetOf, pageMeta, type Paged } from '../lib/paging';
import { searchFilter } from '../lib/search';

/**
 * People with their wallets, newest first: of one role (All Users, All Agents), or every user and
 * agent whose email is not verified yet (the Verification screen).
 */
export async function listPeople(
  db: Executor,
  who: Extract<Role, 'USER' | 'AGENT'> | 'UNVERIFIED',
  query: PaginationQuery & { search?: string },
): Promise<Paged<AdminUserRow>> {
  const where = and(
    who === 'UNVERIFIED' ? and(isNull(users.emailVerifiedAt), ne(users.role, 'ADMIN')) : eq(users.role, who),
    searchFilter(query.search),
  );
  const offset = offsetOf(query);
  const cursor = await afterCursor(db, users, query.after);
  const [rows, total] = await Promise.all([
    db
      .select({
        user: getTableColumns(users),
        wallet: { id: accounts.id, balance: accounts.balance, isBlocked: accounts.isBlocked },
      })
      .from(users)
      .leftJoin(accounts, eq(accounts.userId, users.id))
      .where(and(where, cursor))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit + 1)
      .offset(offset),
    cappedTotal(db, sql`select 1 from ${users} where ${where}`),
  ]);
  const items = rows.slice(0, query.limit).map(({ user, wallet }) => ({
    ...toUser(user),
    wallet: wallet ? { _id: wallet.id, balance: poishaToTaka(wallet.balance), isBlocked: wallet.isBlocked } : null,
  }));
  return { items, meta: pageMeta(query, total, rows.length > query.limit) };
}

/**
 * Changes a user only from the expected state, in one conditional UPDATE, so two admins racing
 * cannot both "win"; a miss is then told apart as unknown (404) or wrong state (409).
 */
type UserState = { role: Role; isActive?: boolean; emailVerified?: true };
type UserChange = { role?: Role; isActive: boolean };

async function transition(db: Executor, id: string, from: UserState, to: UserChange, conflict: AdminErrorCode) {
  const conditions = [eq(users.id, id), eq(users.role, from.role)];
  if (from.isActive !== undefined) conditions.push(eq(users.isActive, from.isActive));
  if (from.emailVerified) conditions.push(isNotNull(users.emailVerifiedAt));
  const [updated] = await db
    .update(users)
    .set(to)
    .where(and(...conditions))
    .returning();
  if (updated) return toUser(updated);
  const [exists] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!exists) throw refusal('USER_NOT_FOUND');
  if (from.emailVerified && exists.role === from.role && exists.emailVerifiedAt === null) {
    throw tableError(ADMIN_ERRORS, 'EMAIL_NOT_VERIFIED');
  }
  throw tableError(ADMIN_ERRORS, conflict);
}

/**
 * A change of a person's role or status, and its audit row, in one database transaction. An
 * approval as an agent is COMPLIANCE's check of who the person is, as an identity review is: it
 * lets their registration bonus out of its hold too, within the day's budget (`bonusBudget`, poisha).
 */
const audited =
  (action: 'approve' | 'suspend' | 'reactivate', from: UserState, to: UserChange, conflict: AdminErrorCode) =>
  (db: Database, actor: Actor, id: string, bonusBudget: bigint) =>
    db.transaction(async (tx) => {
      const user = await transition(tx, id, from, to, conflict);
      if (action === 'approve') await releaseBonus(tx, id, bonusBudget);
      await recordAudit(tx, { action, adminId: actor.adminId, targetUserId: id });
      return user;
    });

/** An agent holds float and pays out cash: only someone whose email is verified becomes one. */
export const approveAgent = audited(
  'approve',
  { role: 'USER', emailVerified: true },
  { role: 'AGENT', isActive: true },
  'NOT_A_USER',
);

export const suspendAgent = audited(
  'suspend',
  { role: 'AGENT', isActive: true },
  { isActive: false },
  'AGENT_NOT_ACTIVE',
);

export const reactivateAgent = audited(
  'reactivate',
  { role: 'AGENT', isActive: false },
  { isActive: true },
  'AGENT_NOT_SUSPENDED',
);

/**
 * Back-office verification: the admin confirmed the address another way (the person wrote from
 * it, or called). Audited as its own action; an admin's own address needs none.
 */
export const verifyEmailByHand = (db: Database, actor: Actor, id: string) =>
  db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`clock_timestamp()` })
      .where(and(eq(users.id, id), isNull(users.emailVerifiedAt), ne(users.role, 'ADMIN')))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      if (!exists) throw refusal('USER_NOT_FOUND');
      throw tableError(ADMIN_ERRORS, 'EMAIL_ALREADY_VERIFIED');
    }
    await recordAudit(tx, { action: 'verify_email', adminId: actor.adminId, targetUserId: id });
    return toUser(updated);
  });

export const setWalletBlocked = (db: Database, actor: Actor, walletId: string, isBlocked: boolean) =>
  db.transaction(async (tx) => {
    const wallet = await changeBlocked(tx, walletId, isBlocked);
    await recordAudit(tx, {
      action: isBlocked ? 'block' : 'unblock',
      adminId: actor.adminId,
      targetUserId: wallet.userId,
      walletId,
    });
    return wallet;
  });

async function changeBlocked(db: Executor, walletId: string, isBlocked: boolean) {
  const [updated] = await db
    .update(accounts)
    .set({ isBlocked })
    .where(and(eq(accounts.id, walletId), eq(accounts.kind, 'WALLET'), eq(accounts.isBlocked, !isBlocked)))
    .returning();
  if (updated) return toWallet(updated);
  const [exists] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, walletId), eq(accounts.kind, 'WALLET')))
    .limit(1);
  if (!exists) throw refusal('WALLET_NOT_FOUND');
  throw tableError(ADMIN_ERRORS, isBlocked ? 'WALLET_ALREADY_BLOCKED' : 'WALLET_NOT_BLOCKED');
}

export async function findWalletOfUser(db: Executor, userId: string) {
  const [wallet] = await db.select().from(accounts).where(eq(accounts.userId, userId)).limit(1);
  return wallet ? toWallet(wallet) : null;
}

export async function walletOfUser(db: Executor, userId: string) {
  const wallet = await findWalletOfUser(db, userId);
  if (!wallet) throw tableError(ADMIN_ERRORS, 'USER_WALLET_NOT_FOUND');
  return wallet;
}
