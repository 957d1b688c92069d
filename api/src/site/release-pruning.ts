import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** One number for every instance: whoever holds it prunes, the others skip that round. */
const PRUNE_LOCK = 7_301_006;
/** The newest releases of each area whose files are always kept. */
const KEEP_NEWEST = 5;
/** A release switched away from within this stays served: pages opened before the switch still load its chunks. */
const KEEP_SWITCHED_HOURS = 24;

/**
 * Deletes the files of old releases from the releases directory: every published release's folder
 * except, for each area, the 5 newest, the live one, the one rolling out, and any switched away
 * from in the last 24 hours. Release rows stay (a version is never published twice, and the
 * history keeps them); folders that are no published release (a copy still being made) are left
 * alone. Under an advisory lock, so of many instances one prunes. Returns the folders deleted,
 * `<area>/<version>`.
 */
export async function pruneReleaseFiles(db: Database, releasesDir: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as locked`);
    if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return [];
    const { rows } = (await tx.execute(sql`
      select r.area, r.version from (
        select id, area, version, row_number() over (partition by area order by created_at desc, id desc) as newest
        from releases where manifest_url like '/releases/%') r
      where r.newest > ${KEEP_NEWEST}
        and not exists (select 1 from live_releases l where l.release_id = r.id or l.candidate_release_id = r.id)
        and not exists (
          select 1 from release_switches s
          where s.from_release_id = r.id and s.switched_at > clock_timestamp() - make_interval(hours => ${KEEP_SWITCHED_HOURS}))`)) as unknown as {
      rows: { area: string; version: string }[];
    };
    const pruned: string[] = [];
    for (const { area, version } of rows) {
      const folder = path.resolve(releasesDir, area, version);
      // Names come from the database (validated path segments); still, never outside the directory.
      if (path.dirname(path.dirname(folder)) !== path.resolve(releasesDir)) continue;
      const present = await readdir(folder).then(
        () => true,
        () => false,
      );
      if (!present) continue;
      await rm(folder, { recursive: true, force: true });
      pruned.push(`${area}/${version}`);
    }
    return pruned;
  });
}
