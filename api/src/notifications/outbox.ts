import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PUSH_TTL_SECONDS, type NotificationKind } from '@wallet/shared/contracts';
import { poishaToTaka } from '@wallet/shared/money';
import type { Executor } from '../db/client';
import type { Mailer } from '../lib/mail';
import { receiptMail } from './receipts';
import { sendPush, type PushOutcome, type VapidKeys } from './push';
import { readNotifications } from './notifications';

/** How many rows one round takes. */
const BATCH = 50;
/** A taken row is pushed this far ahead: if its instance dies while sending, another takes it then. */
const LEASE = '5 minutes';
/** Tries before a message is given up: 30 s, 1, 2, 4, 8, 16 and 32 minutes apart. */
const MAX_ATTEMPTS = 8;
const FIRST_RETRY_SECONDS = 30;

interface Claimed {
  id: string;
  channel: 'push' | 'mail';
  attempts: number;
  notification_id: string;
  user_id: string;
  kind: NotificationKind;
  amount: string | null;
  /** Seconds since the notification was written. */
  age: number;
  subscription_id: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  email: string;
  wanted: boolean;
}

export interface OutboxSettings {
  vapid: VapidKeys;
  /** PUSH_TEST_SERVICE: the local test push service's origin, admitted beside the browsers' own. */
  testService?: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** What a round did, for tests and the log. */
export interface RoundReport {
  sent: number;
  gone: number;
  retried: number;
  dropped: number;
}

/**
 * One round of the outbox: takes the rows that are due (FOR UPDATE SKIP LOCKED, so instances take
 * different rows), pushes or mails each, then deletes it, or sets its next try with a back-off. A
 * subscription its push service says is gone (404, 410) is deleted with its rows. A push older than
 * its TTL, a kind the person no longer wants (chosen meanwhile, or a request's notice that became
 * request_paid), and a message tried MAX_ATTEMPTS times are dropped.
 */
export async function sendOutboxRound(db: Executor, settings: OutboxSettings): Promise<RoundReport> {
  const claimed = (
    (await db.execute(sql`
    with due as (
      select id from notification_outbox where next_attempt_at <= clock_timestamp()
      order by next_attempt_at limit ${BATCH} for update skip locked)
    update notification_outbox o set attempts = o.attempts + 1, next_attempt_at = clock_timestamp() + ${LEASE}::interval
    from due where o.id = due.id
    returning o.id::text as id`)) as unknown as { rows: { id: string }[] }
  ).rows.map((row) => row.id);
  const report: RoundReport = { sent: 0, gone: 0, retried: 0, dropped: 0 };
  if (claimed.length === 0) return report;
  const rows = (
    (await db.execute(sql`
    select o.id::text as id, o.channel, o.attempts, n.id as notification_id, n.user_id, n.kind, n.amount::text as amount,
           extract(epoch from clock_timestamp() - n.created_at)::float8 as age, s.id as subscription_id, s.endpoint, s.p256dh, s.auth, u.email,
           exists (select 1 from notification_channels(n.user_id, n.kind) c
                   where c.channel = o.channel and c.subscription_id is not distinct from o.subscription_id) as wanted
    from notification_outbox o
    join notifications n on n.id = o.notification_id
    join users u on u.id = n.user_id
    left join push_subscriptions s on s.id = o.subscription_id
    where o.id = any(${`{${claimed.join(',')}}`}::bigint[])`)) as unknown as { rows: Claimed[] }
  ).rows;
  const mails = await readNotifications(
    db,
    rows.filter((row) => row.channel === 'mail').map((row) => row.notification_id),
  );
  await Promise.all(
    rows.map(async (row) => {
      const outcome = await deliver(row, settings, mails);
      if (outcome === 'sent' || outcome === 'refused' || outcome === 'dropped') {
        await db.execute(sql`delete from notification_outbox where id = ${row.id}::bigint`);
        report[outcome === 'sent' ? 'sent' : 'dropped'] += 1;
      } else if (outcome === 'gone') {
        await db.execute(sql`delete from push_subscriptions where id = ${row.subscription_id}`);
        report.gone += 1;
      } else if (row.attempts >= MAX_ATTEMPTS) {
        await db.execute(sql`delete from notification_outbox where id = ${row.id}::bigint`);
        report.dropped += 1;
      } else {
        await db.execute(sql`update notification_outbox
          set next_attempt_at = clock_timestamp() + make_interval(secs => ${FIRST_RETRY_SECONDS * 2 ** (row.attempts - 1)})
          where id = ${row.id}::bigint`);
        report.retried += 1;
      }
    }),
  );
  if (report.gone + report.dropped + report.retried > 0)
    settings.log.info({ outbox: report }, 'notification outbox round');
  return report;
}

async function deliver(
  row: Claimed,
  settings: OutboxSettings,
  mails: Awaited<ReturnType<typeof readNotifications>>,
): Promise<PushOutcome | 'dropped'> {
  if (!row.wanted) return 'dropped';
  if (row.channel === 'push') {
    if (row.age > PUSH_TTL_SECONDS) return 'dropped';
    const message = {
      kind: row.kind,
      amount: row.amount === null ? null : poishaToTaka(BigInt(row.amount)),
      id: row.notification_id,
    };
    const { outcome, status } = await sendPush(
      { endpoint: row.endpoint!, p256dh: row.p256dh!, auth: row.auth! },
      message,
      settings.vapid,
      settings.testService,
    );
    // The endpoint is the browser's secret address: never logged, only its service's host.
    if (outcome === 'refused') settings.log.warn({ status, service: new URL(row.endpoint!).host }, 'push refused');
    return outcome;
  }
  const notification = mails.get(row.notification_id);
  if (!notification) return 'dropped';
  try {
    await settings.mailer.send({ to: row.email, ...receiptMail(notification, settings.mailer) });
    return 'sent';
  } catch (error) {
    settings.log.warn({ reason: (error as Error).message }, 'receipt mail not sent');
    return 'retry';
  }
}

/**
 * The outbox worker of one instance: a round every `everyMs` (and at once after a round that was
 * full), until stopped. Rounds never overlap.
 */
export function startOutbox(db: Executor, settings: OutboxSettings, everyMs: number) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const round = async () => {
    if (stopped) return;
    let full = false;
    try {
      const report = await sendOutboxRound(db, settings);
      full = report.sent + report.gone + report.retried + report.dropped >= BATCH;
    } catch (error) {
      settings.log.warn({ reason: (error as Error).message }, 'notification outbox round failed');
    }
    if (!stopped) timer = setTimeout(round, full ? 0 : everyMs);
  };
  timer = setTimeout(round, everyMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
