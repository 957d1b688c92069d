import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPROVAL_TEXTS,
  approvalRejectInputSchema,
  approvalSchema,
  approvalsQuerySchema,
  envelopeSchema,
  idParamsSchema,
} from '@wallet/shared/contracts';
import { z } from 'zod';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { approve, listApprovals, propose, reject, type Proposed } from '../admin/approvals';
import { errors } from './schemas';

/** A change proposed by the caller, answered 202 with the proposal a second staff member approves. */
export async function sendProposal(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  proposed: Proposed,
) {
  const proposal = await propose(app.db, { adminId: currentUser(request).id }, proposed);
  return send(reply, 202, APPROVAL_TEXTS.proposed, proposal);
}

/**
 * GET /admin/approvals and POST /admin/approvals/{id}/approve|reject: what waits for a second
 * staff member (SECOND_APPROVAL=required), decided by one who did not propose it.
 */
export const adminApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authorize('ADMIN'));

  app.get(
    '/approvals',
    {
      schema: {
        tags: ['admin'],
        description:
          'Proposals in one status: pending (the default: waiting, not expired) oldest first, others newest first; each with who proposed it and the change side by side.',
        querystring: approvalsQuerySchema,
        response: { 200: envelopeSchema(z.array(approvalSchema)), ...errors.admin },
      },
    },
    async (request, reply) => send(reply, 200, APPROVAL_TEXTS.list, await listApprovals(app.db, request.query)),
  );

  app.post(
    '/approvals/:id/approve',
    {
      schema: {
        tags: ['admin'],
        description:
          'A second staff member approves a proposal: it applies exactly once, in this transaction; never by its proposer (403 OWN_PROPOSAL), never past 72 hours (409 APPROVAL_EXPIRED), and void when what it changes changed since (409 APPROVAL_VOID). Audited as approval_approve beside the change’s own row.',
        params: idParamsSchema,
        response: { 200: envelopeSchema(approvalSchema), ...errors.admin },
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        APPROVAL_TEXTS.approved,
        await approve(app.db, { adminId: currentUser(request).id }, request.params.id, app.config.maxTransactionTaka),
      ),
  );

  app.post(
    '/approvals/:id/reject',
    {
      schema: {
        tags: ['admin'],
        description: 'A second staff member rejects a proposal, with a reason; nothing of it applies. Audited.',
        params: idParamsSchema,
        body: approvalRejectInputSchema,
        response: { 200: envelopeSchema(approvalSchema), ...errors.admin },
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        APPROVAL_TEXTS.rejected,
        await reject(app.db, { adminId: currentUser(request).id }, request.params.id, request.body.reason),
      ),
  );
};
