import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@wallet/shared/contracts';
import { send } from '../lib/reply';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: envelopeSchema(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
        },
      },
    },
    async (_request, reply) => {
      await app.db.execute(sql`select 1`);
      return send(reply, 200, 'API is healthy', { status: 'ok' as const, database: app.databaseKind });
    },
  );
};
