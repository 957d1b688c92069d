import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedEnvelopeSchema, paginationQuerySchema, transactionSchema } from '@wallet/shared/contracts';
import { sendPage } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { listForUser } from '../services/transactions';
import { errors } from './schemas';

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['transaction'],
        querystring: paginationQuerySchema,
        response: { 200: pagedEnvelopeSchema(transactionSchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      sendPage(reply, 'Transactions retrieved', await listForUser(app.db, currentUser(request).id, request.query)),
  );
};
