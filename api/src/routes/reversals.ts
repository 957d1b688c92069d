import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  idParamsSchema,
  REVERSAL_TEXTS,
  reverseInputSchema,
  transactionSchema,
} from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { reverseTransfer } from '../ledger/reversals';
import { errors } from './schemas';

/** POST /admin/reverse/{id} (ADMIN_REVERSE_PATH): a transfer made by mistake, reversed and audited. */
export const adminReversalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reverse/:id',
    {
      preHandler: app.authorize('ADMIN'),
      schema: {
        tags: ['admin'],
        description:
          'Reverses a transfer with a compensating transaction linked to it (the original is never edited), refunding its fee; audited as reverse with the reason. A transfer is reversed at most once, a reversal never; refused when the receiver no longer holds the amount.',
        params: idParamsSchema,
        body: reverseInputSchema,
        response: { 201: envelopeSchema(transactionSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      const reversal = await reverseTransfer(app.db, currentUser(request).id, request.params.id, request.body.reason);
      return send(reply, 201, REVERSAL_TEXTS.reversed, reversal);
    },
  );
};
