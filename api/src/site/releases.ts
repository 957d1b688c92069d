import { createHash } from 'node:crypto';
import { cp, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { APP_NAMES, APPS, type AppName } from '@wallet/shared/areas';
import { RELEASE_ERRORS } from '@wallet/shared/contracts';
import {
  type AreaReleases,
  type PublishReleaseInput,
  type Release,
  type RolloutAudience,
  type SwitchKind,
} from '@wallet/shared/contracts/releases';
import type { Database, Executor } from '../db/client';
import { tableError } from '../lib/api-errors';
import { integrityOf, readCapped, releaseUrlOrigin } from './release-origins';
import { fetchReleasePages, storeReleasePages, type ReleasePage } from './release-pages';
import { liveReleases, releaseNetworkStats, releases, releaseStats, releaseSwitches } from '../db/schema';

/** Where a release's files are served on this site: a stable path per release, cached forever. */
export const RELEASES_PATH = '/releases';
/** Releases and switches an area's listing shows. */
const LISTED = 20;

type ReleaseRow = typeof releases.$inferSelect;

type Counts = Map<string, { views: number; errors: number; networks: number }>;

function releaseDto(row: ReleaseRow, counts: Counts = new Map()): Release {
  const counted = counts.get(row.id);
  return {
    _id: row.id,
    area: row.area as AppName,
    version: row.version,
    manifestUrl: row.manifestUrl,
    origin: row.origin,
    integrity: row.integrity,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    views: counted?.views ?? 0,
    errors: counted?.errors ?? 0,
    networks: counted?.networks ?? 0,
  };
}

/** The file an app's release is entered by: the host's page, or a remote's manifest. */
const entryFile = (area: AppName) => (area === 'host' ? 'index.html' : 'mf-manifest.json');
/** The file the host's page loads and pins by its hash: a remote's entry script (the host's page itself). */
const scriptFile = (area: AppName) => (area === 'host' ? 'index.html' : 'remoteEntry.js');
/** A release's remoteEntry.js sits beside its mf-manifest.json. */
const entryScriptUrl = (manifestUrl: string) => manifestUrl.replace(/mf-manifest\.json(?=$|[?#])/, 'remoteEntry.js');
/** A remote's entry script is small (a few KB); anything far larger is not one. */
const MAX_SCRIPT_BYTES = 5 * 1024 * 1024;

/**
 * The entry script of a release published by URL, fetched once from its origin (which
 * RELEASE_ORIGINS lists) to record its hash: no redirect followed, 10 s and 5 MB at most.
 */
async function fetchEntryScript(manifestUrl: string): Promise<Buffer> {
  const url = entryScriptUrl(manifestUrl);
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw tableError(RELEASE_ERRORS, (error as Error).name === 'TimeoutError' ? 'ENTRY_TIMEOUT' : 'ENTRY_UNREACHABLE');
  }
  if (!response.ok || !response.body) {
    throw tableError(RELEASE_ERRORS, 'ENTRY_STATUS', { url: String(url), status: response.status });
  }
  return readCapped(response.body, MAX_SCRIPT_BYTES, () => tableError(RELEASE_ERRORS, 'ENTRY_TOO_LARGE'));
}

/** An app of the registry, or 404. */
export function knownArea(name: string): AppName {
  if (!(APP_NAMES as string[]).includes(name)) throw tableError(RELEASE_ERRORS, 'UNKNOWN_AREA');
  return name as AppName;
}

/** Every app, its live release (when and by whom), the one rolling out, its latest releases and switches. */
export async function listReleases(db: Executor, only?: AppName): Promise<AreaReleases[]> {
  const areas = only ? [only] : APP_NAMES;
  const fromRelease = alias(releases, 'from_release');
  const toRelease = alias(releases, 'to_release');
  const candidate = alias(releases, 'candidate');
  const [published, live, switches] = await Promise.all([
    db.select().from(releases).where(inArray(releases.area, areas)).orderBy(desc(releases.createdAt)),
    db
      .select({ row: liveReleases, release: releases, candidate })
      .from(liveReleases)
      .innerJoin(releases, eq(releases.id, liveReleases.releaseId))
      .leftJoin(candidate, eq(candidate.id, liveReleases.candidateReleaseId))
      .where(inArray(liveReleases.area, areas)),
    db
      .select({ row: releaseSwitches, from: fromRelease.version, to: toRelease.version })
      .from(releaseSwitches)
      .leftJoin(fromRelease, eq(fromRelease.id, releaseSwitches.fromReleaseId))
      .innerJoin(toRelease, eq(toRelease.id, releaseSwitches.toReleaseId))
      .where(inArray(releaseSwitches.area, areas))
      .orderBy(desc(releaseSwitches.switchedAt)),
  ]);
  const listed = areas.flatMap((area) => published.filter((row) => row.area === area).slice(0, LISTED));
  const counts = await releaseCounts(db, [
    ...new Set(
      [...listed, ...live.flatMap((row) => [row.release, ...(row.candidate ? [row.candidate] : [])])].map((r) => r.id),
    ),
  ]);
  return areas.map((area) => {
    const current = live.find((entry) => entry.row.area === area);
    const rolling = current?.candidate;
    return {
      area,
      live: current ? releaseDto(current.release, counts) : null,
      liveSince: current ? current.row.switchedAt.toISOString() : null,
      liveBy: current?.row.switchedBy ?? null,
      candidate:
        current && rolling
          ? {
              release: releaseDto(rolling, counts),
              audience: current.row.candidateAudience as RolloutAudience,
              share: current.row.candidateShare,
              since: current.row.candidateSince!.toISOString(),
              by: current.row.candidateBy!,
            }
          : null,
      releases: listed.filter((row) => row.area === area).map((row) => releaseDto(row, counts)),
      switches: switches
        .filter((entry) => entry.row.area === area)
        .slice(0, LISTED)
        .map((entry) => ({
          _id: entry.row.id,
          area,
          kind: entry.row.kind as SwitchKind,
          share: entry.row.share,
          from: entry.from,
          to: entry.to,
          switchedBy: entry.row.switchedBy,
          switchedAt: entry.row.switchedAt.toISOString(),
        })),
    };
  });
}

/** Each release's page views and errors, all counted so far, and how many client networks they came from. */
async function releaseCounts(db: Executor, ids: string[]): Promise<Counts> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: releaseStats.releaseId,
      views: sql<number>`sum(${releaseStats.views})::int`,
      errors: sql<number>`sum(${releaseStats.errors})::int`,
    })
    .from(releaseStats)
    .where(inArray(releaseStats.releaseId, ids))
    .groupBy(releaseStats.releaseId);
  const networks = await db
    .select({
      id: releaseNetworkStats.releaseId,
      networks: sql<number>`count(distinct ${releaseNetworkStats.network})::int`,
    })
    .from(releaseNetworkStats)
    .where(inArray(releaseNetworkStats.releaseId, ids))
    .groupBy(releaseNetworkStats.releaseId);
  const networksOf = new Map(networks.map((row) => [row.id, Number(row.networks)]));
  return new Map(
    rows.map((row) => [
      row.id,
      { views: Number(row.views), errors: Number(row.errors), networks: networksOf.get(row.id) ?? 0 },
    ]),
  );
}

/** How long an instance keeps the live releases it read: a flood of page views is not a flood of queries. */
const LIVE_RELEASES_TTL_MS = 1_000;

/** What a page needs of an area's release: where to load it, from which origin, and its script's hash. */
export interface LiveRelease {
  id: string;
  version: string;
  url: string;
  origin: string;
  integrity: string | null;
}

/** An area's live release, and the one rolling out beside it (to whom). */
export interface AreaRelease {
  live: LiveRelease;
  candidate: (LiveRelease & { audience: RolloutAudience; share: number | null }) | null;
}
const liveRead = new WeakMap<Executor, { at: number; rows: Promise<Map<AppName, AreaRelease>> }>();

/**
 * Every area's live release and rollout: what a page's runtime config is made from. Read at most
 * once a second per instance (and database); a switch made through this instance is seen at once,
 * one made through another within the second.
 */
export function liveManifests(db: Executor) {
  const kept = liveRead.get(db);
  if (kept && Date.now() - kept.at < LIVE_RELEASES_TTL_MS) return kept.rows;
  const candidate = alias(releases, 'candidate');
  const served = (row: ReleaseRow): LiveRelease => ({
    id: row.id,
    version: row.version,
    url: row.manifestUrl,
    origin: row.origin,
    integrity: row.integrity,
  });
  const rows = db
    .select({ row: liveReleases, release: releases, candidate })
    .from(liveReleases)
    .innerJoin(releases, eq(releases.id, liveReleases.releaseId))
    .leftJoin(candidate, eq(candidate.id, liveReleases.candidateReleaseId))
    .then(
      (found) =>
        new Map(
          found.map(({ row, release, candidate: rolling }) => [
            row.area as AppName,
            {
              live: served(release),
              candidate: rolling
                ? {
                    ...served(rolling),
                    audience: row.candidateAudience as RolloutAudience,
                    share: row.candidateShare,
                  }
                : null,
            },
          ]),
        ),
    );
  liveRead.set(db, { at: Date.now(), rows });
  rows.catch(() => {
    if (liveRead.get(db)?.rows === rows) liveRead.delete(db);
  });
  return rows;
}

/** Forgets what this instance read of the live releases: a change made through it is served at once. */
export function forgetLiveReleases(db: Executor) {
  liveRead.delete(db);
}

/**
 * Published releases' folders, once found (a release is never unpublished); a miss is kept for a
 * second (on this instance, a publish through it clears it at once).
 */
const publishedFolders = new Set<string>();
const missedFolders = new Map<string, number>();

/** Whether `<area>/<version>` is a published release: only those folders are served. */
export async function isPublished(db: Executor, area: string, version: string) {
  const key = `${area}/${version}`;
  if (publishedFolders.has(key)) return true;
  if ((missedFolders.get(key) ?? 0) > Date.now()) return false;
  const [row] = await db
    .select({ id: releases.id })
    .from(releases)
    .where(and(eq(releases.area, area), eq(releases.version, version)))
    .limit(1);
  if (row) {
    publishedFolders.add(key);
    return true;
  }
  if (missedFolders.size > 1_000) missedFolders.clear();
  missedFolders.set(key, Date.now() + 1_000);
  return false;
}

/**
 * Records a release: its folder must already be under the releases directory with its entry file
 * (a remote's mf-manifest.json, the host's index.html), or a URL stands for it alone. A version
 * is never published twice: releases are immutable.
 */
export async function publishRelease(
  db: Database,
  options: { releasesDir: string; origins: string[] },
  input: Required<Pick<PublishReleaseInput, 'area' | 'version'>> & Pick<PublishReleaseInput, 'url' | 'activate'>,
  by: string,
) {
  const { area, version } = input;
  // The host's page is served by this site itself: a host release is always files here.
  if (area === 'host' && input.url) throw tableError(RELEASE_ERRORS, 'HOST_FROM_FILES');
  let manifestUrl = input.url;
  let origin = 'self';
  let script: Buffer;
  // The public area's pages pre-rendered: a release on this site keeps them in its folder.
  let pages: ReleasePage[] = [];
  if (manifestUrl) {
    origin = releaseUrlOrigin(manifestUrl, options.origins);
    script = await fetchEntryScript(manifestUrl);
    if (area === 'public') pages = await fetchReleasePages(manifestUrl);
  } else {
    const folder = path.join(options.releasesDir, area, version);
    for (const file of new Set([entryFile(area), scriptFile(area)])) {
      const found = await stat(path.join(folder, file)).then(
        (entry) => entry.isFile(),
        () => false,
      );
      if (!found) throw tableError(RELEASE_ERRORS, 'RELEASE_FILES_MISSING', { version, area, file });
    }
    script = await readFile(path.join(folder, scriptFile(area)));
    manifestUrl = `${RELEASES_PATH}/${area}/${version}/${entryFile(area)}`;
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(releases)
      .values({ area, version, manifestUrl, origin, integrity: integrityOf(script), createdBy: by })
      .onConflictDoNothing()
      .returning();
    if (row) await storeReleasePages(tx, row.id, pages);
    return row;
  });
  if (!created) throw tableError(RELEASE_ERRORS, 'RELEASE_EXISTS');
  missedFolders.delete(`${area}/${version}`);
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
    if (!target) throw tableError(RELEASE_ERRORS, 'RELEASE_NOT_FOUND');
    // The area's row is locked, so two switches of one area queue and both are recorded in order.
    const [current] = await tx.select().from(liveReleases).where(eq(liveReleases.area, area)).for('update');
    if (current?.releaseId === target.id) throw tableError(RELEASE_ERRORS, 'RELEASE_ALREADY_LIVE');
    await tx
      .insert(liveReleases)
      .values({ area, releaseId: target.id, switchedBy: by })
      .onConflictDoUpdate({
        target: liveReleases.area,
        // An outright switch ends any rollout: everyone gets the one switched to.
        set: {
          releaseId: target.id,
          previousReleaseId: current?.releaseId ?? null,
          switchedBy: by,
          switchedAt: new Date(),
          candidateReleaseId: null,
          candidateAudience: null,
          candidateShare: null,
          candidateSince: null,
          candidateBy: null,
        },
      });
    await tx
      .insert(releaseSwitches)
      .values({ area, fromReleaseId: current?.releaseId ?? null, toReleaseId: target.id, switchedBy: by });
  });
  forgetLiveReleases(db);
  const [state] = await listReleases(db, area);
  return state!;
}

/**
 * `pnpm start` from a checkout: each app built in the checkout whose build is not a release yet
 * is published (its dist copied under the releases directory) and made live. A build already
 * released is left as it is, live or not. Areas in `skip` (SKIP_AREAS) are left for
 * `pnpm release <area>`.
 */
export async function publishCheckoutBuilds(
  db: Database,
  root: string,
  releasesDir: string,
  skip: readonly AppName[] = [],
) {
  const published: string[] = [];
  for (const area of APP_NAMES.filter((name) => !skip.includes(name))) {
    const dist = path.join(root, APPS[area].package, 'dist');
    const version = await checkoutVersion(area, dist);
    if (!version) continue;
    const [known] = await db
      .select({ id: releases.id })
      .from(releases)
      .where(and(eq(releases.area, area), eq(releases.version, version)))
      .limit(1);
    if (known) continue;
    await cp(dist, path.join(releasesDir, area, version), { recursive: true });
    try {
      await publishRelease(db, { releasesDir, origins: [] }, { area, version, activate: true }, 'pnpm start');
      published.push(`${area} ${version}`);
    } catch (error) {
      // Another instance starting from the same checkout published it first.
      if ((error as { statusCode?: number }).statusCode !== 409) throw error;
    }
  }
  return published;
}

/**
 * The version a checkout build is published as: a remote's, named by its manifest's hash; the
 * host's, the one `pnpm start` built it under (its release.json), for its page loads its scripts
 * from that release's path. A host built otherwise (`pnpm build`, for `/`) is not published: the
 * site serves it from the checkout, as before any host release.
 */
async function checkoutVersion(area: AppName, dist: string) {
  if (area === 'host') {
    const written = await readFile(path.join(dist, 'release.json'), 'utf8').catch(() => undefined);
    const version = written && (JSON.parse(written) as { version?: unknown }).version;
    return typeof version === 'string' && /^build-[\w-]+$/.test(version) ? version : undefined;
  }
  const manifest = await readFile(path.join(dist, entryFile(area))).catch(() => undefined);
  return manifest && `build-${createHash('sha256').update(manifest).digest('hex').slice(0, 12)}`;
}
