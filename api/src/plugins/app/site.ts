import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Every area the host may mount; an area whose remote is not built simply shows its fallback. */
const AREAS = ['public', 'user', 'agent', 'admin'] as const;
const REMOTES_PATH = '/remotes';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name stays the same from build to build: always revalidated. */
const UNHASHED = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);

export interface SiteOptions {
  /** The checkout: the host's build is `host/dist`, each remote's `remote-<area>/dist`. */
  root: string;
  apiPrefix: string;
}

function cacheHeaders(response: { setHeader(name: string, value: string): unknown }, filePath: string) {
  response.setHeader('Cache-Control', UNHASHED.has(path.basename(filePath)) ? 'no-cache' : IMMUTABLE);
}

/**
 * The whole site on the API's port: the host at `/`, each remote under `/remotes/<area>/`, the
 * runtime config at `/app-config.json`, and the host's index.html for any other page address so
 * the browser router can take over.
 */
export async function sitePlugin(app: FastifyInstance, { root, apiPrefix }: SiteOptions) {
  const hostDist = path.join(root, 'host', 'dist');
  if (!existsSync(path.join(hostDist, 'index.html'))) {
    app.log.warn(`site: ${hostDist} has no build; run pnpm build (pnpm start does it for you)`);
    return;
  }

  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: cacheHeaders,
  });

  for (const area of AREAS) {
    const remoteDist = path.join(root, `remote-${area}`, 'dist');
    if (!existsSync(path.join(remoteDist, 'mf-manifest.json'))) continue;
    await app.register(fastifyStatic, {
      root: remoteDist,
      prefix: `${REMOTES_PATH}/${area}/`,
      decorateReply: false,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }

  const runtimeConfig = {
    apiBaseUrl: apiPrefix,
    remotes: Object.fromEntries(AREAS.map((area) => [area, `${REMOTES_PATH}/${area}/mf-manifest.json`])),
  };
  app.get('/app-config.json', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').send(runtimeConfig),
  );

  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html', hostDist, { cacheControl: false });
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // Only page addresses get the app: API calls, remote files and missing assets stay 404s.
    const isPage =
      !pathname.startsWith(`${apiPrefix}/`) && !pathname.startsWith(`${REMOTES_PATH}/`) && !path.extname(pathname);
    if (!isPage) return reply.callNotFound();
    return sendIndex(reply);
  });
}
