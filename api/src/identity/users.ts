import { AUTH_ERRORS, STAFF_ERRORS, STAFF_ROLES, visibleName } from '@wallet/shared/contracts';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AllUserQuery, Counterpart, Language, LoginInput, RegisterInput, Role } from '@wallet/shared/contracts';
import { takaToPoisha } from '@wallet/shared/money';
import type { Database, Executor } from '../db/client';
import { accounts, sessions, userIdentities, users } from '../db/schema';
import { refusal, tableError } from '../lib/api-errors';
import { post, type SystemAccountIds } from '../ledger/post';
import { recordAudit } from '../lib/audit';
import { isUniqueViolation } from '../db/errors';
import { hashPassword, needsRehash, type PasswordCost, type PasswordHasher } from './passwords';
import { cappedTotal, pageMeta, type Paged } from '../lib/paging';
import { escapeLike, maskEmail } from '../lib/search';

const REGISTRATION_BONUS_TAKA = 50;

export type UserRow = typeof users.$inferSelect;

/** Creates a USER with a wallet and pays the registration bonus, all in one database transaction. */
async function createUserWithWallet(
  db: Database,
  system: SystemAccountIds,
  input: { name: string; email: string; passwordHash: string | null; emailVerified?: boolean },
) {
  const { emailVerified = false, ...person } = input;
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ ...person, role: 'USER', emailVerifiedAt: emailVerified ? sql`clock_timestamp()` : null })
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
    if (isUniqueViolation(error)) throw tableError(AUTH_ERRORS, 'USER_EXISTS');
    throw error;
  }
}

/** `owner`: the client's address, whose fair share of the password-hashing queue this takes. */
export async function register(
  db: Database,
  system: SystemAccountIds,
  input: RegisterInput,
  hasher: PasswordHasher,
  owner: string,
) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw tableError(AUTH_ERRORS, 'USER_EXISTS');
  const passwordHash = await hasher.hash(owner, input.password);
  return createUserWithWallet(db, system, { name: input.name, email: input.email, passwordHash });
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string;
  /** The Google Workspace domain that manages the account (the `hd` claim), if any. */
  hostedDomain?: string;
}

/** Why an identity was not linked to the account that has its email; the login page words each. */
export type LinkRefusal = 'google_admin' | 'google_linked_elsewhere' | 'google_domain';

export class IdentityLinkRefused extends Error {
  constructor(readonly reason: LinkRefusal) {
    super(`identity not linked: ${reason}`);
  }
}

/** Addresses Google itself hosts: its word that the person owns one is its own mailbox's. */
const GOOGLE_MAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * Whether Google vouches for the address itself, not only for the person having once received
 * mail there: a Gmail address, or one of the Workspace domain that manages the account.
 */
function googleOwnsAddress(identity: VerifiedIdentity) {
  const domain = identity.email.split('@')[1] ?? '';
  return GOOGLE_MAIL_DOMAINS.has(domain) || (identity.hostedDomain !== undefined && identity.hostedDomain === domain);
}

/**
 * The account behind a provider's identity, found by issuer and subject, never by email alone:
 * - an identity seen before signs in the account it was linked to;
 * - otherwise a new email gets a new USER with a wallet and the bonus, linked to the identity and
 *   verified (the provider sends only verified addresses);
 * - otherwise the email belongs to an account here, which is linked only when the provider owns
 *   the address (Gmail, or the account's Workspace domain) and the account has no identity of
 *   this provider yet: it is never moved from one Google account to another. Linking clears the
 *   password and revokes every session, so whoever registered the address beforehand keeps
 *   nothing; it is audited, and `linked` is true so the caller mails the address. An ADMIN is never
 *   linked automatically.
 */
export async function signInWithIdentity(
  db: Database,
  system: SystemAccountIds,
  identity: VerifiedIdentity,
): Promise<{ user: UserRow; linked: boolean }> {
  const known = await identityOwner(db, identity);
  if (known) return { user: known, linked: false };
  const link = { issuer: identity.issuer, subject: identity.subject, email: identity.email };
  try {
    const linked = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(eq(users.email, identity.email)).for('update').limit(1);
      if (!existing) return null;
      if (existing.role === 'ADMIN') throw new IdentityLinkRefused('google_admin');
      const [other] = await tx
        .select({ subject: userIdentities.subject })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, existing.id), eq(userIdentities.issuer, identity.issuer)))
        .limit(1);
      if (other) throw new IdentityLinkRefused('google_linked_elsewhere');
      if (!googleOwnsAddress(identity)) throw new IdentityLinkRefused('google_domain');
      await tx.insert(userIdentities).values({ ...link, userId: existing.id });
      const [user] = await tx
        .update(users)
        .set({ passwordHash: null, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, clock_timestamp())` })
        .where(eq(users.id, existing.id))
        .returning();
      if (existing.passwordHash !== null) await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      await recordAudit(tx, { action: 'link_google', adminId: existing.id, targetUserId: existing.id });
      return user!;
    });
    if (linked) return { user: linked, linked: true };
    return { user: await createLinkedUser(db, system, identity), linked: false };
  } catch (error) {
    // The same identity signed in twice at once: the other request linked or created it.
    if (!isUniqueViolation(error)) throw error;
    const raced = await identityOwner(db, identity);
    if (raced) return { user: raced, linked: false };
    throw error;
  }
}

async function identityOwner(db: Executor, identity: Pick<VerifiedIdentity, 'issuer' | 'subject'>) {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)))
    .limit(1);
  return row?.user ?? null;
}

async function createLinkedUser(db: Database, system: SystemAccountIds, identity: VerifiedIdentity): Promise<UserRow> {
  try {
    const user = await createUserWithWallet(db, system, {
      name: identity.name,
      email: identity.email,
      passwordHash: null,
      emailVerified: true,
    });
    await db
      .insert(userIdentities)
      .values({ issuer: identity.issuer, subject: identity.subject, email: identity.email, userId: user.id });
    return user;
  } catch (error) {
    // Registered in the same instant by another request: link that account instead.
    if ((error as { statusCode?: number }).statusCode === 409)
      return (await signInWithIdentity(db, system, identity)).user;
    throw error;
  }
}

/** A hash of nothing anyone knows, so a login for an unknown email costs the same time as a real one. */
let decoyHash: Promise<string> | undefined;

/**
 * The email arrives normalised by the contract (trimmed, lower-cased). A password hashed otherwise
 * than today's cost says (by the scrypt Argon2id replaced, or with other parameters) is hashed
 * again now that the password is known, unless someone changed it meanwhile; a busy hashing line
 * leaves that for the next sign-in.
 */
export async function authenticate(db: Executor, input: LoginInput, hasher: PasswordHasher, owner: string) {
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  decoyHash ??= hashPassword('decoy password, never valid', hasher.cost);
  const stored = user?.passwordHash ?? (await decoyHash);
  const valid = await hasher.verify(owner, input.password, stored);
  // Staff sign-ins go to the audit log, failed ones too (no actor: whoever tried), with the network.
  const staffAttempt = (action: 'staff_sign_in' | 'staff_sign_in_failed') =>
    recordAudit(db, {
      action,
      adminId: action === 'staff_sign_in' ? user!.id : null,
      targetUserId: user!.id,
      reason: `from ${owner}`,
    });
  if (!user || !user.passwordHash || !valid) {
    if (user?.role === 'ADMIN') await staffAttempt('staff_sign_in_failed');
    throw tableError(AUTH_ERRORS, 'WRONG_CREDENTIALS');
  }
  // A deactivated staff member's account stays for the audit log, but opens nothing.
  if (user.role === 'ADMIN' && !user.isActive) {
    await staffAttempt('staff_sign_in_failed');
    throw tableError(STAFF_ERRORS, 'STAFF_DEACTIVATED');
  }
  if (user.role === 'ADMIN') await staffAttempt('staff_sign_in');
  if (needsRehash(user.passwordHash, hasher.cost)) {
    const rehashed = await hasher.hash(owner, input.password).catch(() => undefined);
    if (rehashed)
      await db
        .update(users)
        .set({ passwordHash: rehashed })
        .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }
  return user;
}

/**
 * A picker's search: a whole email finds its account; anything else searches names only, so
 * emails cannot be discovered a few letters at a time.
 */
function pickerFilter(search: string): SQL {
  if (search.includes('@')) return eq(users.email, search.toLowerCase());
  return sql`lower(${users.name}) like ${`%${escapeLike(search.toLowerCase())}%`}`;
}

/** The movement each picker purpose picks the other party of. */
const PICKED_FOR = { transfer: 'transfer', cashout: 'cash-out', cashin: 'cash-in' } as const;

/**
 * The people a caller may pick as a counterpart: for a USER, other verified USERs (transfer) or
 * active AGENTs (cash-out); for an AGENT, verified USERs (cash-in). Searched and paged on the
 * server. Who may be picked is the movement's own rule, counterpart_refusal (ledger/sql), so
 * nobody is offered whom the movement would refuse: the type is a literal, so the planner inlines
 * the function down to its arm and the search keeps its indexes (bench:lists shows the plan).
 */
export async function listCounterparts(
  db: Executor,
  caller: { id: string; role: Role },
  query: AllUserQuery,
): Promise<Paged<Counterpart>> {
  const type = PICKED_FOR[caller.role === 'AGENT' ? 'cashin' : (query.purpose ?? 'transfer')];
  const filters = [
    sql`counterpart_refusal(${sql.raw(`'${type}'`)}, ${caller.id}::uuid, ${users.id}, ${users.role}, ${users.emailVerifiedAt}, ${users.isActive}) is null`,
    pickerFilter(query.search),
  ];
  const where = and(...filters);
  // At most 5 pages of 20 (the contract): a short OFFSET, never a deep one.
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    db
      .select({ _id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.limit + 1)
      .offset(offset),
    cappedTotal(db, sql`select 1 from ${users} where ${where}`),
  ]);
  const items = rows
    .slice(0, query.limit)
    .map((row) => ({ ...row, name: visibleName(row.name), email: maskEmail(row.email) }));
  return { items, meta: pageMeta(query, total, rows.length > query.limit) };
}

/**
 * The configured first admin: created when missing; an existing admin keeps its password.
 * Several instances starting at once all end here: the insert is idempotent. An email that
 * belongs to a USER or AGENT is a configuration error, never a silent success.
 */
export async function ensureAdmin(
  db: Executor,
  admin: { email: string; password: string },
  passwordCost: PasswordCost,
) {
  const byEmail = () => db.select().from(users).where(eq(users.email, admin.email)).limit(1);
  // The usual start finds the admin: no password hash is computed for nothing.
  let [existing] = await byEmail();
  if (!existing) {
    const passwordHash = await hashPassword(admin.password, passwordCost);
    const [inserted] = await db
      .insert(users)
      // The admin the site is set up with is an owner holding every role, so a one-person site does
      // all the spec's admin does; every other member is invited by an owner (identity/staff.ts).
      .values({ name: 'Admin', email: admin.email, passwordHash, role: 'ADMIN', staffRoles: [...STAFF_ROLES] })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (inserted) return { user: inserted, created: true };
    [existing] = await byEmail();
  }
  if (existing?.role !== 'ADMIN') {
    throw new Error(`ADMIN_EMAIL ${admin.email} belongs to an account that is not an admin: choose another email`);
  }
  return { user: existing, created: false };
}

/** The development admin of an embedded database gets a fresh random password at every start. */
export async function resetAdminPassword(db: Executor, userId: string, password: string, passwordCost: PasswordCost) {
  const passwordHash = await hashPassword(password, passwordCost);
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.role, 'ADMIN')));
}

/**
 * A person's language, chosen on their profile, and when (the database's clock): the client keeps
 * the later of this choice and one made signed out in a cookie.
 */
export async function setLanguage(db: Executor, userId: string, language: Language) {
  const [user] = await db
    .update(users)
    .set({ language, languageChosenAt: sql`clock_timestamp()` })
    .where(eq(users.id, userId))
    .returning();
  // The session named the person a moment ago; a row gone since is a session that no longer holds.
  if (!user) throw refusal('NOT_SIGNED_IN');
  return user;
}
