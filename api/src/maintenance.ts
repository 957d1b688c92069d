import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { purgeExpiredKeys } from './ledger/idempotency';
import { purgeExpiredLogins } from './identity/google';
import { purgeExpiredRateLimits } from './lib/rate-limits';
import { deleteExpiredSessions, forgetOldDevices } from './identity/sessions';
import { deleteExpiredChallenges } from './identity/passkeys';
import { describeDbError } from './db/errors';
import { checkLedgerHealth } from './ledger/ledger-health';
import { takeBalanceSnapshots } from './ledger/balance-snapshots';
import { checkRollouts, type RollbackRule } from './site/release-stats';
import { pruneReleaseFiles } from './site/release-pruning';
import { releaseWaitingBonuses } from './ledger/bonus';
import { pruneNotifications } from './notifications/notifications';
import { NOTIFICATION_RETENTION_DAYS } from '@wallet/shared/contracts';

/** One number for every instance: whoever holds it purges, the others skip that round. */
const MAINTENANCE_LOCK = 7_301_001;
const MAINTENANCE_EVERY_MS = 10 * 60 * 1000;
/** The ledger's health gauge (ledger/ledger-health.ts) is this fresh. */
const LEDGER_HEALTH_EVERY_MS = 30 * 1000;
/** Old releases' files are deleted (site/release-pruning.ts) this often. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** A settled day's balance snapshots (ledger/balance-snapshots.ts) are taken within this. */
const SNAPSHOTS_EVERY_MS = 5 * 60 * 1000;
/** Bonuses waiting for a day's budget (ledger/bonus.ts) are let out within this of the day's start. */
const BONUS_RELEASE_EVERY_MS = 5 * 60 * 1000;

/**
 * Deletes what has expired: sessions (absolute or idle), idempotency keys, unfinished Google
 * sign-ins, ended rate-limit windows, passkey challenges and codes, browsers unseen for
 * KNOWN_DEVICE_DAYS, and notifications past NOTIFICATION_RETENTION_DAYS (a batch of people a
 * round). Under a transaction-scoped advisory lock, so of many
 * instances running it at the same moment one does the work. Returns whether this one did.
 */
export async function purgeExpired(db: Database, sessionIdleMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${MAINTENANCE_LOCK}) as locked`);
    const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
    if (!row?.locked) return false;
    await deleteExpiredSessions(tx, sessionIdleMs);
    await purgeExpiredKeys(tx);
    await purgeExpiredLogins(tx);
    await purgeExpiredRateLimits(tx);
    await deleteExpiredChallenges(tx);
    await forgetOldDevices(tx);
    await pruneNotifications(tx, NOTIFICATION_RETENTION_DAYS);
    return true;
  });
}

/**
 * Runs the purge now and then every `everyMs`, the ledger's health check every 30 s, its balance
 * snapshots every 5 minutes, the held bonuses that wait for a day's budget (`bonusBudget`) every 5 minutes, the check of rollouts' error rates (which rolls a bad one back), and
 * every hour the pruning of old releases' files; a failed round is logged and the next one tries
 * again.
 */
export function startMaintenance(
  db: Database,
  sessionIdleMs: number,
  log: FastifyBaseLogger,
  {
    everyMs = MAINTENANCE_EVERY_MS,
    rollouts,
    releasesDir,
    bonusBudget,
  }: {
    everyMs?: number;
    rollouts?: RollbackRule & { checkMs: number };
    releasesDir?: string;
    bonusBudget?: bigint;
  } = {},
) {
  const failed = (what: string) => (error: unknown) =>
    log.warn({ error: describeDbError(error) ?? { message: (error as Error).message } }, `${what} failed`);
  const rounds = [
    { run: () => purgeExpired(db, sessionIdleMs).catch(failed('maintenance round')), every: everyMs },
    { run: () => checkLedgerHealth(db).catch(failed('ledger health check')), every: LEDGER_HEALTH_EVERY_MS },
    { run: () => takeBalanceSnapshots(db).catch(failed('balance snapshots')), every: SNAPSHOTS_EVERY_MS },
    ...(bonusBudget !== undefined
      ? [
          {
            run: () =>
              releaseWaitingBonuses(db, bonusBudget)
                .then((released) => released > 0 && log.info({ released }, 'held bonuses released'))
                .catch(failed('bonus release')),
            every: BONUS_RELEASE_EVERY_MS,
          },
        ]
      : []),
    ...(rollouts
      ? [{ run: () => checkRollouts(db, rollouts, log).catch(failed('rollout check')), every: rollouts.checkMs }]
      : []),
    ...(releasesDir
      ? [
          {
            run: () =>
              pruneReleaseFiles(db, releasesDir)
                .then((pruned) => pruned.length > 0 && log.info({ pruned }, 'old release files deleted'))
                .catch(failed('release pruning')),
            every: PRUNE_EVERY_MS,
          },
        ]
      : []),
  ];
  const timers = rounds.map(({ run, every }) => {
    void run();
    const timer = setInterval(run, every);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
