import { createHash, createHmac, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  PIN_ERRORS,
  PIN_RESET_CODE_LENGTH,
  PIN_RESET_CODE_MINUTES,
  PIN_RESET_CODE_TRIES,
  PIN_RESET_HOLD_HOURS,
  PIN_TEXTS,
  type SetPinInput,
} from '@wallet/shared/contracts';
import type { Database, Executor } from '../db/client';
import type { FastifyBaseLogger } from 'fastify';
import { pinResetCodes, users } from '../db/schema';
import { hashToken } from '../lib/tokens';
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
  mailer: Mailer;
  log?: FastifyBaseLogger;
}

/** How long after signing in with Google again a person without a password may set their PIN. */
const REAUTH_WINDOW_MS = 5 * 60_000;

/** How a PIN came to be: each is audited and mailed. */
type PinChange = 'pin_set' | 'pin_change' | 'pin_reset';

/**
 * The new PIN stored, in the transaction that proved the right to it. The wrong-PIN count and a
 * lock stay as they are: no change of PIN clears them, only the hour or staff (a right PIN in a
 * movement ends a row of wrong ones; the right current PIN of a change does not). A reset also
 * starts the hold on outgoing money (pin_reset_hold()).
 */
async function storePin(
  db: Executor,
  person: UserRow,
  pin: string,
  key: PinKey,
  change: PinChange,
  failuresBefore?: number,
) {
  await db
    .update(users)
    .set({
      pinHash: sql`pin_digest(${keyedPin(pin, [key])[key.id]!}, ${person.id}::uuid)`,
      pinKeyId: key.id,
      pinSetAt: sql`clock_timestamp()`,
      ...(change === 'pin_reset' ? { pinResetAt: sql`clock_timestamp()` } : {}),
      // The right current PIN of a change cleared the count (pin_verify): a change keeps it.
      ...(failuresBefore === undefined ? {} : { pinFailures: failuresBefore }),
    })
    .where(eq(users.id, person.id));
  await recordAudit(db, { action: change, adminId: person.id, targetUserId: person.id });
}

/** The password, or for a person without one, a Google sign-in again within 5 minutes. */
async function checkSecondProof(context: PinContext, person: UserRow, password: string | undefined) {
  if (person.passwordHash) {
    if (password === undefined) throw tableError(PIN_ERRORS, 'PASSWORD_NEEDED');
    if (!(await context.passwords.verify(person.id, password, person.passwordHash))) {
      throw tableError(PIN_ERRORS, 'PASSWORD_WRONG');
    }
    return;
  }
  if (password !== undefined) throw tableError(PIN_ERRORS, 'GOOGLE_SIGN_IN_NEEDED');
  const at = context.reauthenticatedAt?.getTime();
  if (at === undefined || Date.now() - at > REAUTH_WINDOW_MS) throw tableError(PIN_ERRORS, 'GOOGLE_SIGN_IN_NEEDED');
}

/** A reset code's stored form: SHA-256 of the person's id and the digits (a code is someone's). */
const resetCodeHash = (personId: string, code: string) => hashToken(`wallet-pin-reset:${personId}:${code}`);

/**
 * PUT /user/pin (the contracts' setPinInputSchema says the three ways). The password alone never
 * replaces a PIN that exists: changing one takes the current PIN, checked under the person's row
 * lock as a movement checks it (a wrong one counts towards the lock), and a forgotten one takes the
 * code mailed by requestPinReset as well as the password. Every way is audited and mailed.
 */
export async function setPin(context: PinContext, person: UserRow, input: SetPinInput) {
  const [current] = context.keys;
  let change: PinChange;
  if (input.currentPin !== undefined) {
    if (!person.pinHash) throw tableError(PIN_ERRORS, 'NO_PIN_YET');
    change = 'pin_change';
  } else if (input.code !== undefined) {
    await checkSecondProof(context, person, input.password);
    change = 'pin_reset';
  } else {
    if (person.pinHash) throw tableError(PIN_ERRORS, 'CURRENT_PIN_NEEDED');
    await checkSecondProof(context, person, input.password);
    change = 'pin_set';
  }
  // A refusal is returned from the transaction, not thrown in it: a wrong PIN or code stays counted.
  const refused = await context.db.transaction(async (tx) => {
    let failuresBefore: number | undefined;
    if (change === 'pin_change') {
      const { rows } = (await tx.execute(sql`
        select checked.refusal, checked.refusal_params, locked.pin_failures
        from (select * from users where id = ${person.id} for no key update) locked,
             pin_verify(locked::users, ${JSON.stringify(keyedPin(input.currentPin!, context.keys))}::jsonb, ${current!.id}) checked`)) as unknown as {
        rows: {
          refusal: string | null;
          refusal_params: Record<string, string | number> | null;
          pin_failures: number;
        }[];
      };
      if (rows[0]?.refusal) return pinRefusal(rows[0].refusal, rows[0].refusal_params);
      failuresBefore = rows[0]?.pin_failures;
    } else if (change === 'pin_reset') {
      // Used once: deleted when right, in time and not yet voided; a wrong one is counted.
      const hash = resetCodeHash(person.id, input.code!);
      const { rows } = (await tx.execute(sql`
        with offered as (select * from pin_reset_codes where user_id = ${person.id} for update),
        used as (
          delete from pin_reset_codes c using offered
          where c.user_id = offered.user_id and offered.code_hash = ${hash}
            and offered.expires_at > clock_timestamp() and offered.wrong_tries < ${PIN_RESET_CODE_TRIES}
          returning c.user_id),
        counted as (
          update pin_reset_codes c set wrong_tries = c.wrong_tries + 1 from offered
          where c.user_id = offered.user_id and offered.code_hash <> ${hash}
          returning c.user_id)
        select exists (select 1 from used) as used`)) as unknown as {
        rows: { used: boolean }[];
      };
      if (!rows[0]?.used) return tableError(PIN_ERRORS, 'PIN_CODE_WRONG');
    }
    await storePin(tx, person, input.pin, current!, change, failuresBefore);
    return null;
  });
  if (refused) throw refused;
  await mailPinChanged(context.mailer, person, change).catch((error: Error) =>
    context.log?.warn({ reason: error.message }, 'the PIN mail could not be sent'),
  );
  return change === 'pin_reset' ? PIN_TEXTS.reset : PIN_TEXTS.set;
}

/**
 * POST /user/pin/reset: a one-time code of PIN_RESET_CODE_LENGTH digits mailed to the person, for
 * PIN_RESET_CODE_MINUTES; a new one replaces the last. The code alone changes nothing: PUT
 * /user/pin takes it with the password (or Google again).
 */
export async function requestPinReset(db: Database, mailer: Mailer, person: UserRow) {
  const code = String(randomInt(0, 10 ** PIN_RESET_CODE_LENGTH)).padStart(PIN_RESET_CODE_LENGTH, '0');
  const expiresAt = sql`clock_timestamp() + make_interval(mins => ${PIN_RESET_CODE_MINUTES})`;
  await db
    .insert(pinResetCodes)
    .values({ userId: person.id, codeHash: resetCodeHash(person.id, code), expiresAt })
    .onConflictDoUpdate({
      target: pinResetCodes.userId,
      set: { codeHash: resetCodeHash(person.id, code), expiresAt, wrongTries: 0, createdAt: sql`clock_timestamp()` },
    });
  await mailer.send({
    to: person.email,
    subject: 'Your code to reset your wallet PIN',
    text:
      `${greeting(person)}\n\nYour code to reset your wallet PIN is ${code}. It works once, for ${PIN_RESET_CODE_MINUTES} minutes, ` +
      `with your password (or a fresh Google sign-in). After a reset, money cannot leave your wallet for ` +
      `${PIN_RESET_HOLD_HOURS} hours; money sent to you still arrives.\n\n` +
      `If you did not ask for this code, someone may know your password: change it now and ask us to look at your account.\n\n` +
      `${PIN_TEXTS.never}\n`,
  });
}

/** Greeted by name only once the address is shown to be theirs: mail to an unverified address carries no typed text. */
const greeting = (person: Pick<UserRow, 'name' | 'emailVerifiedAt'>) =>
  person.emailVerifiedAt ? `Hello ${person.name},` : 'Hello,';

const CHANGE_MAIL: Record<PinChange, { subject: string; body: string }> = {
  pin_set: { subject: 'Your wallet PIN is set', body: 'A wallet PIN was set for your account.' },
  pin_change: { subject: 'Your wallet PIN was changed', body: 'Your wallet PIN was changed with the PIN before it.' },
  pin_reset: {
    subject: 'Your wallet PIN was reset',
    body:
      `Your wallet PIN was reset with the code we emailed you. For your safety, money cannot leave your wallet ` +
      `for ${PIN_RESET_HOLD_HOURS} hours; money sent to you still arrives.`,
  },
};

/** Every PIN set, change and reset is told to the person, so a change they did not make is seen. */
async function mailPinChanged(mailer: Mailer, person: UserRow, change: PinChange) {
  const mail = CHANGE_MAIL[change];
  await mailer.send({
    to: person.email,
    subject: mail.subject,
    text:
      `${greeting(person)}\n\n${mail.body} If it was not you, change your password now and ask us to look at ` +
      `your account: we can block your wallet while we do.\n\n${PIN_TEXTS.never}\n`,
  });
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
