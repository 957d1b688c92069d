import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsSchema, envelopeSchema, overviewSchema } from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { analytics, overview } from '../ledger/insights';
import { errors } from './schemas';
import { freshRead } from '../lib/reads';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authorize('USER', 'AGENT'));
  // Each sums a range of the person's ledger: a person may ask so often, and no more.
  app.addHook(
    'preHandler',
    app.limit({ name: 'analytics', max: app.config.rateLimits.analytics, key: (request) => currentUser(request).id }),
  );

  app.get(
    '/me/overview',
    { schema: { tags: ['analytics'], response: { 200: envelopeSchema(overviewSchema), ...errors.signedIn } } },
    async (request, reply) =>
      send(reply, 200, 'Overview retrieved', await freshRead(app, (db) => overview(db, currentUser(request).id))),
  );

  app.get(
    '/me',
    { schema: { tags: ['analytics'], response: { 200: envelopeSchema(analyticsSchema), ...errors.signedIn } } },
    async (request, reply) =>
      send(reply, 200, 'Analytics retrieved', await freshRead(app, (db) => analytics(db, currentUser(request).id))),
  );
};
