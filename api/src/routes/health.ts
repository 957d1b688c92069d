import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, errorBodySchema } from '@wallet/shared/contracts';
import { schemaIsCurrent } from '../db/client';
import { codedError } from '../lib/api-errors';
import { send } from '../lib/reply';

const NOT_READY = 'Service temporarily unavailable. Please try again.';

/**
 * Liveness answers for the process alone: a probe that restarts instances must not restart every
 * one of them because the database blinked. Readiness (and /health, which stays as it was)
 * answers for the database: reachable, with this code's migrations and ledger SQL applied, so a
 * proxy sends requests only to instances that can serve them.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const readySchema = {
    tags: ['health'],
    response: {
      200: envelopeSchema(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
      503: errorBodySchema,
    },
  };

  app.get(
    '/health/live',
    {
      // The process is alive under pressure too: a probe must not restart a busy instance.
      config: { pressureHandler: () => {} },
      schema: { tags: ['health'], response: { 200: envelopeSchema(z.object({ status: z.literal('ok') })) } },
    },
    async (_request, reply) => send(reply, 200, 'API is running', { status: 'ok' as const }),
  );

  const ready = async (_request: unknown, reply: Parameters<typeof send>[0]) => {
    // Shutting down: the proxy stops sending requests here while those in flight finish.
    if (app.lifecycle.draining) throw codedError(503, 'The server is shutting down', 'UNAVAILABLE');
    if (!(await schemaIsCurrent(app.database.query))) throw codedError(503, NOT_READY, 'UNAVAILABLE');
    return send(reply, 200, 'API is healthy', { status: 'ok' as const, database: app.databaseKind });
  };
  app.get('/health/ready', { schema: readySchema }, ready);
  app.get('/health', { schema: readySchema }, ready);
};
