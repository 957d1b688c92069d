import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROTECTED_AREAS, type AreaName, type runtimeArea } from '@wallet/shared/areas';
import type { Language } from '@wallet/shared/contracts';
import { RELEASES_PATH } from './releases';
import { banglaFontHead } from './bangla-font';

/**
 * What the page the site sends carries, so a visitor's first screen needs no round trip after it:
 * the runtime config written into the page (the host reads it there instead of fetching
 * `/app-config.json`), and `<link rel="preload">` for the files the page's area starts with (its
 * `remoteEntry.js` and the chunks of its exposed routes), fetched alongside the host's own script.
 */

/** The page's runtime config, as the host reads it (its type in @wallet/shared/federation). */
export interface RuntimeConfig {
  apiBaseUrl: string;
  /** Each published role area: where the host mounts it, who enters, its home and its names (the host knows no other). */
  areas: Record<string, ReturnType<typeof runtimeArea>>;
  remotes: Partial<Record<AreaName, string>>;
  /** Each area's remoteEntry.js hash (SRI), which the host loads it pinned to. */
  integrity?: Partial<Record<AreaName, string>>;
  /** The release (version) of each app this page was given, the host's included: what its reports name. */
  releases?: Partial<Record<AreaName | 'host', string>>;
  /** What the page's reports carry: the site's signature over its releases and bucket (report-tokens.ts). */
  reportToken?: string;
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path: string; assets?: { js?: { sync?: string[] } } }[];
}

/** The area a page address belongs to: a role's area by its base path, else the public one. */
function areaOfPage(pathname: string): AreaName {
  for (const [area, { basePath }] of Object.entries(PROTECTED_AREAS)) {
    if (pathname === basePath || pathname.startsWith(`${basePath}/`)) return area as AreaName;
  }
  return 'public';
}

/** Release files never change under their versioned path: each manifest is read once per process. */
const preloadsByManifest = new Map<string, Promise<string[]>>();
const REMEMBERED = 64;

/**
 * The scripts an area's release starts with, as URLs the page can preload: its entry and the
 * synchronous chunks of its `./routes`. Only for releases this site serves from its own folder
 * (another origin's manifest would cost the page a fetch here); none when the manifest can't be read.
 */
function areaPreloads(manifestUrl: string, releasesDir: string): Promise<string[]> {
  if (!manifestUrl.startsWith(`${RELEASES_PATH}/`)) return Promise.resolve([]);
  let preloads = preloadsByManifest.get(manifestUrl);
  if (!preloads) {
    const file = path.join(releasesDir, ...manifestUrl.slice(RELEASES_PATH.length + 1).split('/'));
    const folder = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    preloads = readFile(file, 'utf8')
      .then((text) => {
        const manifest = JSON.parse(text) as Manifest;
        const entry = `${manifest.metaData?.remoteEntry?.path ?? ''}${manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js'}`;
        const routes = manifest.exposes?.find((expose) => expose.path === './routes')?.assets?.js?.sync ?? [];
        return [entry, ...routes].map((asset) => `${folder}${asset}`);
      })
      .catch(() => {
        preloadsByManifest.delete(manifestUrl);
        return [];
      });
    if (preloadsByManifest.size >= REMEMBERED) preloadsByManifest.delete(preloadsByManifest.keys().next().value!);
    preloadsByManifest.set(manifestUrl, preloads);
  }
  return preloads;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a script element: `<` escaped, so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The page's `<html>` tag (the first on the page), and a `lang` attribute in it. */
const HTML_TAG = /<html\b[^>]*>/i;
const LANG_ATTRIBUTE = /\slang=("[^"]*"|'[^']*'|[^\s>]*)/i;

/** The page with the visitor's language on its `<html>` (the template says `lang="en"`). */
function withLanguage(page: string, language: Language) {
  return page.replace(
    HTML_TAG,
    (tag) => `<html lang="${escapeAttribute(language)}"${tag.slice(5).replace(LANG_ATTRIBUTE, '')}`,
  );
}

/**
 * The page with the visitor's language, and the runtime config and the area's preloads in its head;
 * a Bangla page's head also declares the shipped Bengali font and preloads its 400 face (bangla-font.ts).
 */
export async function withFirstView(
  page: string,
  {
    config,
    pathname,
    releasesDir,
    language,
  }: { config: RuntimeConfig; pathname: string; releasesDir: string; language: Language },
) {
  const area = areaOfPage(pathname);
  const manifest = config.remotes[area];
  const preloads = manifest ? await areaPreloads(manifest, releasesDir) : [];
  // The entry is loaded pinned to its hash (CORS mode, integrity): its preload says the same, or
  // the browser would fetch it twice.
  const pinned = config.integrity?.[area];
  const entryAttributes = (href: string) =>
    pinned && href === preloads[0] ? ` integrity="${escapeAttribute(pinned)}" crossorigin="anonymous"` : '';
  const head =
    `<script id="wallet-runtime-config" type="application/json">${scriptJson(config)}</script>` +
    preloads
      .map((href) => `<link rel="preload" as="script" href="${escapeAttribute(href)}"${entryAttributes(href)}>`)
      .join('') +
    (language === 'bn' ? banglaFontHead() : '');
  return withLanguage(page, language).replace('</head>', `${head}</head>`);
}
