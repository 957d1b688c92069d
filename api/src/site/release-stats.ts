import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppName } from '@wallet/shared/areas';
import type { ClientReport } from '@wallet/shared/contracts';
import type { Database, Executor } from '../db/client';
import { liveReleases, releases, releaseStats } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { forgetLiveReleases } from './releases';
import { rollbackInTransaction } from './rollouts';

/**
 * Page views and client errors per release, counted in this instance's memory and added to
 * `release_stats` (per minute) in one write every few seconds, never one per page view. A report
 * names its release by area and version; the id is looked up once (releases never change).
 */
/** Why reports were dropped: no valid token, or a release the page's token does not name. */
export type RejectedReason = 'token' | 'release';

export class ReleaseCounter {
  private counts = new Map<string, { views: number; errors: number }>();
  private readonly ids = new Map<string, Promise<string | undefined>>();
  private rejected = new Map<RejectedReason, number>();

  constructor(private readonly db: Executor) {}

  private releaseId(area: string, version: string) {
    const key = `${area}/${version}`;
    let id = this.ids.get(key);
    if (!id) {
      id = this.db
        .select({ id: releases.id })
        .from(releases)
        .where(and(eq(releases.area, area), eq(releases.version, version)))
        .limit(1)
        .then(([row]) => row?.id);
      // An unknown release is looked up again next time (it may be published meanwhile), within bounds.
      void id.then((found) => {
        if (!found) this.ids.delete(key);
      });
      if (this.ids.size > 1_000) this.ids.clear();
      this.ids.set(key, id);
    }
    return id;
  }

  /** Counts `count` reports dropped for `reason` (the metric wallet_client_reports_rejected_total). */
  reject(reason: RejectedReason, count: number) {
    if (count > 0) this.rejected.set(reason, (this.rejected.get(reason) ?? 0) + count);
  }

  /** The reports dropped since the last call, by reason. */
  takeRejected() {
    const taken = this.rejected;
    this.rejected = new Map();
    return taken;
  }

  /** Counts what a page reported; reports of releases this site never published are dropped. */
  async add(reports: ClientReport['reports']) {
    for (const report of reports) {
      const id = await this.releaseId(report.area, report.release);
      if (!id) continue;
      const counted = this.counts.get(id) ?? { views: 0, errors: 0 };
      if (report.kind === 'view') counted.views += 1;
      else counted.errors += 1;
      this.counts.set(id, counted);
    }
  }

  /** Adds what was counted since the last flush to this minute's rows, in one statement. */
  async flush() {
    if (this.counts.size === 0) return;
    const counted = this.counts;
    this.counts = new Map();
    const rows = [...counted].map(([releaseId, { views, errors }]) => ({
      releaseId,
      minute: sql`date_trunc('minute', clock_timestamp())`,
      views,
      errors,
    }));
    try {
      await this.db
        .insert(releaseStats)
        .values(rows)
        .onConflictDoUpdate({
          target: [releaseStats.releaseId, releaseStats.minute],
          set: {
            views: sql`${releaseStats.views} + excluded.views`,
            errors: sql`${releaseStats.errors} + excluded.errors`,
          },
        });
    } catch (error) {
      // Kept for the next flush rather than lost.
      for (const [id, { views, errors }] of counted) {
        const now = this.counts.get(id) ?? { views: 0, errors: 0 };
        this.counts.set(id, { views: now.views + views, errors: now.errors + errors });
      }
      throw error;
    }
  }
}

/** One number for every instance: whoever holds it checks the rollouts, the others skip that round. */
const ROLLOUT_LOCK = 7_301_005;

export interface RollbackRule {
  /** The candidate's page views before its error rate counts. */
  minViews: number;
  /** How many times the live release's error rate the candidate's may reach. */
  ratio: number;
}

/**
 * Rolls back, as the system, every rollout to a share of visitors whose error rate since it began
 * is more than `ratio` times the live release's over the same time, once it has `minViews` page
 * views; audited (release_auto_rollback, no admin) in the same transaction. Returns the areas
 * rolled back.
 */
export async function checkRollouts(db: Database, rule: RollbackRule, log?: FastifyBaseLogger): Promise<AppName[]> {
  const rolledBack = await db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLOUT_LOCK}) as locked`);
    if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return [];
    const { rows } = (await tx.execute(sql`
      select l.area, c.version as candidate, r.version as live,
             coalesce((select sum(views) from ${releaseStats} s
                       where s.release_id = l.candidate_release_id and s.minute >= date_trunc('minute', l.candidate_since)), 0)::int as candidate_views,
             coalesce((select sum(errors) from ${releaseStats} s
                       where s.release_id = l.candidate_release_id and s.minute >= date_trunc('minute', l.candidate_since)), 0)::int as candidate_errors,
             coalesce((select sum(views) from ${releaseStats} s
                       where s.release_id = l.release_id and s.minute >= date_trunc('minute', l.candidate_since)), 0)::int as live_views,
             coalesce((select sum(errors) from ${releaseStats} s
                       where s.release_id = l.release_id and s.minute >= date_trunc('minute', l.candidate_since)), 0)::int as live_errors
      from ${liveReleases} l
      join ${releases} c on c.id = l.candidate_release_id
      join ${releases} r on r.id = l.release_id
      where l.candidate_audience = 'share'`)) as unknown as {
      rows: {
        area: AppName;
        candidate: string;
        live: string;
        candidate_views: number;
        candidate_errors: number;
        live_views: number;
        live_errors: number;
      }[];
    };
    const done: AppName[] = [];
    for (const row of rows) {
      const candidateRate = row.candidate_errors / Math.max(1, row.candidate_views);
      const liveRate = row.live_views > 0 ? row.live_errors / row.live_views : 0;
      if (row.candidate_views < rule.minViews || candidateRate <= rule.ratio * liveRate) continue;
      if (!(await rollbackInTransaction(tx, row.area, 'system', 'auto_rollback'))) continue;
      const perThousand = (rate: number) => (rate * 1000).toFixed(1);
      await recordAudit(tx, {
        action: 'release_auto_rollback',
        adminId: null,
        targetUserId: null,
        reason:
          `${row.area} ${row.candidate} rolled back to ${row.live}: ${row.candidate_errors} errors in ` +
          `${row.candidate_views} page views (${perThousand(candidateRate)} per 1,000) against ` +
          `${perThousand(liveRate)} per 1,000 for the live release`,
      });
      done.push(row.area);
    }
    return done;
  });
  if (rolledBack.length > 0) {
    forgetLiveReleases(db);
    log?.warn({ areas: rolledBack }, 'rollouts rolled back: their error rate was too high');
  }
  return rolledBack;
}
