import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  VERIFICATION_ERRORS,
  VERIFICATION_LINK_HOURS,
  VERIFY_EMAIL_PAGE,
  type VerifyEmailAccount,
} from '@wallet/shared/contracts';
import type { Database, Executor } from '../db/client';
import { emailVerifications, users } from '../db/schema';
import { tableError } from '../lib/api-errors';
import type { Mailer } from '../lib/mail';
import { hashToken } from '../lib/tokens';
import type { UserRow } from './users';

/**
 * A new link for `person`: 32 random bytes, of which only the SHA-256 is stored. Links not used
 * yet are replaced, so only the newest works.
 */
async function issueLink(db: Database, person: Pick<UserRow, 'id'>) {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.userId, person.id), isNull(emailVerifications.usedAt)));
    await tx.insert(emailVerifications).values({
      userId: person.id,
      tokenHash: hashToken(token),
      expiresAt: sql`clock_timestamp() + make_interval(hours => ${VERIFICATION_LINK_HOURS})`,
    });
  });
  return token;
}

/**
 * Mails `person` a new verification link. It goes to an address no one has shown is theirs, so it
 * carries no text anyone typed, not even the name: a name like "Your wallet is frozen - unlock at
 * …" would have the wallet's own mail carry it to any inbox.
 */
export async function sendVerificationLink(db: Database, mailer: Mailer, person: Pick<UserRow, 'id' | 'email'>) {
  const link = mailer.siteLink(VERIFY_EMAIL_PAGE, { token: await issueLink(db, person) });
  await mailer.send({
    to: person.email,
    subject: 'Verify your email for Digital Wallet',
    text: [
      'Hello,',
      '',
      'Open this link to verify your email. Until then you can add money from your bank, but not send or cash out:',
      link,
      '',
      `The link works once, for ${VERIFICATION_LINK_HOURS} hours. If you did not sign up, open it and choose "I did not sign up": we close the account and free your address.`,
      'We will never ask for your password or PIN.',
    ].join('\n'),
  });
}

/**
 * The link of `token`, if it may still be used. An unknown token, one used before and one past its
 * day are each refused with their own message.
 */
async function usableLink(tx: Executor, token: string) {
  return checkedLink(
    await tx
      .select(LINK_STATE)
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashToken(token))),
  );
}

/** The link of `token`, used up: locked, checked as usableLink checks it, then marked used. */
async function useLink(tx: Executor, token: string) {
  const link = checkedLink(
    await tx
      .select(LINK_STATE)
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashToken(token)))
      .for('update'),
  );
  await tx
    .update(emailVerifications)
    .set({ usedAt: sql`clock_timestamp()` })
    .where(eq(emailVerifications.id, link.id));
  return link;
}

const LINK_STATE = {
  id: emailVerifications.id,
  userId: emailVerifications.userId,
  used: sql<boolean>`${emailVerifications.usedAt} is not null`,
  expired: sql<boolean>`${emailVerifications.expiresAt} <= clock_timestamp()`,
};

function checkedLink<T extends { used: boolean; expired: boolean }>([link]: T[]) {
  if (!link) throw tableError(VERIFICATION_ERRORS, 'LINK_INVALID');
  if (link.used) throw tableError(VERIFICATION_ERRORS, 'LINK_USED');
  if (link.expired) throw tableError(VERIFICATION_ERRORS, 'LINK_EXPIRED');
  return link;
}

/** Which account a link verifies, the link left as it is: the page names it before anything is done. */
export async function linkAccount(db: Database, token: string): Promise<VerifyEmailAccount> {
  const link = await usableLink(db, token);
  const [person] = await db
    .select({ email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, link.userId));
  return { email: person!.email, signedUpAt: person!.createdAt.toISOString() };
}

/**
 * "I did not sign up": the link is used up, and its account closed with its bonus returned
 * (sql/ledger_close_unclaimed.sql), in one transaction.
 */
export async function declineSignup(db: Database, token: string) {
  await db.transaction(async (tx) => {
    const link = await useLink(tx, token);
    const { rows } = (await tx.execute(
      sql`select refusal from ledger_close_unclaimed(${link.userId}::uuid)`,
    )) as unknown as { rows: { refusal: 'ACCOUNT_IN_USE' | 'ALREADY_CLOSED' | null }[] };
    const refusal = rows[0]?.refusal;
    if (refusal) throw tableError(VERIFICATION_ERRORS, refusal);
  });
}

/**
 * Uses a link's token once: the person's email is verified. An unknown token, one used before
 * and one past its day are each refused with their own message.
 */
export async function verifyEmail(db: Database, token: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const link = await useLink(tx, token);
    const [person] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, clock_timestamp())` })
      .where(eq(users.id, link.userId))
      .returning();
    return person!;
  });
}
