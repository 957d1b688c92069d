import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  type AcceptStaffInviteInput,
  type InviteStaffInput,
  STAFF_ERRORS,
  STAFF_INVITE_HOURS,
  STAFF_INVITE_PAGE,
  STAFF_ROLES,
  type StaffInvitation,
  type StaffList,
  type StaffMember,
  type StaffRole,
  visibleName,
} from '@wallet/shared/contracts';
import type { Database, Executor, Tx } from '../db/client';
import { passkeys, sessions, staffInvitations, users } from '../db/schema';
import { refusal, tableError } from '../lib/api-errors';
import { type Actor, recordAudit } from '../lib/audit';
import type { Mailer } from '../lib/mail';
import { hashToken } from '../lib/tokens';
import { hashPassword, type PasswordCost } from './passwords';
import type { UserRow } from './users';

/** Roles in the table's order, so a set compares and reads the same however it was sent. */
function ordered(roles: readonly StaffRole[]): StaffRole[] {
  return STAFF_ROLES.filter((role) => roles.includes(role));
}

const describe = (roles: readonly StaffRole[]) => (roles.length ? ordered(roles).join(', ') : 'none');

/** Members (every ADMIN) with their roles, passkeys and last sign-in, then the invitations still waiting. */
export async function listStaff(db: Executor): Promise<StaffList> {
  const [members, invitations] = await Promise.all([
    db
      .select({
        user: users,
        // Written out: within a subquery, Drizzle names a column without its table.
        passkeys: sql<number>`(select count(*)::int from passkeys where passkeys.user_id = users.id)`,
      })
      .from(users)
      .where(eq(users.role, 'ADMIN'))
      .orderBy(asc(users.name), asc(users.id))
      .limit(1000),
    db
      .select()
      .from(staffInvitations)
      .where(and(isNull(staffInvitations.acceptedAt), sql`${staffInvitations.expiresAt} > clock_timestamp()`))
      .orderBy(asc(staffInvitations.createdAt))
      .limit(1000),
  ]);
  return {
    members: members.map((row) => toStaffMember(row.user, row.passkeys)),
    invitations: invitations.map(toInvitation),
  };
}

/** A member as the Staff screen shows them, their passkeys counted. */
export async function staffMemberOf(db: Executor, row: UserRow): Promise<StaffMember> {
  const [held] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, row.id));
  return toStaffMember(row, held?.n ?? 0);
}

function toStaffMember(row: UserRow, passkeyCount: number): StaffMember {
  return {
    _id: row.id,
    name: visibleName(row.name),
    email: row.email,
    roles: ordered(row.staffRoles),
    isActive: row.isActive,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    passkeys: passkeyCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function toInvitation(row: typeof staffInvitations.$inferSelect): StaffInvitation {
  return {
    _id: row.id,
    name: visibleName(row.name),
    email: row.email,
    roles: ordered(row.roles),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * An owner invites a member: the address must belong to nobody yet (a user's or an agent's
 * account never becomes staff: a person who holds money and runs the system is one password from
 * both). A new invitation of the same address replaces one still waiting, so only the newest link
 * works. The link carries 32 random bytes; only their SHA-256 is stored. Audited with the roles.
 */
export async function inviteStaff(db: Database, mailer: Mailer, actor: Actor, input: InviteStaffInput) {
  const token = randomBytes(32).toString('base64url');
  const invitation = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (taken) throw tableError(STAFF_ERRORS, 'STAFF_EMAIL_TAKEN');
    await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.acceptedAt)));
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        name: input.name,
        email: input.email,
        roles: ordered(input.roles),
        tokenHash: hashToken(token),
        invitedBy: actor.adminId,
        expiresAt: sql`clock_timestamp() + make_interval(hours => ${STAFF_INVITE_HOURS})`,
      })
      .returning();
    await recordAudit(tx, {
      action: 'staff_invite',
      adminId: actor.adminId,
      targetUserId: null,
      reason: `${input.email}: ${describe(input.roles)}`,
    });
    return row!;
  });
  const link = mailer.siteLink(STAFF_INVITE_PAGE, { token });
  await mailer.send({
    to: invitation.email,
    subject: 'You are invited to run Digital Wallet',
    text: [
      // To an address not yet shown to be the invitee's: no text anyone typed, the name included.
      'Hello,',
      '',
      `You are invited to join Digital Wallet's staff as ${describe(invitation.roles)}. Open this link to set your password:`,
      link,
      '',
      `The link works once, for ${STAFF_INVITE_HOURS} hours. If you did not expect it, ignore this mail.`,
      'We will never ask for your password.',
    ].join('\n'),
  });
  return toInvitation(invitation);
}

/**
 * The invitee sets their password: the invitation is used once (locked, so two tabs cannot both
 * use it), and their account is made as an ADMIN with its roles, their email proven by the link.
 * An address taken meanwhile (someone registered with it) is refused, and the invitation stays.
 */
export async function acceptStaffInvitation(
  db: Database,
  input: AcceptStaffInviteInput,
  passwordCost: PasswordCost,
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password, passwordCost);
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({
        row: staffInvitations,
        expired: sql<boolean>`${staffInvitations.expiresAt} <= clock_timestamp()`,
      })
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, hashToken(input.token)))
      .for('update');
    if (!invitation) throw tableError(STAFF_ERRORS, 'INVITE_INVALID');
    if (invitation.row.acceptedAt) throw tableError(STAFF_ERRORS, 'INVITE_USED');
    if (invitation.expired) throw tableError(STAFF_ERRORS, 'INVITE_EXPIRED');
    const [member] = await tx
      .insert(users)
      .values({
        name: invitation.row.name,
        email: invitation.row.email,
        passwordHash,
        role: 'ADMIN',
        staffRoles: invitation.row.roles,
        emailVerifiedAt: sql`clock_timestamp()`,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!member) throw tableError(STAFF_ERRORS, 'STAFF_EMAIL_TAKEN');
    await tx
      .update(staffInvitations)
      .set({ acceptedAt: sql`clock_timestamp()`, acceptedUserId: member.id })
      .where(eq(staffInvitations.id, invitation.row.id));
    await recordAudit(tx, {
      action: 'staff_join',
      adminId: invitation.row.invitedBy,
      targetUserId: member.id,
      reason: describe(member.staffRoles),
    });
    return member;
  });
}

/**
 * Locks every active owner's row, in id order (as money locks wallets), and the target's; then
 * the actor must still be an active owner (another owner may have demoted them meanwhile). That
 * is what keeps an owner: a change is made by an active owner other than its target (nobody
 * changes themselves), under these locks, so at least the actor stays one. Two owners demoting
 * each other at once: the second finds itself demoted and is refused.
 */
async function lockStaff(tx: Tx, actorId: string, targetId: string) {
  const rows = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, 'ADMIN'),
        sql`(${users.id} = ${targetId} or (${users.isActive} and 'OWNER' = any(${users.staffRoles})))`,
      ),
    )
    .orderBy(asc(users.id))
    .for('update');
  if (!rows.some((row) => row.id === actorId && row.isActive && row.staffRoles.includes('OWNER'))) {
    throw refusal('ROLE_NOT_ALLOWED');
  }
  const target = rows.find((row) => row.id === targetId);
  if (!target) throw tableError(STAFF_ERRORS, 'STAFF_NOT_FOUND');
  return target;
}

/**
 * A change an owner makes to another active member: never to oneself, made under lockStaff's
 * locks, and audited with `action` and the reason the change gives, in one transaction.
 */
async function changeMember(
  db: Database,
  actor: Actor,
  targetId: string,
  action: 'staff_roles' | 'staff_deactivate',
  change: (tx: Tx, target: UserRow) => Promise<{ updated: UserRow; reason: string }>,
) {
  if (actor.adminId === targetId) throw tableError(STAFF_ERRORS, 'OWN_STAFF_ROLES');
  return db.transaction(async (tx) => {
    const target = await lockStaff(tx, actor.adminId, targetId);
    if (!target.isActive) throw tableError(STAFF_ERRORS, 'STAFF_ALREADY_INACTIVE');
    const { updated, reason } = await change(tx, target);
    await recordAudit(tx, { action, adminId: actor.adminId, targetUserId: targetId, reason });
    return updated;
  });
}

/**
 * An owner changes another member's roles (the whole set). Nobody changes their own: granting
 * oneself a role, DEPLOYER included, takes a second owner; and so the last active owner, who has
 * no other owner to act on them, keeps OWNER (lockStaff). Audited.
 */
export function updateStaffRoles(db: Database, actor: Actor, targetId: string, roles: StaffRole[]) {
  const next = ordered(roles);
  return changeMember(db, actor, targetId, 'staff_roles', async (tx, target) => {
    const [updated] = await tx.update(users).set({ staffRoles: next }).where(eq(users.id, targetId)).returning();
    return { updated: updated!, reason: `${describe(target.staffRoles)} → ${describe(next)}` };
  });
}

/**
 * An owner deactivates another member: their account stays (the audit log names them) but holds
 * no role and no session, so their next request on any instance is signed out (401) and their
 * event streams close at the next check. The last active owner stays (lockStaff). Audited.
 */
export function deactivateStaff(db: Database, actor: Actor, targetId: string) {
  return changeMember(db, actor, targetId, 'staff_deactivate', async (tx, target) => {
    const [updated] = await tx
      .update(users)
      .set({ isActive: false, staffRoles: [] })
      .where(eq(users.id, targetId))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, targetId));
    return { updated: updated!, reason: `held ${describe(target.staffRoles)}` };
  });
}
