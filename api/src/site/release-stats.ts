import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppName } from '@wallet/shared/areas';
import type { ClientReport } from '@wallet/shared/contracts/releases';
import type { Database, Executor } from '../db/client';
import { liveReleases, releaseNetworkStats, releases, releaseStats } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { forgetLiveReleases } from './releases';
import { rollbackInTransaction } from './rollouts';

/** Why reports were dropped: no valid token, or a release the page's token does not name. */
export type RejectedReason = 'token' | 'release';

interface Tally {
  views: number;
  errors: number;
}

/**
 * Page views and client errors per release and client network, counted in this instance's memory
 * and added to `release_stats` (per release and minute: the Releases screen's figures) and
 * `release_network_stats` (per network too: what the rollback rule reads) in one transaction every
 * few seconds, never one write per page view. A report names its release by area and version; the
 * id is looked up once (releases never change).
 */
export class ReleaseCounter {
  /** By release id, then by network. */
  private counts = new Map<string, Map<string, Tally>>();
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

  /**
   * Counts what a page reported from `network` (its key: see report-tokens.ts); reports of
   * releases this site never published are dropped.
   */
  async add(reports: ClientReport['reports'], network: string) {
    for (const report of reports) {
      const id = await this.releaseId(report.area, report.release);
      if (!id) continue;
      let byNetwork = this.counts.get(id);
      if (!byNetwork) this.counts.set(id, (byNetwork = new Map()));
      const counted = byNetwork.get(network) ?? { views: 0, errors: 0 };
      if (report.kind === 'view') counted.views += 1;
      else counted.errors += 1;
      byNetwork.set(network, counted);
    }
  }

  /** Adds what was counted since the last flush to this minute's rows, in one transaction. */
  async flush() {
    if (this.counts.size === 0) return;
    const counted = this.counts;
    this.counts = new Map();
    const minute = sql`date_trunc('minute', clock_timestamp())`;
    const perRelease = [...counted].map(([releaseId, byNetwork]) => {
      const tallies = [...byNetwork.values()];
      return {
        releaseId,
        minute,
        views: tallies.reduce((sum, tally) => sum + tally.views, 0),
        errors: tallies.reduce((sum, tally) => sum + tally.errors, 0),
      };
    });
    const perNetwork = [...counted].flatMap(([releaseId, byNetwork]) =>
      [...byNetwork].map(([network, tally]) => ({ releaseId, minute, network, ...tally })),
    );
    try {
      await this.db.transaction(async (tx) => {
        await tx
          .insert(releaseStats)
          .values(perRelease)
          .onConflictDoUpdate({
            target: [releaseStats.releaseId, releaseStats.minute],
            set: {
              views: sql`${releaseStats.views} + excluded.views`,
              errors: sql`${releaseStats.errors} + excluded.errors`,
            },
          });
        await tx
          .insert(releaseNetworkStats)
          .values(perNetwork)
          .onConflictDoUpdate({
            target: [releaseNetworkStats.releaseId, releaseNetworkStats.minute, releaseNetworkStats.network],
            set: {
              views: sql`${releaseNetworkStats.views} + excluded.views`,
              errors: sql`${releaseNetworkStats.errors} + excluded.errors`,
            },
          });
      });
    } catch (error) {
      // Kept for the next flush rather than lost.
      for (const [id, byNetwork] of counted) {
        for (const [network, { views, errors }] of byNetwork) {
          let now = this.counts.get(id);
          if (!now) this.counts.set(id, (now = new Map()));
          const kept = now.get(network) ?? { views: 0, errors: 0 };
          now.set(network, { views: kept.views + views, errors: kept.errors + errors });
        }
      }
      throw error;
    }
  }
}

/** One number for every instance: whoever holds it checks the rollouts, the others skip that round. */
const ROLLOUT_LOCK = 7_301_005;

export interface RollbackRule {
  /** The candidate's page views (each network's capped at NETWORK_WEIGHT) before its error rate counts. */
  minViews: number;
  /**
   * The distinct client networks that must have reported errors of the candidate before it is
   * rolled back: one network's reports, however many, never do it alone.
   */
  minNetworks: number;
  /** How many times the live release's error rate the candidate's may reach. */
  ratio: number;
}

/**
 * The most page views, and the most errors, one client network adds to a release's figures in a
 * rollout: one network's reports, however many (forged ones included), move a rate no more than
 * this many page loads from it would.
 */
const NETWORK_WEIGHT = 20;

/** A release's figures since `since`: each network's views and errors capped, and how many networks. */
const weighed = (release: SQL, since: SQL) => sql`(
  select count(*)::int as networks,
         (count(*) filter (where n.errors > 0))::int as error_networks,
         coalesce(sum(least(n.views, ${NETWORK_WEIGHT})), 0)::int as views,
         coalesce(sum(least(n.errors, ${NETWORK_WEIGHT})), 0)::int as errors
  from (select network, sum(views) as views, sum(errors) as errors from ${releaseNetworkStats}
        where release_id = ${release} and minute >= date_trunc('minute', ${since})
        group by network) n)`;

/**
 * Rolls back, as the system, every rollout to a share of visitors whose error rate since it began
 * is more than `ratio` times the live release's over the same time, once it has `minViews` page
 * views and errors from `minNetworks` client networks, each network's weight capped at
 * NETWORK_WEIGHT (release_network_stats); audited (release_auto_rollback, no admin) in the same
 * transaction. Returns the areas rolled back.
 */
export async function checkRollouts(db: Database, rule: RollbackRule, log?: FastifyBaseLogger): Promise<AppName[]> {
  const rolledBack = await db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLOUT_LOCK}) as locked`);
    if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return [];
    const { rows } = (await tx.execute(sql`
      select l.area, c.version as candidate, r.version as live,
             cand.networks as candidate_networks, cand.error_networks as candidate_error_networks,
             cand.views as candidate_views, cand.errors as candidate_errors,
             live.views as live_views, live.errors as live_errors
      from ${liveReleases} l
      join ${releases} c on c.id = l.candidate_release_id
      join ${releases} r on r.id = l.release_id
      cross join lateral ${weighed(sql`l.candidate_release_id`, sql`l.candidate_since`)} cand
      cross join lateral ${weighed(sql`l.release_id`, sql`l.candidate_since`)} live
      where l.candidate_audience = 'share'`)) as unknown as {
      rows: {
        area: AppName;
        candidate: string;
        live: string;
        candidate_networks: number;
        candidate_error_networks: number;
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
      if (
        row.candidate_error_networks < rule.minNetworks ||
        row.candidate_views < rule.minViews ||
        candidateRate <= rule.ratio * liveRate
      )
        continue;
      if (!(await rollbackInTransaction(tx, row.area, 'system', 'auto_rollback'))) continue;
      const perThousand = (rate: number) => (rate * 1000).toFixed(1);
      await recordAudit(tx, {
        action: 'release_auto_rollback',
        adminId: null,
        targetUserId: null,
        reason:
          `${row.area} ${row.candidate} rolled back to ${row.live}: ${row.candidate_errors} errors in ` +
          `${row.candidate_views} page views (${perThousand(candidateRate)} per 1,000), errors from ` +
          `${row.candidate_error_networks} of ${row.candidate_networks} networks, against ` +
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
