import { createHash, createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PIN_ERRORS, PIN_TEXTS, type SetPinInput } from '@wallet/shared/contracts';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { pinRefusal, tableError } from '../lib/api-errors';
import type { Mailer } from '../lib/mail';
import type { PasswordHasher } from './passwords';
import type { UserRow } from './users';
import { recordAudit } from '../lib/audit';
import { embeddedSecret } from '../lib/secrets';

/**
 * The wallet PIN's keyed hash: HMAC-SHA256 under PIN_SECRET, which only the API holds (as a
 * payment HSM holds its key). The database stores SHA-256 over that and the person's id
 * (sql/pin_digest.sql), so a copy of the database alone cannot be guessed through: without the
 * secret no PIN's keyed hash can be made, and five digits are only 100,000 guesses. Microseconds,
 * where a password hash would cost every movement tens of milliseconds and protect nothing more.
 */
export interface PinKey {
  /** Recorded with each hash, so the secret can be rotated. */
  id: string;
  secret: string;
}

export function pinKeys(secrets: readonly string[]): PinKey[] {
  return secrets.map((secret) => ({
    id: createHash('sha256').update(`wallet-pin-key:${secret}`).digest('hex').slice(0, 12),
    secret,
  }));
}

/** The PIN's keyed hash under each key, by key id: what the database functions compare. */
export function keyedPin(pin: string, keys: readonly PinKey[]) {
  return Object.fromEntries(
    keys.map((key) => [key.id, createHmac('sha256', key.secret).update(`wallet-pin:${pin}`).digest('hex')]),
  );
}

/**
 * The embedded database's PIN secret: made once into DATA_DIR/pin-secret and kept there, as the
 * deploy token is (a new secret would make every PIN wrong).
 */
export const embeddedPinSecret = (dataDir: string) => embeddedSecret(dataDir, 'pin-secret');

interface PinContext {
  db: Database;
  keys: readonly PinKey[];
  passwords: PasswordHasher;
  /** When Google asked the person to sign in again to start this session, if it did. */
  reauthenticatedAt: Date | null;
}

/** How long after signing in with Google again a person without a password may set their PIN. */
const REAUTH_WINDOW_MS = 5 * 60_000;

async function storePin(db: Database, person: UserRow, pin: string, key: PinKey) {
  await db
    .update(users)
    .set({
      pinHash: sql`pin_digest(${keyedPin(pin, [key])[key.id]!}, ${person.id}::uuid)`,
      pinKeyId: key.id,
      pinSetAt: sql`clock_timestamp()`,
      pinFailures: 0,
    })
    .where(eq(users.id, person.id));
}

/**
 * PUT /user/pin. With the password (hashed through the same bounded queue as a login), or with
 * the current PIN, which counts towards the lock as a movement's does. A lock stays: a new PIN
 * set with the password works once the hour ends or an admin lifts it.
 */
export async function setPin(context: PinContext, person: UserRow, input: SetPinInput) {
  const [current] = context.keys;
  if (input.password !== undefined) {
    if (!person.passwordHash) throw tableError(PIN_ERRORS, 'GOOGLE_SIGN_IN_NEEDED');
    if (!(await context.passwords.verify(person.id, input.password, person.passwordHash))) {
      throw tableError(PIN_ERRORS, 'PASSWORD_WRONG');
    }
  } else if (input.currentPin !== undefined) {
    if (!person.pinHash) throw tableError(PIN_ERRORS, 'NO_PIN_YET');
    const rows = (await context.db.execute(sql`
      select checked.refusal, checked.refusal_params
      from users u, pin_verify(u, ${JSON.stringify(keyedPin(input.currentPin, context.keys))}::jsonb, ${current!.id}) checked
      where u.id = ${person.id}`)) as unknown as {
      rows: { refusal: string | null; refusal_params: Record<string, string | number> | null }[];
    };
    const [checked] = rows.rows;
    if (checked?.refusal) throw pinRefusal(checked.refusal, checked.refusal_params);
  } else {
    // `{ pin }` alone is for a person with no password, just signed in again with Google.
    if (person.passwordHash) throw tableError(PIN_ERRORS, 'PASSWORD_NEEDED');
    const at = context.reauthenticatedAt?.getTime();
    if (at === undefined || Date.now() - at > REAUTH_WINDOW_MS) throw tableError(PIN_ERRORS, 'GOOGLE_SIGN_IN_NEEDED');
  }
  await storePin(context.db, person, input.pin, current!);
  return PIN_TEXTS.set;
}

/**
 * The mail a person gets when their PIN locks: someone may be trying it. Greeted by name only once
 * the address is shown to be theirs: mail to an unverified address carries no typed text.
 */
export async function mailPinLocked(mailer: Mailer, person: { email: string; name: string; verified: boolean }) {
  await mailer.send({
    to: person.email,
    subject: 'Your wallet PIN is locked',
    text:
      `${person.verified ? `Hello ${person.name},` : 'Hello,'}\n\nSomeone entered a wrong wallet PIN three times in a row, so money cannot leave ` +
      `your wallet for one hour. If it was not you, change your password now and ask us to look at your account.\n\n` +
      `${PIN_TEXTS.never}\n`,
  });
}

/** PATCH /admin/pin-unlock/{id}: the lock and the count lifted, audited. */
export async function unlockPin(db: Database, adminId: string, personId: string) {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .update(users)
      .set({ pinFailures: 0, pinLockedUntil: null })
      .where(eq(users.id, personId))
      .returning();
    if (!person) return undefined;
    await recordAudit(tx, { action: 'pin_unlock', adminId, targetUserId: personId });
    return person;
  });
}
