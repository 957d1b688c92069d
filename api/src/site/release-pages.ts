import { and, eq } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@wallet/shared/i18n/languages';
import { RELEASE_ERRORS } from '@wallet/shared/contracts';
import { PRERENDERED_PAGES } from '@wallet/shared/prerendered-pages';
import type { Executor } from '../db/client';
import { releasePages } from '../db/schema';
import { tableError } from '../lib/api-errors';
import { readCapped } from './release-origins';

/** A pre-rendered page is some tens of KB; anything far larger is not one. */
const MAX_PAGE_BYTES = 1024 * 1024;

export interface ReleasePage {
  language: Language;
  page: string;
  html: string;
}

async function fetchPage(url: URL): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  } catch {
    throw tableError(RELEASE_ERRORS, 'PAGE_UNREACHABLE', { url: String(url) });
  }
  // A release built before pages were pre-rendered has none: its pages are rendered in the browser.
  if (response.status === 404) return undefined;
  if (!response.ok || !response.body) {
    throw tableError(RELEASE_ERRORS, 'PAGE_STATUS', { url: String(url), status: response.status });
  }
  const html = await readCapped(response.body, MAX_PAGE_BYTES, () =>
    tableError(RELEASE_ERRORS, 'PAGE_UNREACHABLE', { url: String(url) }),
  );
  return html.toString('utf8');
}

/**
 * The pre-rendered pages of a public release published by URL, fetched from beside its manifest
 * (`prerender/<language>/<page>.html`) when it is published, as its entry script is: the site
 * serves them from the database, never fetching another origin while a visitor waits. A page the
 * origin does not have (404) is left out; any other failure refuses the release, which the
 * deployer publishes again once its origin answers.
 */
export async function fetchReleasePages(manifestUrl: string): Promise<ReleasePage[]> {
  const folder = new URL('.', manifestUrl);
  const wanted = LANGUAGES.flatMap((language) => Object.values(PRERENDERED_PAGES).map((page) => ({ language, page })));
  const fetched = await Promise.all(
    wanted.map(async ({ language, page }) => ({
      language,
      page,
      html: await fetchPage(new URL(`prerender/${language}/${page}.html`, folder)),
    })),
  );
  return fetched.flatMap(({ html, ...page }) => (html === undefined ? [] : [{ ...page, html }]));
}

export async function storeReleasePages(db: Executor, releaseId: string, pages: ReleasePage[]) {
  if (pages.length > 0) await db.insert(releasePages).values(pages.map((page) => ({ releaseId, ...page })));
}

/** A release's stored page, read once per process (releases never change); undefined when it has none. */
const stored = new Map<string, Promise<string | undefined>>();
const REMEMBERED = 256;

export function storedReleasePage(db: Executor, releaseId: string, language: Language, page: string) {
  const key = `${releaseId}/${language}/${page}`;
  let html = stored.get(key);
  if (!html) {
    html = db
      .select({ html: releasePages.html })
      .from(releasePages)
      .where(
        and(eq(releasePages.releaseId, releaseId), eq(releasePages.language, language), eq(releasePages.page, page)),
      )
      .limit(1)
      .then(([row]) => row?.html);
    html.catch(() => stored.delete(key));
    if (stored.size >= REMEMBERED) stored.delete(stored.keys().next().value!);
    stored.set(key, html);
  }
  return html;
}
