import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_PREFERENCE,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
  type NotificationPreferencesInput,
  PUSH_ERRORS,
  type PushSubscriptionInput,
} from '@wallet/shared/contracts';
import type { Executor } from '../db/client';
import { notificationPreferences, pushSubscriptions } from '../db/schema';
import { tableError } from '../lib/api-errors';
import { hashToken } from '../lib/tokens';
import { acceptsEndpoint } from './push';

/** A person's browsers at most: a new one beyond it replaces their oldest. */
const SUBSCRIPTIONS_PER_PERSON = 10;

/**
 * POST /push/subscriptions: keeps this browser's subscription for the caller. An endpoint is one
 * browser's: one that another person subscribed before (the browser changed hands) is now the
 * caller's alone. `device` is the browser's device token, so signing out of it stops its pushes.
 */
export async function subscribe(
  db: Executor,
  userId: string,
  input: PushSubscriptionInput,
  device: string,
  testService?: string,
) {
  if (!acceptsEndpoint(input.endpoint, testService)) throw tableError(PUSH_ERRORS, 'PUSH_ENDPOINT_REFUSED');
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        deviceHash: hashToken(device),
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          deviceHash: hashToken(device),
          createdAt: sql`clock_timestamp()`,
        },
      });
    await tx.execute(sql`delete from ${pushSubscriptions} where user_id = ${userId} and id not in (
      select id from ${pushSubscriptions} where user_id = ${userId} order by created_at desc limit ${SUBSCRIPTIONS_PER_PERSON})`);
  });
}

/** DELETE /push/subscriptions: this browser's, by its endpoint, if it is the caller's. */
export async function unsubscribe(db: Executor, userId: string, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw tableError(PUSH_ERRORS, 'PUSH_SUBSCRIPTION_NOT_FOUND');
}

/** Signing out of a browser stops its pushes; signing out everywhere, every browser's (`device` null). */
export async function forgetPushes(db: Executor, userId: string, device: string | null) {
  await db
    .delete(pushSubscriptions)
    .where(
      device === null
        ? eq(pushSubscriptions.userId, userId)
        : and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.deviceHash, hashToken(device))),
    );
}

/** GET /notifications/preferences: every kind, chosen or by default, and the browsers subscribed. */
export async function preferences(db: Executor, userId: string) {
  // One round trip: the person's choices, and the count of their browsers beside each (or alone).
  const rows = (
    (await db.execute(sql`
      select p.kind, p.push, p.mail,
             (select count(*)::int from ${pushSubscriptions} s where s.user_id = ${userId}) as subscriptions
      from (select ${userId}::uuid as user_id) me
      left join ${notificationPreferences} p on p.user_id = me.user_id`)) as unknown as {
      rows: { kind: NotificationKind | null; push: boolean | null; mail: boolean | null; subscriptions: number }[];
    }
  ).rows;
  const byKind = new Map(rows.filter((row) => row.kind !== null).map((row) => [row.kind, row]));
  return {
    preferences: NOTIFICATION_KINDS.map((kind): NotificationPreference => ({
      kind,
      push: byKind.get(kind)?.push ?? DEFAULT_PREFERENCE.push,
      mail: byKind.get(kind)?.mail ?? DEFAULT_PREFERENCE.mail,
    })),
    subscriptions: rows[0]!.subscriptions,
  };
}

/** PUT /notifications/preferences: the kinds given, as given; the others as they were. */
export async function savePreferences(db: Executor, userId: string, input: NotificationPreferencesInput) {
  await db
    .insert(notificationPreferences)
    .values(input.preferences.map((choice) => ({ userId, ...choice })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { push: sql`excluded.push`, mail: sql`excluded.mail` },
    });
  return preferences(db, userId);
}
