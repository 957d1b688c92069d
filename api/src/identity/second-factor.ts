import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, type User } from '@wallet/shared/contracts';
import type { Database, Executor } from '../db/client';
import { recoveryCodes, sessions } from '../db/schema';
import { hashToken } from '../lib/tokens';
import type { UserRow } from './users';

export type StaffSecondFactor = 'required' | 'optional';
export type SecondFactorDue = NonNullable<User['secondFactor']>;

/**
 * What a staff member's session still needs before it opens an admin route, or null: a session a
 * passkey or a recovery code completed (`sessions.passkey_at`) needs nothing; otherwise a member
 * who has a passkey must use it (a password never downgrades an account that has one), and with
 * STAFF_SECOND_FACTOR=required one who has none must add one. Users and agents: always null.
 */
export async function secondFactorDue(
  db: Executor,
  token: string,
  person: UserRow,
  mode: StaffSecondFactor,
): Promise<SecondFactorDue | null> {
  if (person.role !== 'ADMIN') return null;
  const [row] = await db
    .select({
      completedAt: sessions.passkeyAt,
      // Written out: drizzle leaves a column in a select list unqualified, which would match any passkey.
      hasPasskey: sql<boolean>`exists (select 1 from passkeys where passkeys.user_id = sessions.user_id)`,
    })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!row || row.completedAt) return null;
  if (row.hasPasskey) return 'passkey';
  return mode === 'required' ? 'add-passkey' : null;
}

/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 12 characters, about 59 bits, shown as three groups of four. */
function recoveryCode() {
  const characters = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join('')).join('-');
}

const recoveryHash = (code: string) => hashToken(code.replace(/[\s-]/g, '').toLowerCase());

/**
 * A staff member's ten recovery codes, replacing any before them: returned this once, kept as
 * SHA-256 only (59 random bits each, and every try is counted like a sign-in).
 */
export async function makeRecoveryCodes(db: Executor, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryHash(code) })));
  return codes;
}

/**
 * Takes one of the person's recovery codes, once (deleted as it is read), and completes the session
 * behind `token` with it. Returns how many codes are left, or null when the code is wrong or used.
 */
export async function completeWithRecoveryCode(db: Database, person: UserRow, token: string, code: string) {
  // One transaction: a code is never used up without completing the session, nor the reverse.
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, person.id), eq(recoveryCodes.codeHash, recoveryHash(code))))
      .returning({ userId: recoveryCodes.userId });
    if (!taken) return null;
    await tx
      .update(sessions)
      .set({ passkeyAt: sql`clock_timestamp()` })
      .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.userId, person.id)));
    const [left] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, person.id));
    return Number(left?.count ?? 0);
  });
}
