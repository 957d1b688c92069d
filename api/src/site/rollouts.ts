import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppName } from '@wallet/shared/areas';
import { RELEASE_ERRORS } from '@wallet/shared/contracts';
import { type RolloutInput, type SwitchKind } from '@wallet/shared/contracts/releases';
import type { Database, Tx } from '../db/client';
import { tableError } from '../lib/api-errors';
import { liveReleases, releases, releaseSwitches } from '../db/schema';
import { type AreaRelease, forgetLiveReleases, type LiveRelease, listReleases } from './releases';

/**
 * Gradual rollout: beside an area's live release, a candidate goes live for a share of visitors
 * (1 to 99 percent) or for admins only (a preview), then is promoted to everyone or rolled back.
 * Every change is one transaction on the area's row, locked, and recorded as a switch.
 */

/** A browser's random id, as the bucket cookie holds it. */
const BROWSER_ID = /^[A-Za-z0-9_-]{22,64}$/;

export const newBrowserId = () => randomBytes(16).toString('base64url');
export const isBrowserId = (value: string | undefined): value is string =>
  value !== undefined && BROWSER_ID.test(value);

/**
 * A browser's bucket for an area, 0 to 99: the first 32 bits of SHA-256 of `<browser id>:<area>`,
 * modulo 100. Per area, so one browser is not first in line for every rollout; deterministic, so a
 * browser keeps its releases from page to page, and a test can choose browsers in different buckets.
 */
export function bucketOf(browserId: string, area: AppName): number {
  return createHash('sha256').update(`${browserId}:${area}`).digest().readUInt32BE(0) % 100;
}

/** Who is asking for a page: their browser's id, and whether they are a signed-in admin. */
export interface Visitor {
  browserId: string | undefined;
  isAdmin: boolean;
}

/** The release of an area a visitor gets: the candidate if they are in its audience, else the live one. */
export function releaseFor(area: AppName, release: AreaRelease, visitor: Visitor): LiveRelease {
  const { candidate } = release;
  if (!candidate) return release.live;
  if (candidate.audience === 'admins') return visitor.isAdmin ? candidate : release.live;
  const inShare = visitor.browserId !== undefined && bucketOf(visitor.browserId, area) < (candidate.share ?? 0);
  return inShare ? candidate : release.live;
}

async function lockedArea(tx: Tx, area: AppName) {
  const [row] = await tx.select().from(liveReleases).where(eq(liveReleases.area, area)).for('update');
  if (!row) throw tableError(RELEASE_ERRORS, 'NO_LIVE_RELEASE');
  return row;
}

async function recordSwitch(
  tx: Tx,
  entry: { area: AppName; kind: SwitchKind; from: string | null; to: string; by: string; share?: number | null },
) {
  await tx.insert(releaseSwitches).values({
    area: entry.area,
    kind: entry.kind,
    share: entry.share ?? null,
    fromReleaseId: entry.from,
    toReleaseId: entry.to,
    switchedBy: entry.by,
  });
}

const NO_CANDIDATE = {
  candidateReleaseId: null,
  candidateAudience: null,
  candidateShare: null,
  candidateSince: null,
  candidateBy: null,
};

async function changed(db: Database, area: AppName) {
  forgetLiveReleases(db);
  const [state] = await listReleases(db, area);
  return state!;
}

/** Starts (or changes) an area's rollout: `version` for a share of visitors, or for admins only. */
export async function rolloutRelease(db: Database, area: AppName, input: RolloutInput, by: string) {
  await db.transaction(async (tx) => {
    const row = await lockedArea(tx, area);
    const [target] = await tx
      .select({ id: releases.id })
      .from(releases)
      .where(and(eq(releases.area, area), eq(releases.version, input.version)))
      .limit(1);
    if (!target) throw tableError(RELEASE_ERRORS, 'RELEASE_NOT_FOUND');
    if (target.id === row.releaseId) throw tableError(RELEASE_ERRORS, 'RELEASE_ALREADY_LIVE');
    const audience = input.audience ?? 'share';
    const share = audience === 'share' ? input.share! : null;
    await tx
      .update(liveReleases)
      .set({
        candidateReleaseId: target.id,
        candidateAudience: audience,
        candidateShare: share,
        candidateSince: new Date(),
        candidateBy: by,
      })
      .where(eq(liveReleases.area, area));
    await recordSwitch(tx, { area, kind: 'rollout', from: row.releaseId, to: target.id, by, share });
  });
  return changed(db, area);
}

/** The candidate becomes the live release for everyone. */
export async function promoteRelease(db: Database, area: AppName, by: string) {
  await db.transaction(async (tx) => {
    const row = await lockedArea(tx, area);
    if (!row.candidateReleaseId) throw tableError(RELEASE_ERRORS, 'NO_ROLLOUT');
    await tx
      .update(liveReleases)
      .set({
        releaseId: row.candidateReleaseId,
        previousReleaseId: row.releaseId,
        switchedBy: by,
        switchedAt: new Date(),
        ...NO_CANDIDATE,
      })
      .where(eq(liveReleases.area, area));
    await recordSwitch(tx, { area, kind: 'promote', from: row.releaseId, to: row.candidateReleaseId, by });
  });
  return changed(db, area);
}

/**
 * Rolls an area back, in `tx`: a rollout is ended (everyone back on the live release); with none,
 * the live release goes back to the one live before it (never for the system, which only ends
 * rollouts). Returns the release rolled back from, or null when there was nothing for the system
 * to do.
 */
export async function rollbackInTransaction(
  tx: Tx,
  area: AppName,
  by: string,
  kind: 'rollback' | 'auto_rollback' = 'rollback',
): Promise<string | null> {
  const row = await lockedArea(tx, area);
  if (row.candidateReleaseId) {
    await tx.update(liveReleases).set(NO_CANDIDATE).where(eq(liveReleases.area, area));
    await recordSwitch(tx, { area, kind, from: row.candidateReleaseId, to: row.releaseId, by });
    return row.candidateReleaseId;
  }
  if (kind === 'auto_rollback') return null;
  const previous = row.previousReleaseId;
  if (!previous) throw tableError(RELEASE_ERRORS, 'NO_EARLIER_RELEASE');
  await tx
    .update(liveReleases)
    .set({ releaseId: previous, previousReleaseId: row.releaseId, switchedBy: by, switchedAt: new Date() })
    .where(eq(liveReleases.area, area));
  await recordSwitch(tx, { area, kind, from: row.releaseId, to: previous, by });
  return row.releaseId;
}

/** `pnpm rollback <area>` and the screen's Roll back: see rollbackInTransaction. */
export async function rollbackRelease(db: Database, area: AppName, by: string) {
  await db.transaction((tx) => rollbackInTransaction(tx, area, by));
  return changed(db, area);
}
