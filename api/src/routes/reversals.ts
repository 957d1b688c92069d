import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalSchema,
  envelopeSchema,
  idParamsSchema,
  REVERSAL_TEXTS,
  reverseInputSchema,
  transactionSchema,
} from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { reverseTransfer } from '../ledger/reversals';
import { reversalNeedsSecondApproval } from '../admin/approvals';
import { sendProposal } from './approvals';
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
          'Reverses a transfer with a compensating transaction linked to it (the original is never edited), refunding its fee; audited as reverse with the reason. A transfer is reversed at most once, a reversal never; refused when the receiver no longer holds the amount. With SECOND_APPROVAL=required, a transfer above 5,000 Taka or older than 7 days answers 202 with a proposal a second FINANCE member approves.',
        params: idParamsSchema,
        body: reverseInputSchema,
        response: { 201: envelopeSchema(transactionSchema), 202: envelopeSchema(approvalSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      // A large or old reversal waits for a second staff member (admin/approvals.ts).
      if (app.config.secondApproval === 'required' && (await reversalNeedsSecondApproval(app.db, request.params.id))) {
        const { reason } = request.body;
        return sendProposal(app, request, reply, {
          kind: 'reversal',
          transactionId: request.params.id,
          disputeId: null,
          reason,
        });
      }
      const reversal = await reverseTransfer(app.db, currentUser(request).id, request.params.id, request.body.reason);
      return send(reply, 201, REVERSAL_TEXTS.reversed, reversal);
    },
  );
};
