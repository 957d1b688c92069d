import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@wallet/shared/contracts';
import { isPrerenderedPath, PAGE_SLOT, PRERENDERED_ID, PRERENDERED_PAGES } from '@wallet/shared/prerendered-pages';
import { RELEASES_PATH } from './releases';

/**
 * A public page as HTML in the first response, before any script: the host release's header and
 * footer for the page (its `prerender/` folder, made when it was built) around the public
 * release's page, in the visitor's language. The host shows it until the app has rendered the same
 * screen, then takes over (host/src/app/prerendered-page.ts).
 */

/** Release folders never change: each file is read once per process (a miss too, for a second). */
const files = new Map<string, Promise<string | undefined>>();
const REMEMBERED = 256;

function readOnce(file: string) {
  let text = files.get(file);
  if (!text) {
    text = readFile(file, 'utf8').catch(() => {
      setTimeout(() => files.delete(file), 1_000).unref();
      return undefined;
    });
    if (files.size >= REMEMBERED) files.delete(files.keys().next().value!);
    files.set(file, text);
  }
  return text;
}

/**
 * Where a public release keeps its pre-rendered pages: its folder on this site, or, published by
 * URL from another origin, the database (fetched when it was published).
 */
export type PageSource =
  { folder: string } | { stored: (language: Language, page: string) => Promise<string | undefined> };

/** A remote release's folder on this site, from its manifest's URL; none for another origin's. */
export function releaseFolder(manifestUrl: string, releasesDir: string) {
  if (!manifestUrl.startsWith(`${RELEASES_PATH}/`)) return undefined;
  const parts = manifestUrl.slice(RELEASES_PATH.length + 1).split('/');
  return path.join(releasesDir, ...parts.slice(0, -1));
}

/**
 * The page at `pathname` pre-rendered, or undefined when it is not one of the pre-rendered pages
 * or either release has no HTML for it (a build from before pre-rendering).
 */
export async function prerenderedPage({
  pathname,
  language,
  hostFolder,
  publicPages,
}: {
  pathname: string;
  language: Language;
  hostFolder: string;
  publicPages: PageSource | undefined;
}) {
  if (!publicPages || !isPrerenderedPath(pathname)) return undefined;
  const name = PRERENDERED_PAGES[pathname];
  const file = path.join('prerender', language, `${name}.html`);
  const [shell, page] = await Promise.all([
    readOnce(path.join(hostFolder, file)),
    'folder' in publicPages ? readOnce(path.join(publicPages.folder, file)) : publicPages.stored(language, name),
  ]);
  if (!shell?.includes(PAGE_SLOT) || page === undefined) return undefined;
  return shell.replace(PAGE_SLOT, () => page);
}

/**
 * The host's page with `html` shown in place of its root, which stays hidden until the app takes
 * over. The copy's header is a visitor's; with a session cookie (whether still valid is the app's
 * to find out) its Login is hidden, keeping its room, so a signed-in person never sees it: their
 * Logout appears there when the app takes over.
 */
export function withPrerendered(page: string, html: string, { session }: { session: boolean }) {
  const copy = session
    ? `<style>#${PRERENDERED_ID} [data-session-button]{visibility:hidden}</style><div id="${PRERENDERED_ID}">`
    : `<div id="${PRERENDERED_ID}">`;
  return page.replace(/<div id="root"><\/div>/, () => `${copy}${html}</div><div id="root" hidden></div>`);
}
