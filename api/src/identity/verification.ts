import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { VERIFICATION_ERRORS, VERIFICATION_LINK_HOURS, VERIFY_EMAIL_PAGE } from '@wallet/shared/contracts';
import type { Database } from '../db/client';
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
      `The link works once, for ${VERIFICATION_LINK_HOURS} hours. If you did not sign up, ignore this mail.`,
      'We will never ask for your password or PIN.',
    ].join('\n'),
  });
}

/**
 * Uses a link's token once: the person's email is verified. An unknown token, one used before
 * and one past its day are each refused with their own message.
 */
export async function verifyEmail(db: Database, token: string): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({
        id: emailVerifications.id,
        userId: emailVerifications.userId,
        used: sql<boolean>`${emailVerifications.usedAt} is not null`,
        expired: sql<boolean>`${emailVerifications.expiresAt} <= clock_timestamp()`,
      })
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashToken(token)))
      .for('update');
    if (!link) throw tableError(VERIFICATION_ERRORS, 'LINK_INVALID');
    if (link.used) throw tableError(VERIFICATION_ERRORS, 'LINK_USED');
    if (link.expired) throw tableError(VERIFICATION_ERRORS, 'LINK_EXPIRED');
    await tx
      .update(emailVerifications)
      .set({ usedAt: sql`clock_timestamp()` })
      .where(eq(emailVerifications.id, link.id));
    const [person] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, clock_timestamp())` })
      .where(eq(users.id, link.userId))
      .returning();
    return person!;
  });
}
