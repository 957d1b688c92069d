import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import { REQUEST_ERRORS } from '@wallet/shared/contracts';
import { tableError } from '../../lib/api-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who may call the API from a browser: the site's own origin (the Host it was reached at, or
 * PUBLIC_URL) and the origins in CORS_ORIGINS. CORS lets those read responses with credentials;
 * the Origin check refuses any state-changing request a browser sends from anywhere else.
 */
export const originPlugin = fp(async (app) => {
  const listed = new Set(app.config.corsOrigins);
  const publicOrigin = app.config.publicUrl ? new URL(app.config.publicUrl).origin : undefined;

  const isAllowed = (origin: string, request: FastifyRequest) => {
    if (listed.has(origin) || origin === publicOrigin) return true;
    try {
      // Scheme, host and port, both through URL, so a default port written out (":80") still
      // matches: an http page of the same host is another origin.
      return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      return false;
    }
  };

  await app.register(
    cors,
    () => (request: FastifyRequest, callback: (error: Error | null, options: object) => void) => {
      const origin = request.headers.origin;
      callback(null, { origin: origin ? isAllowed(origin, request) : false, credentials: true });
    },
  );

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin && !isAllowed(origin, request)) throw tableError(REQUEST_ERRORS, 'ORIGIN_NOT_ALLOWED');
  });
});
