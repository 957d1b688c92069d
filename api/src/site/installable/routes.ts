import type { FastifyInstance } from 'fastify';
import { appIcons } from './icons';
import { webManifest } from './manifest';
import { type ServiceWorkerMode, workerScript } from './worker-script';

const MANIFEST_PATH = '/manifest.webmanifest';
const WORKER_PATH = '/sw.js';

/**
 * What makes the site an installable app, served by the API itself and outside any release (a
 * worker's address and scope must never move with a release): the manifest and the worker, both
 * revalidated at every use, and the icons under their content's hash, kept a year.
 */
export async function installableRoutes(app: FastifyInstance, { serviceWorker }: { serviceWorker: ServiceWorkerMode }) {
  const icons = appIcons();
  const manifest = JSON.stringify(webManifest(icons));
  for (const icon of icons) {
    app.get(icon.url, { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('image/png').send(icon.body),
    );
  }
  app.get(MANIFEST_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifest),
  );
  app.get(WORKER_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(await workerScript(serviceWorker)),
  );
}
