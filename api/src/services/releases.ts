import { createHash } from 'node:crypto';
import { cp, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { httpErrors } from '@fastify/sensible';
import { APP_NAMES, APPS, type AppName } from '@wallet/shared/areas';
import type { AreaReleases, PublishReleaseInput, Release } from '@wallet/shared/contracts';
import type { Database, Executor } from '../db/client';
import { hashToken } from './sessions';
import { deployTokens, liveReleases, releases, releaseSwitches } from '../db/schema';

/** Where a release's files are served on this site: a stable path per release, cached forever. */
export const RELEASES_PATH = '/releases';
/** Releases and switches an area's listing shows. */
const LISTED = 20;

type ReleaseRow = typeof releases.$inferSelect;

function releaseDto(row: ReleaseRow): Release {
  return {
    _id: row.id,
    area: row.area as AppName,
    version: row.version,
    manifestUrl: row.manifestUrl,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/** The file an app's release is entered by: the host's page, or a remote's manifest. */
const entryFile = (area: AppName) => (area === 'host' ? 'index.html' : 'mf-manifest.json');

/** An app of the registry, or 404. */
export function knownArea(name: string): AppName {
  if (!(APP_NAMES as string[]).includes(name)) throw httpErrors.notFound('Unknown area');
  return name as AppName;
}

/**
 * Stores a deploy token by its hash, for every instance to accept. `replace` drops every other
 * token (the embedded database's token of the previous start).
 */
export async function registerDeployToken(db: Database, token: string, { replace = false } = {}) {
  await db.transaction(async (tx) => {
    if (replace) await tx.delete(deployTokens);
    await tx
      .insert(deployTokens)
      .values({ tokenHash: hashToken(token) })
      .onConflictDoNothing();
  });
}

export async function isDeployToken(db: Executor, token: string) {
  const [row] = await db
    .select({ hash: deployTokens.tokenHash })
    .from(deployTokens)
    .where(eq(deployTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row !== undefined;
}

/** Every app, its live release (when and by whom), its latest releases and switches. */
export async function listReleases(db: Executor, only?: AppName): Promise<AreaReleases[]> {
  const areas = only ? [only] : APP_NAMES;
  const fromRelease = alias(releases, 'from_release');
  const toRelease = alias(releases, 'to_release');
  const [published, live, switches] = await Promise.all([
    db.select().from(releases).where(inArray(releases.area, areas)).orderBy(desc(releases.createdAt)),
    db
      .select({ area: liveReleases.area, release: releases, at: liveReleases.switchedAt, by: liveReleases.switchedBy })
      .from(liveReleases)
      .innerJoin(releases, eq(releases.id, liveReleases.releaseId))
      .where(inArray(liveReleases.area, areas)),
    db
      .select({ row: releaseSwitches, from: fromRelease.version, to: toRelease.version })
      .from(releaseSwitches)
      .leftJoin(fromRelease, eq(fromRelease.id, releaseSwitches.fromReleaseId))
      .innerJoin(toRelease, eq(toRelease.id, releaseSwitches.toReleaseId))
      .where(inArray(releaseSwitches.area, areas))
      .orderBy(desc(releaseSwitches.switchedAt)),
  ]);
  return areas.map((area) => {
    const current = live.find((row) => row.area === area);
    return {
      area,
      live: current ? releaseDto(current.release) : null,
      liveSince: current ? current.at.toISOString() : null,
      liveBy: current?.by ?? null,
      releases: published
        .filter((row) => row.area === area)
        .slice(0, LISTED)
        .map(releaseDto),
      switches: switches
        .filter((entry) => entry.row.area === area)
        .slice(0, LISTED)
        .map((entry) => ({
          _id: entry.row.id,
          area,
          from: entry.from,
          to: entry.to,
          switchedBy: entry.row.switchedBy,
          switchedAt: entry.row.switchedAt.toISOString(),
        })),
    };
  });
}

/** How long an instance keeps the live releases it read: a flood of page views is not a flood of queries. */
const LIVE_RELEASES_TTL_MS = 1_000;
const liveRead = new WeakMap<Executor, { at: number; rows: Promise<Map<AppName, string>> }>();

/**
 * The manifest URL of every remote's live release: what /app-config.json hands the host. Read at
 * most once a second per instance (and database); a switch made through this instance is seen at
 * once, one made through another within the second.
 */
export function liveManifests(db: Executor) {
  const kept = liveRead.get(db);
  if (kept && Date.now() - kept.at < LIVE_RELEASES_TTL_MS) return kept.rows;
  const rows = db
    .select({ area: liveReleases.area, url: releases.manifestUrl })
    .from(liveReleases)
    .innerJoin(releases, eq(releases.id, liveReleases.releaseId))
    .then((found) => new Map(found.map((row) => [row.area as AppName, row.url])));
  liveRead.set(db, { at: Date.now(), rows });
  rows.catch(() => {
    if (liveRead.get(db)?.rows === rows) liveRead.delete(db);
  });
  return rows;
}

/**
 * Records a release: its folder must already be under the releases directory with its entry file
 * (a remote's mf-manifest.json, the host's index.html), or a URL stands for it alone. A version
 * is never published twice: releases are immutable.
 */
export async function publishRelease(
  db: Database,
  releasesDir: string,
  input: Required<Pick<PublishReleaseInput, 'area' | 'version'>> & Pick<PublishReleaseInput, 'url' | 'activate'>,
  by: string,
) {
  const { area, version } = input;
  // The host's page is served by this site itself: a host release is always files here.
  if (area === 'host' && input.url) throw httpErrors.badRequest('The host is released from files, not a URL');
  let manifestUrl = input.url;
  if (!manifestUrl) {
    const entry = path.join(releasesDir, area, version, entryFile(area));
    const found = await stat(entry).then(
      (file) => file.isFile(),
      () => false,
    );
    if (!found) {
      throw httpErrors.badRequest(`Release ${version} of ${area} has no ${entryFile(area)}: copy its files first`);
    }
    manifestUrl = `${RELEASES_PATH}/${area}/${version}/${entryFile(area)}`;
  }
  const [created] = await db
    .insert(releases)
    .values({ area, version, manifestUrl, createdBy: by })
    .onConflictDoNothing()
    .returning();
  if (!created) throw httpErrors.conflict('This release already exists');
  if (input.activate !== false) await activateRelease(db, area, version, by);
  return releaseDto(created);
}

/** Makes a release live: one transaction that moves the pointer and records the switch. */
export async function activateRelease(db: Database, area: AppName, version: string, by: string) {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(releases)
      .where(and(eq(releases.area, area), eq(releases.version, version)))
      .limit(1);
    if (!target) throw httpErrors.notFound('Release not found');
    // The area's row is locked, so two switches of one area queue and both are recorded in order.
    const [current] = await tx.select().from(liveReleases).where(eq(liveReleases.area, area)).for('update');
    if (current?.releaseId === target.id) throw httpErrors.conflict('This release is already live');
    await tx
      .insert(liveReleases)
      .values({ area, releaseId: target.id, switchedBy: by })
      .onConflictDoUpdate({
        target: liveReleases.area,
        set: { releaseId: target.id, switchedBy: by, switchedAt: new Date() },
      });
    await tx
      .insert(releaseSwitches)
      .values({ area, fromReleaseId: current?.releaseId ?? null, toReleaseId: target.id, switchedBy: by });
  });
  liveRead.delete(db);
  const [state] = await listReleases(db, area);
  return state!;
}

/**
 * `pnpm start` from a checkout: each remote built in the checkout whose build is not a release
 * yet is published (its dist copied under the releases directory, named by the hash of its
 * manifest) and made live. A build already released is left as it is, live or not.
 */
export async function publishCheckoutBuilds(db: Database, root: string, releasesDir: string) {
  const published: string[] = [];
  for (const area of APP_NAMES) {
    if (area === 'host') continue;
    const dist = path.join(root, APPS[area].package, 'dist');
    const manifest = await readFile(path.join(dist, entryFile(area))).catch(() => undefined);
    if (!manifest) continue;
    const version = `build-${createHash('sha256').update(manifest).digest('hex').slice(0, 12)}`;
    const [known] = await db
      .select({ id: releases.id })
      .from(releases)
      .where(and(eq(releases.area, area), eq(releases.version, version)))
      .limit(1);
    if (known) continue;
    await cp(dist, path.join(releasesDir, area, version), { recursive: true });
    try {
      await publishRelease(db, releasesDir, { area, version, activate: true }, 'pnpm start');
      published.push(`${area} ${version}`);
    } catch (error) {
      // Another instance starting from the same checkout published it first.
      if ((error as { statusCode?: number }).statusCode !== 409) throw error;
    }
  }
  return published;
}
