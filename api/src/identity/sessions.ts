import { randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import type { Session } from '@wallet/shared/contracts';
import { and, desc, eq, gt, inArray, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { knownDevices, sessions, users } from '../db/schema';
import { hashToken } from '../lib/tokens';

/** The cookie over plain http (development, a LAN address). */
export const SESSION_COOKIE = 'wallet_session';
/** Over https: the browser then only accepts it Secure, for Path=/, from this very host (no Domain). */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export interface SessionLimits {
  /** Absolute lifetime. */
  ttlMs: number;
  /** A session unused this long ends. */
  idleMs: number;
  /** Live sessions a person may have; a new sign-in revokes the oldest beyond it. */
  maxPerUser: number;
}

export function sessionToken(cookies: Record<string, string | undefined>) {
  return cookies[SECURE_SESSION_COOKIE] || cookies[SESSION_COOKIE] || undefined;
}

/**
 * The browser's own long-lived, random token (a cookie of its own, not the session's): kept across
 * sign-outs, so a sign-in from a browser the person has not used before is told to them
 * (new_device). Only its hash is stored (known_devices).
 */
export const DEVICE_COOKIE = 'wallet_device';
export const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;
/** How long a browser is remembered without a sign-in from it (and the cookie's life: browsers cap cookies at 400 days). */
export const KNOWN_DEVICE_DAYS = 400;

/** Where a session signs in from, as its owner sees it on the Security page, and the browser's device token. */
export interface SessionClient {
  userAgent: string | null;
  network: string | null;
  /** The browser's device token (DEVICE_COOKIE); null where there is no browser to remember. */
  device?: string | null;
}

/** A browser's description for a new-device notice: "Chrome on Linux", or what is known of it. */
function deviceWords(userAgent: string | null) {
  const { browser, system } = deviceOf(userAgent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}

/**
 * Remembers the browser signing in, and tells the person when it is new to them and they have
 * signed in from another before (their first browser, and every person's first sign-in after
 * this began to be remembered, is simply learnt). In the session's transaction: the notice exists
 * exactly when the session does.
 */
async function rememberDevice(tx: Executor, userId: string, client: SessionClient) {
  if (!client.device) return;
  const deviceHash = hashToken(client.device);
  const result = (await tx.execute(sql`
    with known as (select exists (select 1 from ${knownDevices} where user_id = ${userId}) as had),
    seen as (
      insert into ${knownDevices} (user_id, device_hash) values (${userId}, ${deviceHash})
      on conflict (user_id, device_hash) do update set last_seen_at = clock_timestamp()
      returning (xmax = 0) as inserted)
    select (select inserted from seen) and (select had from known) as tell`)) as unknown as {
    rows: { tell: boolean }[];
  };
  if (result.rows[0]?.tell) {
    await tx.execute(sql`select notify_person(${userId}::uuid, 'new_device', ${deviceWords(client.userAgent)})`);
  }
}

/** Browsers not signed in from for KNOWN_DEVICE_DAYS are forgotten (the maintenance job's). */
export async function forgetOldDevices(db: Executor) {
  await db
    .delete(knownDevices)
    .where(lt(knownDevices.lastSeenAt, sql`clock_timestamp() - make_interval(days => ${KNOWN_DEVICE_DAYS})`));
}

export async function createSession(
  db: Database,
  userId: string,
  limits: SessionLimits,
  client: SessionClient,
  { reauthenticated = false, passkey = false }: { reauthenticated?: boolean; passkey?: boolean } = {},
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + limits.ttlMs);
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      reauthenticatedAt: reauthenticated ? sql`clock_timestamp()` : null,
      passkeyAt: passkey ? sql`clock_timestamp()` : null,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      network: client.network,
    });
    const newest = tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(limits.maxPerUser);
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, newest)));
    await tx
      .update(users)
      .set({ lastSignInAt: sql`clock_timestamp()` })
      .where(eq(users.id, userId));
    await rememberDevice(tx, userId, client);
  });
  return { token, expiresAt };
}

/**
 * The person behind a live session, in one statement prepared once per connection (every request
 * that needs a person runs it). What makes a session live, and when a use is written as activity,
 * is the database function session_person (api/src/identity/sql/session_person.sql), which the money
 * function uses too. Each use counts as activity; checks that are not the person's doing (an
 * event stream's) use liveSessionPeople, which touches nothing.
 */
export function prepareSessionLookup(db: Database, idleMs: number) {
  const lookup = db
    .select()
    .from(users)
    .where(
      eq(users.id, sql`(select session_person(${sql.placeholder('tokenHash')}, ${Math.floor(idleMs / 1000)}, true))`),
    )
    .prepare('session_user');
  return async function findSessionUser(token: string) {
    const [user] = await lookup.execute({ tokenHash: hashToken(token) });
    return user ?? null;
  };
}

/**
 * The person behind a live session, read without counting the use as activity: what a standby
 * can answer while the leader is away (a failover), so that signed-in reads go on. The session's
 * "last seen" is touched again at the next request the leader serves.
 */
export async function sessionUserUntouched(db: Database, token: string, idleMs: number) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.id, sql`(select session_person(${hashToken(token)}, ${Math.floor(idleMs / 1000)}, false))`));
  return user ?? null;
}

/**
 * The people behind the live sessions among `tokenHashes` (not past their end, not idle past
 * `idleMs`), by token hash, in one query: every event stream of an instance is checked at once.
 * Checking is no activity: nothing is touched.
 */
export function liveSessionPeople(db: Database, idleMs: number) {
  return async (tokenHashes: string[]) => {
    if (tokenHashes.length === 0) return new Map<string, { userId: string; role: string }>();
    const rows = await db
      .select({ tokenHash: sessions.tokenHash, userId: users.id, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.tokenHash, tokenHashes),
          gt(sessions.expiresAt, sql`clock_timestamp()`),
          gt(sessions.lastSeenAt, sql`clock_timestamp() - make_interval(secs => ${Math.floor(idleMs / 1000)})`),
        ),
      );
    return new Map(rows.map((row) => [row.tokenHash, { userId: row.userId, role: row.role }]));
  };
}

/** Ends the session of `token`; the person it was, or null when there was none. */
export async function deleteSession(db: Executor, token: string) {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId });
  return ended?.userId ?? null;
}

/** "Log out everywhere": every session of the person ends. */
export async function deleteUserSessions(db: Executor, userId: string) {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

export async function deleteExpiredSessions(db: Executor, idleMs: number) {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sql`clock_timestamp()`),
        lt(sessions.lastSeenAt, sql`clock_timestamp() - make_interval(secs => ${idleMs / 1000})`),
      ),
    );
}

/** The browser and system a User-Agent names, as the Security page shows them; null when unknown. */
export function deviceOf(userAgent: string | null | undefined) {
  if (!userAgent) return { browser: null, system: null };
  const parsed = Bowser.parse(userAgent);
  // Bowser names what it does not know with an empty string.
  return { browser: parsed.browser.name || null, system: parsed.os.name || null };
}

/**
 * The person's live sessions (not past their end, not idle past `idleMs`), the most recently used
 * first, with `current` on the one whose token is `currentToken`.
 */
export async function listSessions(
  db: Executor,
  userId: string,
  currentToken: string,
  idleMs: number,
): Promise<Session[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, sql`clock_timestamp()`),
        gt(sessions.lastSeenAt, sql`clock_timestamp() - make_interval(secs => ${Math.floor(idleMs / 1000)})`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(100);
  const current = hashToken(currentToken);
  return rows.map((row) => ({
    _id: row.id,
    ...deviceOf(row.userAgent),
    network: row.network,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.tokenHash === current,
  }));
}

/** Ends one of the person's own sessions; false when they have none of that id. */
export async function endOwnSession(db: Executor, userId: string, sessionId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  return ended[0] ?? null;
}

/** "Sign out everywhere else": every session of the person but `currentToken`'s ends. */
export async function endOtherSessions(db: Executor, userId: string, currentToken: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(currentToken))))
    .returning({ id: sessions.id });
  return ended.length;
}
