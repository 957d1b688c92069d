import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalSchema,
  STAFF_ERRORS,
  adminDisputeQuerySchema,
  DISPUTE_TEXTS,
  disputeDecisionInputSchema,
  disputeInputSchema,
  disputeRowSchema,
  envelopeSchema,
  idParamsSchema,
  pagedEnvelopeSchema,
  paginationQuerySchema,
} from '@wallet/shared/contracts';
import { send, sendPage } from '../lib/reply';
import { currentUser, holdsStaffRole } from '../plugins/app/auth';
import { tableError } from '../lib/api-errors';
import { decideReport, listMyReports, listReports, openReportTransfer, reportTransfer } from '../ledger/disputes';
import { reversalNeedsSecondApproval } from '../admin/approvals';
import { sendProposal } from './approvals';
import { errors } from './schemas';

/** The sender's side (under /transaction): POST /{id}/dispute, GET /disputes. */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/dispute',
    {
      preHandler: app.authorize('USER'),
      schema: {
        tags: ['transaction'],
        description:
          'Reports a problem with a transfer the caller sent, within 7 × 24 hours of it, with a reason: once per transfer, not once it is reversed. An admin reverses it or rejects the report.',
        params: idParamsSchema,
        body: disputeInputSchema,
        response: { 201: envelopeSchema(disputeRowSchema), 409: errors.admin[409], ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(
        reply,
        201,
        DISPUTE_TEXTS.reported,
        await reportTransfer(app.db, currentUser(request).id, request.params.id, request.body.reason),
      ),
  );

  app.get(
    '/disputes',
    {
      preHandler: app.authorize('USER'),
      schema: {
        tags: ['transaction'],
        description: "The caller's reports, newest first, each with its outcome and the admin's reason.",
        querystring: paginationQuerySchema,
        response: { 200: pagedEnvelopeSchema(disputeRowSchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      sendPage(reply, DISPUTE_TEXTS.yours, await listMyReports(app.db, currentUser(request).id, request.query)),
  );
};

/** The admin's side (under /admin, ADMIN_DISPUTES_PATH): the queue and the decision. */
export const adminDisputeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/disputes',
    {
      preHandler: app.authorize('ADMIN'),
      schema: {
        tags: ['admin'],
        description: 'Reports of transfers: open ones oldest first (the queue), decided ones newest first.',
        querystring: adminDisputeQuerySchema,
        response: { 200: pagedEnvelopeSchema(disputeRowSchema), ...errors.admin },
      },
    },
    async (request, reply) => sendPage(reply, DISPUTE_TEXTS.queue, await listReports(app.db, request.query)),
  );

  app.patch(
    '/disputes/:id',
    {
      preHandler: app.authorize('ADMIN'),
      schema: {
        tags: ['admin'],
        description:
          'Decides an open report, with a reason: reverse (the transfer reversed with its fee, audited as reverse; FINANCE only) or reject (audited as dispute_reject). Decided once. With SECOND_APPROVAL=required, reversing a transfer above 5,000 Taka or older than 7 days answers 202 with a proposal a second FINANCE member approves; the report stays open until then.',
        params: idParamsSchema,
        body: disputeDecisionInputSchema,
        response: { 200: envelopeSchema(disputeRowSchema), 202: envelopeSchema(approvalSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      // Support triages and rejects; a decision that reverses moves money, which is finance's.
      if (request.body.decision === 'reverse' && !holdsStaffRole(request, 'FINANCE')) {
        throw tableError(STAFF_ERRORS, 'DISPUTE_REVERSAL_NEEDS_FINANCE');
      }
      // A large or old transfer is reversed only when a second staff member approves (admin/approvals.ts).
      if (request.body.decision === 'reverse' && app.config.secondApproval === 'required') {
        const transactionId = await openReportTransfer(app.db, request.params.id);
        if (transactionId && (await reversalNeedsSecondApproval(app.db, transactionId))) {
          const { reason } = request.body;
          return sendProposal(app, request, reply, {
            kind: 'reversal',
            transactionId,
            disputeId: request.params.id,
            reason,
          });
        }
      }
      const decided = await decideReport(app.db, currentUser(request).id, request.params.id, request.body);
      return send(reply, 200, decided.status === 'reversed' ? DISPUTE_TEXTS.reversed : DISPUTE_TEXTS.rejected, decided);
    },
  );
};
