import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalSchema,
  envelopeSchema,
  feeParamsSchema,
  feeScheduleSchema,
  FEES_TEXTS,
  feeUpdateInputSchema,
  quoteQuerySchema,
  quoteSchema,
} from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { feeSchedule, quote, updateFee } from '../ledger/fees';
import { sendProposal } from './approvals';
import { errors } from './schemas';

/** GET /wallet/quote (QUOTE_PATH): what a movement would cost the caller now, before they confirm it. */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/quote',
    {
      preHandler: app.authorize('USER', 'AGENT'),
      schema: {
        tags: ['wallet'],
        description:
          "The caller's fee for a movement of theirs (type, amount in Taka), the total, and their balance after; an agent's commission on a cash-in. The money POST may carry the fee as X-Expected-Fee.",
        querystring: quoteQuerySchema,
        response: { 200: envelopeSchema(quoteSchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(reply, 200, FEES_TEXTS.quoted, await quote(app.db, currentUser(request), request.query)),
  );
};

/** GET /admin/fees and PUT /admin/fees/{type} (ADMIN_FEES_PATH): the fee schedule, edited and audited. */
export const adminFeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authorize('ADMIN'));

  app.get(
    '/fees',
    {
      schema: {
        tags: ['admin'],
        description: 'The fee schedule: per movement type, the fee and the agent’s commission.',
        response: { 200: envelopeSchema(feeScheduleSchema), ...errors.admin },
      },
    },
    async (_request, reply) => send(reply, 200, 'Fees retrieved', await feeSchedule(app.db)),
  );

  app.put(
    '/fees/:type',
    {
      schema: {
        tags: ['admin'],
        description:
          'Sets one row of the fee schedule; audited as fee_change with the figures before and after. With SECOND_APPROVAL=required it answers 202 with a proposal that applies when a second FINANCE member approves it (POST /admin/approvals/{id}/approve). The next movement pays it; a person who reviewed the old fee is asked to review again.',
        params: feeParamsSchema,
        body: feeUpdateInputSchema,
        response: {
          200: envelopeSchema(feeScheduleSchema.element),
          202: envelopeSchema(approvalSchema),
          ...errors.admin,
        },
      },
    },
    async (request, reply) => {
      // Two staff members: a proposal, applied when another approves it (admin/approvals.ts).
      if (app.config.secondApproval === 'required') {
        return sendProposal(app, request, reply, {
          kind: 'fee_change',
          type: request.params.type,
          input: request.body,
        });
      }
      const row = await updateFee(app.db, {
        adminId: currentUser(request).id,
        type: request.params.type,
        input: request.body,
      });
      return send(reply, 200, FEES_TEXTS.updated, row);
    },
  );
};
