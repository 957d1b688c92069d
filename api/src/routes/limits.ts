import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalSchema,
  envelopeSchema,
  LIMITS_TEXTS,
  limitsParamsSchema,
  limitsTableSchema,
  limitsUpdateInputSchema,
  myLimitsSchema,
} from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { limitsTable, myLimits, updateLimits } from '../ledger/limits';
import { sendProposal } from './approvals';
import { errors } from './schemas';

/** GET /wallet/limits (MY_LIMITS_PATH): the caller's limits and their use today and this month. */
export const myLimitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/limits',
    {
      preHandler: app.authorize('USER', 'AGENT'),
      schema: {
        tags: ['wallet'],
        description:
          "The caller's limits by movement, with what was used and is left of each in this Asia/Dhaka day and month, and the balance against its maximum.",
        response: { 200: envelopeSchema(myLimitsSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => send(reply, 200, 'Limits retrieved', await myLimits(app.db, currentUser(request))),
  );
};

/** GET /admin/limits and PUT /admin/limits/{holder}/{scope} (ADMIN_LIMITS_PATH): the table, edited and audited. */
export const adminLimitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authorize('ADMIN'));

  app.get(
    '/limits',
    {
      schema: {
        tags: ['admin'],
        description: 'Every holder’s limits (a tier, or AGENT): per movement type, and the maximum balance.',
        response: { 200: envelopeSchema(limitsTableSchema), ...errors.admin },
      },
    },
    async (_request, reply) => send(reply, 200, 'Limits retrieved', await limitsTable(app.db)),
  );

  app.put(
    '/limits/:holder/:scope',
    {
      schema: {
        tags: ['admin'],
        description:
          'Sets one row of limits (a figure left out or null is "no limit"); audited as limit_change with the figures before and after. With SECOND_APPROVAL=required it answers 202 with a proposal that applies when a second FINANCE member approves it. Movements see it at once.',
        params: limitsParamsSchema,
        body: limitsUpdateInputSchema,
        response: {
          200: envelopeSchema(limitsTableSchema.element),
          202: envelopeSchema(approvalSchema),
          ...errors.admin,
        },
      },
    },
    async (request, reply) => {
      // Two staff members: a proposal, applied when another approves it (admin/approvals.ts).
      if (app.config.secondApproval === 'required') {
        const { holder, scope } = request.params;
        const { maxTransactionTaka: maxTransaction } = app.config;
        return sendProposal(app, request, reply, {
          kind: 'limit_change',
          holder,
          scope,
          input: request.body,
          maxTransaction,
        });
      }
      const row = await updateLimits(app.db, {
        adminId: currentUser(request).id,
        holder: request.params.holder,
        scope: request.params.scope,
        input: request.body,
        maxTransaction: app.config.maxTransactionTaka,
      });
      return send(reply, 200, LIMITS_TEXTS.updated, row);
    },
  );
};
