import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, errorBodySchema } from '@wallet/shared/contracts';
import { schemaIsCurrent } from '../db/client';
import { isTransientDbError } from '../db/errors';
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
      200: envelopeSchema(
        z.object({
          status: z.literal('ok'),
          database: z.enum(['pglite', 'postgres']),
          /** Whether the leader takes writes now: false during a failover, while a standby still serves reads. */
          writes: z.boolean(),
        }),
      ),
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

  /** Whether a server has this code's schema: 'away' when it cannot be reached now. */
  const schemaOn = async (query: typeof app.database.query) => {
    try {
      return (await schemaIsCurrent(query)) ? 'current' : 'behind';
    } catch (error) {
      if (isTransientDbError(error)) return 'away';
      throw error;
    }
  };

  const ready = async (_request: unknown, reply: Parameters<typeof send>[0]) => {
    // Shutting down: the proxy stops sending requests here while those in flight finish.
    if (app.lifecycle.draining) throw codedError(503, 'The server is shutting down', 'UNAVAILABLE');
    const leader = await schemaOn(app.database.query);
    // During a failover the instance stays in the proxy while a standby serves reads: a request
    // that needs a write answers 503 with Retry-After meanwhile, and the rest are served.
    const readSide = app.database.readSide;
    const reads = leader === 'away' && readSide ? await schemaOn(readSide.query) : leader;
    if (leader === 'behind' || reads !== 'current') throw codedError(503, NOT_READY, 'UNAVAILABLE');
    return send(reply, 200, 'API is healthy', {
      status: 'ok' as const,
      database: app.databaseKind,
      writes: leader === 'current',
    });
  };
  app.get('/health/ready', { schema: readySchema }, ready);
  app.get('/health', { schema: readySchema }, ready);
};
