import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import {
  type AddedPasskey,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_CODE_MINUTES,
  PASSKEY_ERRORS,
  STAFF_ERRORS,
} from '@wallet/shared/contracts';
import type { Database, Executor } from '../db/client';
import { passkeyCodes, passkeys, sessions, users, webauthnChallenges } from '../db/schema';
import { tableError } from '../lib/api-errors';
import { recordAudit } from '../lib/audit';
import type { Mailer } from '../lib/mail';
import { hashToken } from '../lib/tokens';
import type { UserRow } from './users';
import { deviceOf } from './sessions';
import { makeRecoveryCodes } from './second-factor';

/**
 * Who passkeys are made for: the relying party's ID is PUBLIC_URL's host name, else `localhost`
 * (browsers refuse IP addresses), and never the Host header a request brings. The origins a
 * ceremony may come from: PUBLIC_URL's, or the site on localhost at its port and the listed
 * CORS origins there.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export function relyingParty(config: { publicUrl?: string; port: number; corsOrigins: string[] }): RelyingParty {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { id: url.hostname, name: 'Digital Wallet', origins: [url.origin] };
  }
  const local = config.corsOrigins.filter((origin) => new URL(origin).hostname === 'localhost');
  return { id: 'localhost', name: 'Digital Wallet', origins: [`http://localhost:${config.port}`, ...local] };
}

const refused = () => tableError(PASSKEY_ERRORS, 'PASSKEY_REFUSED');

/** Stores a ceremony's challenge for five minutes; a registration's names its person. */
async function keepChallenge(db: Executor, challenge: string, purpose: 'register' | 'login', userId: string | null) {
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: sql`clock_timestamp() + make_interval(mins => ${PASSKEY_CHALLENGE_MINUTES})`,
  });
}

/**
 * The challenge an answer names (in its clientDataJSON), taken once: deleted as it is read, so a
 * replayed answer finds none. A registration's must be the caller's own.
 */
async function takeChallenge(
  db: Executor,
  clientDataJSON: string,
  purpose: 'register' | 'login',
  userId: string | null,
) {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    throw refused();
  }
  const [taken] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId ? eq(webauthnChallenges.userId, userId) : undefined,
        gt(webauthnChallenges.expiresAt, sql`clock_timestamp()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (!taken) throw tableError(PASSKEY_ERRORS, 'PASSKEY_CHALLENGE');
  return taken.challenge;
}

/** Challenges past their five minutes, for the maintenance round. */
export async function deleteExpiredChallenges(db: Executor) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`clock_timestamp()`));
  await db.delete(passkeyCodes).where(lt(passkeyCodes.expiresAt, sql`clock_timestamp()`));
}

/**
 * Options to add a passkey to `person`'s account: a discoverable credential (it signs in with no
 * email typed), user verification required (the device's PIN or biometrics), no attestation (we
 * trust the person, not the make), and none of their passkeys again.
 */
export async function registrationOptions(db: Executor, rp: RelyingParty, person: UserRow) {
  const held = await db.select({ id: passkeys.credentialId }).from(passkeys).where(eq(passkeys.userId, person.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.email,
    userDisplayName: person.name,
    userID: isoUint8Array.fromUTF8String(person.id),
    attestationType: 'none',
    excludeCredentials: held.map(({ id }) => ({ id })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(db, options.challenge, 'register', person.id);
  return options;
}

/** "Chrome on Linux": what a passkey is first called, from the browser that made it. */
function nameFrom(userAgent: string | undefined) {
  const { browser, system } = deviceOf(userAgent);
  return (browser && system ? `${browser} on ${system}` : (browser ?? system ?? 'Passkey')).slice(0, 64);
}

export function toPasskey(row: typeof passkeys.$inferSelect & { recoveryCodes?: string[] }): AddedPasskey {
  return {
    ...(row.recoveryCodes ? { recoveryCodes: row.recoveryCodes } : {}),
    _id: row.id,
    name: row.name,
    synced: row.deviceType === 'multiDevice',
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Tells the account's address that a passkey was added or removed: if it was not them, they know at once. */
async function mailPasskeyChange(mailer: Mailer, person: UserRow, what: 'added' | 'removed', name: string) {
  await mailer.send({
    to: person.email,
    subject: `A passkey was ${what} on your Digital Wallet account`,
    text: [
      `Hello ${person.name},`,
      '',
      `The passkey "${name}" was ${what} on your account.`,
      'If this was not you, sign in, remove it on the Security page and contact us at once.',
      'We will never ask for your password, PIN or passkey.',
    ].join('\n'),
  });
}

/**
 * Verifies a registration against the challenge it names (the caller's, once) and keeps the
 * passkey; mailed and audited (passkey_add, the person as actor).
 */
export async function addPasskey(
  db: Database,
  mailer: Mailer,
  rp: RelyingParty,
  person: UserRow,
  response: RegistrationResponseJSON,
  userAgent: string | undefined,
) {
  const expectedChallenge = await takeChallenge(db, response.response.clientDataJSON, 'register', person.id);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => {
    throw refused();
  });
  if (!verified.verified || !verified.registrationInfo) throw refused();
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const row = await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: person.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: nameFrom(userAgent),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    // The same authenticator registered twice (excludeCredentials should have stopped it).
    if (!added) throw refused();
    await recordAudit(tx, { action: 'passkey_add', adminId: person.id, targetUserId: person.id, reason: added.name });
    // A staff member's first passkey comes with their recovery codes, for the day it is lost.
    const recoveryCodes =
      person.role === 'ADMIN' && (await passkeyCount(tx, person.id)) === 1
        ? await makeRecoveryCodes(tx, person.id)
        : undefined;
    return { ...added, recoveryCodes };
  });
  await mailPasskeyChange(mailer, person, 'added', row.name);
  return row;
}

/** How many passkeys the person has. */
export async function passkeyCount(db: Executor, userId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return Number(row?.count ?? 0);
}

/** Options to sign in with a passkey: no email asked, the device offers its passkeys for this site. */
export async function authenticationOptions(db: Executor, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  await keepChallenge(db, options.challenge, 'login', null);
  return options;
}

/**
 * Verifies a sign-in against the challenge it names (once) and the passkey's public key; its
 * signature counter must go forward (a counter that goes back, either value non-zero, is a cloned
 * authenticator; a constant 0 is accepted, as SimpleWebAuthn does). The counter is written only if
 * it is still what was read, so two uses racing with one counter are one sign-in.
 */
export async function signInWithPasskey(db: Database, rp: RelyingParty, response: AuthenticationResponseJSON) {
  const expectedChallenge = await takeChallenge(db, response.response.clientDataJSON, 'login', null);
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
  if (!stored) throw tableError(PASSKEY_ERRORS, 'PASSKEY_UNKNOWN');
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: stored.credentialId,
      publicKey: isoBase64URL.toBuffer(stored.publicKey),
      counter: stored.counter,
      transports: stored.transports as AuthenticatorTransportFuture[],
    },
  }).catch(() => {
    throw refused();
  });
  if (!verified.verified) throw refused();
  const moved = await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: sql`clock_timestamp()` })
    .where(and(eq(passkeys.id, stored.id), eq(passkeys.counter, stored.counter)))
    .returning({ id: passkeys.id });
  if (moved.length === 0) throw refused();
  const [person] = await db.select().from(users).where(eq(users.id, stored.userId));
  if (!person) throw tableError(PASSKEY_ERRORS, 'PASSKEY_UNKNOWN');
  if (person.role === 'ADMIN' && !person.isActive) throw tableError(STAFF_ERRORS, 'STAFF_DEACTIVATED');
  return person;
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];

export async function listPasskeys(db: Executor, userId: string) {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

export async function renamePasskey(db: Executor, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw tableError(PASSKEY_ERRORS, 'PASSKEY_NOT_FOUND');
  return toPasskey(row);
}

/** Removes one of the person's own passkeys; mailed and audited (passkey_remove). */
export async function removePasskey(db: Database, mailer: Mailer, person: UserRow, id: string) {
  const row = await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, person.id)))
      .returning();
    if (!removed) throw tableError(PASSKEY_ERRORS, 'PASSKEY_NOT_FOUND');
    await recordAudit(tx, {
      action: 'passkey_remove',
      adminId: person.id,
      targetUserId: person.id,
      reason: removed.name,
    });
    return removed;
  });
  await mailPasskeyChange(mailer, person, 'removed', row.name);
  return toPasskey(row);
}

/**
 * When the session behind `token` was made fresh: Google asked the person again, or a staff
 * invitation signed them in (`reauthenticatedAt`), or a passkey did (`passkeyAt`).
 */
export async function sessionFreshness(db: Executor, token: string) {
  const [row] = await db
    .select({ reauthenticatedAt: sessions.reauthenticatedAt, passkeyAt: sessions.passkeyAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  const within = (at: Date | null | undefined) =>
    at !== null && at !== undefined && Date.now() - at.getTime() < PASSKEY_CHALLENGE_MINUTES * 60_000;
  return { reauthenticated: within(row?.reauthenticatedAt), passkey: within(row?.passkeyAt) };
}

/**
 * Mails a staff member an 8-digit code that lets this session add a passkey: proof that whoever
 * holds the password also holds the mailbox. Only its SHA-256 is kept; ten minutes; the newest only.
 */
export async function mailPasskeyCode(db: Executor, mailer: Mailer, person: UserRow) {
  const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
  await db
    .insert(passkeyCodes)
    .values({
      userId: person.id,
      codeHash: hashToken(code),
      expiresAt: sql`clock_timestamp() + make_interval(mins => ${PASSKEY_CODE_MINUTES})`,
    })
    .onConflictDoUpdate({
      target: passkeyCodes.userId,
      set: {
        codeHash: hashToken(code),
        expiresAt: sql`clock_timestamp() + make_interval(mins => ${PASSKEY_CODE_MINUTES})`,
      },
    });
  await mailer.send({
    to: person.email,
    subject: 'Your code to add a passkey to Digital Wallet',
    text: [
      `Hello ${person.name},`,
      '',
      `Your code to add a passkey: ${code}`,
      '',
      `It works once, for ${PASSKEY_CODE_MINUTES} minutes. If you did not ask for it, someone has your password: change it and tell an owner.`,
    ].join('\n'),
  });
}

/** Takes the person's mailed code once; false when it is wrong or expired (it stays for a retry only if wrong). */
export async function takePasskeyCode(db: Executor, userId: string, code: string) {
  const taken = await db
    .delete(passkeyCodes)
    .where(
      and(
        eq(passkeyCodes.userId, userId),
        eq(passkeyCodes.codeHash, hashToken(code)),
        gt(passkeyCodes.expiresAt, sql`clock_timestamp()`),
      ),
    )
    .returning({ userId: passkeyCodes.userId });
  return taken.length === 1;
}

/** Tells a staff member a recovery code completed a sign-in: if it was not them, they know at once. */
export async function mailRecoveryCodeUsed(mailer: Mailer, person: UserRow, left: number) {
  await mailer.send({
    to: person.email,
    subject: 'A recovery code was used on your Digital Wallet staff account',
    text: [
      `Hello ${person.name},`,
      '',
      `One of your recovery codes completed a sign-in. ${left} of them are left.`,
      'If you lost your passkey, add a new one on the Security page now.',
      'If this was not you, tell an owner at once: they will deactivate the account.',
    ].join('\n'),
  });
}
