import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalSchema,
  commissionFloatSchema,
  envelopeSchema,
  floatFundingInputSchema,
  FLOAT_TEXTS,
} from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { commissionFloat, fundCommissionFloat } from '../ledger/commission-float';
import { sendProposal } from './approvals';
import { errors } from './schemas';

/**
 * GET and POST /admin/commission-float (COMMISSION_FLOAT_PATH): what pays agents' cash-in
 * commissions, and an owner's funding of it, from fee revenue or a deposit.
 */
export const adminCommissionFloatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authorize('ADMIN'));

  app.get(
    '/commission-float',
    {
      schema: {
        tags: ['admin'],
        description:
          'What the commission float holds (it pays cash-in commissions; a cash-in it cannot cover posts with commission 0) and what fee revenue holds, in Taka.',
        response: { 200: envelopeSchema(commissionFloatSchema), ...errors.admin },
      },
    },
    async (_request, reply) => send(reply, 200, FLOAT_TEXTS.retrieved, await commissionFloat(app.db)),
  );

  app.post(
    '/commission-float',
    {
      schema: {
        tags: ['admin'],
        description:
          'An owner funds the commission float (amount in Taka) from fee_revenue (at most what it holds: 409 REVENUE_SHORT) or by a deposit from the company’s bank, as one float-funding transaction; audited as float_fund. With SECOND_APPROVAL=required it answers 202 with a proposal a FINANCE member approves (POST /admin/approvals/{id}/approve).',
        body: floatFundingInputSchema,
        response: {
          200: envelopeSchema(commissionFloatSchema),
          202: envelopeSchema(approvalSchema),
          ...errors.admin,
        },
      },
    },
    async (request, reply) => {
      if (app.config.secondApproval === 'required') {
        return sendProposal(app, request, reply, { kind: 'float_funding', input: request.body });
      }
      const funded = await fundCommissionFloat(app.db, { adminId: currentUser(request).id, input: request.body });
      return send(reply, 200, FLOAT_TEXTS.funded, funded);
    },
  );
};
