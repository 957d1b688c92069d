import { and, asc, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { httpErrors } from '@fastify/sensible';
import type { AllUserQuery, Counterpart, LoginInput, RegisterInput, Role } from '@wallet/shared/contracts';
import { takaToPoisha } from '@wallet/shared/money';
import type { Database, Executor } from '../db/client';
import { accounts, users } from '../db/schema';
import { post, type SystemAccountIds } from './ledger';
import { hashPassword, verifyPassword } from './passwords';
import { pageMeta, type Paged } from './paging';

export const REGISTRATION_BONUS_TAKA = 50;

export type UserRow = typeof users.$inferSelect;

function isUniqueViolation(error: unknown) {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === '23505' || cause?.code === '23505';
}

/** Creates a USER with a wallet and pays the registration bonus, all in one database transaction. */
export async function createUserWithWallet(
  db: Database,
  system: SystemAccountIds,
  input: { name: string; email: string; passwordHash: string | null },
) {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ ...input, role: 'USER' })
        .returning();
      const [wallet] = await tx.insert(accounts).values({ kind: 'WALLET', userId: user!.id }).returning();
      await post(tx, {
        type: 'bonus',
        amount: takaToPoisha(REGISTRATION_BONUS_TAKA),
        fromAccountId: system.bonus,
        toAccountId: wallet!.id,
        senderUserId: null,
        receiverUserId: user!.id,
      });
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw httpErrors.conflict('User Already Exist');
    throw error;
  }
}

export async function register(db: Database, system: SystemAccountIds, input: RegisterInput, scryptCost: number) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw httpErrors.conflict('User Already Exist');
  const passwordHash = await hashPassword(input.password, scryptCost);
  return createUserWithWallet(db, system, { name: input.name, email: input.email, passwordHash });
}

/**
 * The account behind an identity provider's verified email: the existing one (whatever its
 * role or state, as a password login would), or a new USER with a wallet and the bonus.
 */
export async function findOrCreateByVerifiedEmail(
  db: Database,
  system: SystemAccountIds,
  identity: { email: string; name: string },
) {
  const [existing] = await db.select().from(users).where(eq(users.email, identity.email)).limit(1);
  if (existing) return existing;
  try {
    return await createUserWithWallet(db, system, { ...identity, passwordHash: null });
  } catch (error) {
    // Registered in the same instant by another request: use that account.
    const [raced] = await db.select().from(users).where(eq(users.email, identity.email)).limit(1);
    if (raced) return raced;
    throw error;
  }
}

/** A hash of nothing anyone knows, so a login for an unknown email costs the same time as a real one. */
let decoyHash: Promise<string> | undefined;

export async function authenticate(db: Executor, input: LoginInput, scryptCost: number) {
  const email = input.email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  decoyHash ??= hashPassword('decoy password, never valid', scryptCost);
  const stored = user?.passwordHash ?? (await decoyHash);
  const valid = await verifyPassword(input.password, stored);
  if (!user || !user.passwordHash || !valid) throw httpErrors.unauthorized('Invalid email or password');
  return user;
}

export async function findUser(db: Executor, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  return or(sql`lower(${users.name}) like ${pattern}`, sql`${users.email} like ${pattern}`);
}

/**
 * The people a caller may pick as a counterpart: for a USER, other USERs (transfer) or active
 * AGENTs (cash-out); for an AGENT, USERs (cash-in). Searched and paged on the server.
 */
export async function listCounterparts(
  db: Executor,
  caller: { id: string; role: Role },
  query: AllUserQuery,
): Promise<Paged<Counterpart>> {
  const purpose = caller.role === 'AGENT' ? 'cashin' : (query.purpose ?? 'transfer');
  const filters = [
    purpose === 'cashout' ? and(eq(users.role, 'AGENT'), eq(users.isActive, true)) : eq(users.role, 'USER'),
    ne(users.id, caller.id),
    searchFilter(query.search),
  ];
  const where = and(...filters);
  const offset = (query.page - 1) * query.limit;
  const [rows, [total]] = await Promise.all([
    db
      .select({ _id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows, meta: pageMeta(query, total!.n) };
}

/** The configured first admin: created when missing; an existing account keeps its password. */
export async function ensureAdmin(db: Executor, admin: { email: string; password: string }, scryptCost: number) {
  const [existing] = await db.select().from(users).where(eq(users.email, admin.email)).limit(1);
  if (existing) return { user: existing, created: false };
  const passwordHash = await hashPassword(admin.password, scryptCost);
  const [user] = await db
    .insert(users)
    .values({ name: 'Admin', email: admin.email, passwordHash, role: 'ADMIN' })
    .returning();
  return { user: user!, created: true };
}

/** The development admin of an embedded database gets a fresh random password at every start. */
export async function resetAdminPassword(db: Executor, userId: string, password: string, scryptCost: number) {
  const passwordHash = await hashPassword(password, scryptCost);
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.role, 'ADMIN')));
}
