import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

import { AREAS, PROTECTED_AREA_NAMES, ROLE_HOME, runtimeArea, type AppName } from '@wallet/shared/areas';
import { BUCKET_COOKIE } from '@wallet/shared/contracts/releases';
import { isPublished, liveManifests, type LiveRelease, RELEASES_PATH } from './releases';
import { isBrowserId, newBrowserId, releaseFor } from './rollouts';
import { withFirstView, type RuntimeConfig } from './first-view';
import { issueReportToken } from './report-tokens';
import { BANGLA_FONT_STYLESHEET, banglaFontCss, banglaFontFiles } from './bangla-font';
import { pageLanguage } from './page-language';
import { type PageSource, prerenderedPage, releaseFolder, withPrerendered } from './prerendered';
import { storedReleasePage } from './release-pages';
import { installableRoutes } from './installable/routes';
import { sessionToken } from '../identity/sessions';
import { decodedSegments } from '../lib/request-path';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name stays the same from build to build: always revalidated. */
const UNHASHED = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);

/** What the runtime config says of each role area, written once from the registry, picked per page by what is live. */
const RUNTIME_AREAS: Record<string, ReturnType<typeof runtimeArea>> = Object.fromEntries(
  PROTECTED_AREA_NAMES.map((name) => [name, runtimeArea(name)]),
);

/**
 * How the page written per request is compressed: brotli first, ahead of zstd, which Node 24's
 * zlib can make and the compressor would otherwise prefer for a browser that takes both (Chromium
 * does). Brotli's page is 6% smaller (8.9 KB against 9.4 KB); it is small and once a visit, so its
 * size counts, not the milliseconds zstd saves. Per route: a route's options replace the plugin's.
 */
const PAGE_COMPRESSION = { encodings: ['br' as const, 'gzip' as const, 'deflate' as const] };

export interface SiteOptions {
  /** The checkout: the host's build is `host/dist`, each remote's `remote-<area>/dist`. */
  root: string;
  apiPrefix: string;
  /** Published releases, `<area>/<version>/...`, found per request. */
  releasesDir: string;
  /** The origins a live release's code may come from (RELEASE_ORIGINS): the page's policy lets in no other. */
  releaseOrigins: string[];
}

/** A page as the site serves it: its HTML and the hashes of its own inline scripts. */
interface Page {
  html: string;
  /** CSP sources (`'sha256-…'`) for each script written in the page: the same for every load of a release. */
  inlineScripts: string[];
}

/**
 * The page's inline scripts that run (no `src`, no data type such as the runtime config's JSON),
 * as CSP hash sources. The page is the host's own build (its template: the pre-paint theme
 * script), so its script elements are plain; a hash, not `'unsafe-inline'`, lets exactly them run.
 */
function inlineScriptHashes(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .filter(([, attributes]) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes!)?.[1]?.toLowerCase();
      return type === undefined || type === 'text/javascript' || type === 'module';
    })
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
}

/**
 * A Content-Security-Policy with `origins` added where scripts and manifest fetches are allowed,
 * and the page's inline scripts allowed by their hashes.
 */
function pagePolicy(policy: string, origins: string[], inlineScripts: string[]) {
  const unique = [...new Set(origins)];
  if (unique.length === 0 && inlineScripts.length === 0) return policy;
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
  const names = directives.map((directive) => directive.split(/\s+/)[0]);
  if (unique.length > 0 && !names.includes('connect-src')) directives.push("connect-src 'self'");
  const added: Record<string, string[]> = { 'script-src': [...unique, ...inlineScripts], 'connect-src': unique };
  return directives
    .map((directive) => {
      const more = added[directive.split(/\s+/)[0]!] ?? [];
      return more.length > 0 ? `${directive} ${more.join(' ')}` : directive;
    })
    .join(';');
}

/** A release's files never change under their versioned path; any origin may load them. */
function releaseHeaders(response: { setHeader(name: string, value: string): unknown }) {
  response.setHeader('Cache-Control', IMMUTABLE);
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

function cacheHeaders(response: { setHeader(name: string, value: string): unknown }, filePath: string) {
  response.setHeader('Cache-Control', UNHASHED.has(path.basename(filePath)) ? 'no-cache' : IMMUTABLE);
}

/**
 * The whole site on the API's port: the checkout's host build at `/`, every release under
 * `/releases/<area>/<version>/`, the runtime config at `/app-config.json`, and the live host's
 * index.html for any other page address so the browser router can take over.
 */
export async function sitePlugin(app: FastifyInstance, { root, apiPrefix, releasesDir, releaseOrigins }: SiteOptions) {
  // The manifest and the service worker (installable/): the site's own, whatever is built or released.
  await app.register(installableRoutes, { serviceWorker: app.config.serviceWorker });
  const hostDist = path.join(root, 'host', 'dist');
  if (!existsSync(path.join(hostDist, 'index.html'))) {
    app.log.warn(`site: ${hostDist} has no build; run pnpm build (pnpm start does it for you)`);
    return;
  }

  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    decorateReply: false,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Its own `Cache-Control: public, max-age=0` would replace the one cacheHeaders sets (and with
    // the reply decorated, the one set would be lost): neither.
    cacheControl: false,
    setHeaders: cacheHeaders,
  });

  // Only the files of published releases: a folder copied under the releases directory is not
  // served until it is published (and so hashed and listed). No page is served from there: an old
  // host's index.html, with a flaw a later release fixed, must not stay reachable with the
  // visitor's cookies. The page is always the live host's, through sendIndex below.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${RELEASES_PATH}/`)) return;
    // Judged as it will be served: decoded (request-path.ts), so no encoding hides a page or a `..`.
    const [, , area, version, ...rest] = decodedSegments(request.url) ?? [];
    const file = rest.at(-1) ?? '';
    if (
      !area ||
      !version ||
      rest.length === 0 ||
      /\.html?$/i.test(file) ||
      !(await isPublished(app.db, area, version))
    ) {
      return reply.callNotFound();
    }
  });

  // Every release ever published, looked up per request (a release made while the site runs is
  // served at once, with no restart): never a file list fixed at start.
  await mkdir(releasesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: path.resolve(releasesDir),
    prefix: `${RELEASES_PATH}/`,
    decorateReply: false,
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: releaseHeaders,
  });

  /**
   * The releases this visitor gets (read per request, kept a second per instance): each area's live
   * one, or the one rolling out when they are in its audience: a share of visitors by their
   * browser's bucket (the `wallet_bucket` cookie, given on their first page), or admins for a
   * preview. An area with no release yet is left out (the host shows its fallback).
   */
  const visitorReleases = async (request: FastifyRequest, reply: FastifyReply) => {
    const areas = await liveManifests(app.db);
    let browserId = request.cookies[BUCKET_COOKIE];
    if (!isBrowserId(browserId)) {
      browserId = newBrowserId();
      reply.setCookie(BUCKET_COOKIE, browserId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https' || app.config.publicUrl?.startsWith('https:') === true,
        maxAge: 365 * 24 * 3600,
      });
    }
    const previewing = [...areas.values()].some((release) => release.candidate?.audience === 'admins');
    const visitor = {
      browserId,
      // Only while a preview runs is the session looked up for a page.
      isAdmin: previewing && (await app.sessionUserOf(request))?.role === 'ADMIN',
    };
    const live = new Map([...areas].map(([area, release]) => [area, releaseFor(area, release, visitor)]));
    return { live, browserId };
  };
  const reportSecret = app.config.clientReportSecret!;
  const runtimeConfig = ({
    live: given,
    browserId,
  }: {
    live: Map<AppName, LiveRelease>;
    browserId: string;
  }): RuntimeConfig => {
    const areas = AREAS.filter((area) => given.has(area));
    const releases = Object.fromEntries([...given].map(([area, release]) => [area, release.version]));
    return {
      apiBaseUrl: apiPrefix,
      // Only what is published: an area the site leaves out (SKIP_AREAS) has no route in the host
      // until its first release, which the next page load then mounts.
      areas: Object.fromEntries(
        areas.filter((area) => area in RUNTIME_AREAS).map((area) => [area, RUNTIME_AREAS[area]!]),
      ),
      remotes: Object.fromEntries(areas.map((area) => [area, given.get(area)!.url])),
      integrity: Object.fromEntries(
        areas.filter((area) => given.get(area)!.integrity).map((area) => [area, given.get(area)!.integrity]),
      ),
      releases,
      // What the page's reports of these releases carry (report-tokens.ts); renewed through this file.
      reportToken: issueReportToken(reportSecret, { releases, bucket: browserId }),
    };
  };
  // The Bengali font (bangla-font.ts): each file under its content's hash, kept a year; the faces'
  // stylesheet, which a page switched to Bangla adds, revalidated (its addresses change with the files).
  for (const font of banglaFontFiles()) {
    app.get(font.url, { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Access-Control-Allow-Origin', '*')
        .type('font/woff2')
        .send(font.body),
    );
  }
  app.get(BANGLA_FONT_STYLESHEET, { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(banglaFontCss()),
  );
  app.get('/app-config.json', { schema: { hide: true } }, async (request, reply) => {
    const given = await visitorReleases(request, reply);
    return reply.header('Cache-Control', 'no-cache').send(runtimeConfig(given));
  });

  // The page is written per request (its config, its language): compressed as it is sent, on the
  // page's routes alone (`compress` below). Every other file of the site is compressed at build
  // time, and the API's answers stay as they are (an event stream must not wait in a compressor).
  await app.register(fastifyCompress, { global: false, globalDecompression: false });

  // A host release's folder never changes, and the checkout's build is served as it was at start
  // (like its scripts): each page is read from disk once.
  const pages = new Map<string, Promise<Page>>();
  const pageIn = (folder: string) => {
    let page = pages.get(folder);
    if (!page) {
      page = readFile(path.join(folder, 'index.html'), 'utf8').then((html) => ({
        html,
        inlineScripts: inlineScriptHashes(html),
      }));
      page.catch(() => pages.delete(folder));
      pages.set(folder, page);
    }
    return page;
  };

  /** Where the visitor's public release keeps its pre-rendered pages (prerendered.ts). */
  const publicPages = (live: Map<AppName, LiveRelease>): PageSource | undefined => {
    const release = live.get('public');
    if (!release) return undefined;
    const folder = releaseFolder(release.url, releasesDir);
    return folder ? { folder } : { stored: (language, page) => storedReleasePage(app.db, release.id, language, page) };
  };

  // The page is the live host release's index.html (the checkout's build until one is released),
  // with the runtime config and the page's area's first scripts written in (first-view.ts).
  // It may load areas from other origins (a CDN): its policy lets their code and manifests in.
  const sendIndex = async (pathname: string, request: FastifyRequest, reply: FastifyReply) => {
    // The pre-rendered landing page's Get Started is a plain link to /register until the app has
    // taken over (it is written for a visitor with no session): a signed-in person who follows it
    // is sent to their role's home, where the app's Get Started takes them.
    if (pathname === '/register') {
      const user = await app.sessionUserOf(request);
      if (user) return reply.header('Cache-Control', 'no-store').redirect(ROLE_HOME[user.role].path, 303);
    }
    const visitor = await visitorReleases(request, reply);
    const live = visitor.live;
    // Another origin is let in only while RELEASE_ORIGINS lists it: one struck off the list stops
    // being loaded at the next page load, its area showing its fallback.
    const origins = AREAS.map((area) => live.get(area)?.origin).filter(
      (origin): origin is string => origin !== undefined && origin !== 'self' && releaseOrigins.includes(origin),
    );
    const host = live.get('host')?.url;
    const folder = host ? path.join(releasesDir, path.dirname(host.slice(RELEASES_PATH.length + 1))) : hostDist;
    const page = await pageIn(folder);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header('content-security-policy', pagePolicy(policy, origins, page.inlineScripts));
    }
    // Its `<html lang>` comes from the cookie or Accept-Language: a cache keeps a page per both.
    const language = pageLanguage(request);
    const vary = reply.getHeader('vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept-Language, Cookie` : 'Accept-Language, Cookie');
    const html = await withFirstView(page.html, { config: runtimeConfig(visitor), pathname, releasesDir, language });
    // A public page comes rendered: the host release's shell around the visitor's public release's page.
    const prerendered = await prerenderedPage({
      pathname,
      language,
      hostFolder: folder,
      publicPages: publicPages(live),
    });
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        prerendered
          ? withPrerendered(html, prerendered, { session: sessionToken(request.cookies) !== undefined })
          : html,
      );
  };
  app.get('/', { schema: { hide: true }, compress: PAGE_COMPRESSION }, (request, reply) =>
    sendIndex('/', request, reply),
  );
  app.get('/*', { schema: { hide: true }, compress: PAGE_COMPRESSION }, (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // Only page addresses get the app: API calls, remote files and missing assets stay 404s.
    const isPage =
      !pathname.startsWith(`${apiPrefix}/`) && !pathname.startsWith(`${RELEASES_PATH}/`) && !path.extname(pathname);
    if (!isPage) return reply.callNotFound();
    return sendIndex(pathname, request, reply);
  });
}
