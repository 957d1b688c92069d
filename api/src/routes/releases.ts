import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  activateReleaseInputSchema,
  areaReleasesSchema,
  envelopeSchema,
  publishReleaseInputSchema,
  releaseSchema,
} from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { activateRelease, isDeployToken, knownArea, listReleases, publishRelease } from '../services/releases';
import { errors } from './schemas';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who releases: the admin's email, or "deploy token". */
    releasedBy?: string;
  }
}

/**
 * Releases of the front ends, shared by every instance through the database. Only an admin
 * session or the deploy token (`Authorization: Bearer <DEPLOY_TOKEN>`) may read or change them.
 */
export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const asAdmin = app.authorize('ADMIN');
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) {
      if (!(await isDeployToken(app.db, bearer))) throw app.httpErrors.unauthorized('Invalid deploy token');
      request.releasedBy = 'deploy token';
      return;
    }
    await asAdmin(request);
    request.releasedBy = request.sessionUser!.email;
  });

  app.get(
    '/',
    { schema: { tags: ['releases'], response: { 200: envelopeSchema(z.array(areaReleasesSchema)), ...errors.admin } } },
    async (_request, reply) => send(reply, 200, 'Releases retrieved', await listReleases(app.db)),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['releases'],
        body: publishReleaseInputSchema,
        response: { 201: envelopeSchema(releaseSchema), ...errors.admin },
      },
    },
    async (request, reply) =>
      send(
        reply,
        201,
        'Release published',
        await publishRelease(app.db, app.config.releasesDir, request.body, request.releasedBy!),
      ),
  );

  app.post(
    '/:area/activate',
    {
      schema: {
        tags: ['releases'],
        // Any name: an area that does not exist is a 404, not a malformed request.
        params: z.object({ area: z.string().max(64) }),
        body: activateReleaseInputSchema,
        response: { 200: envelopeSchema(areaReleasesSchema), ...errors.admin },
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        'Release is live',
        await activateRelease(app.db, knownArea(request.params.area), request.body.version, request.releasedBy!),
      ),
  );
};
