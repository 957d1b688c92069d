import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PEOPLE_READERS,
  adminAnalyticsQuerySchema,
  adminAnalyticsSchema,
  adminKycQuerySchema,
  adminKycRowSchema,
  adminListSchema,
  adminUserRowSchema,
  auditQuerySchema,
  auditRowSchema,
  envelopeSchema,
  historyQuerySchema,
  idParamsSchema,
  KYC_TEXTS,
  kycDecisionInputSchema,
  pagedEnvelopeSchema,
  paginationQuerySchema,
  searchQuerySchema,
  transactionSchema,
  userSchema,
  walletSchema,
} from '@wallet/shared/contracts';
import { send, sendPage } from '../lib/reply';
import { currentUser, holdsStaffRole } from '../plugins/app/auth';
import {
  approveAgent,
  listPeople,
  reactivateAgent,
  setWalletBlocked,
  suspendAgent,
  verifyEmailByHand,
} from '../admin/people';
import { decideKyc, listKycRequests } from '../identity/kyc';
import { listAdmins, listAudit } from '../admin/audit-log';
import { adminAnalytics } from '../ledger/insights';
import { listAll } from '../ledger/transactions';
import { errors } from './schemas';
import { freshRead } from '../lib/reads';

const walletParams = z.object({ walletId: z.uuid({ error: 'must be a valid id' }) });

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authorize('ADMIN'));

  const people = (path: string, role: 'USER' | 'AGENT', message: string) =>
    app.get(
      path,
      {
        schema: {
          tags: ['admin'],
          querystring: searchQuerySchema,
          response: { 200: pagedEnvelopeSchema(adminUserRowSchema), ...errors.admin },
        },
      },
      async (request, reply) =>
        sendPage(reply, message, await freshRead(app, (db) => listPeople(db, role, request.query))),
    );
  people('/users', 'USER', 'Users retrieved');
  people('/agents', 'AGENT', 'Agents retrieved');

  app.get(
    '/transactions',
    {
      schema: {
        tags: ['admin'],
        querystring: historyQuerySchema,
        response: { 200: pagedEnvelopeSchema(transactionSchema), ...errors.admin },
      },
    },
    async (request, reply) =>
      sendPage(reply, 'Transactions retrieved', await freshRead(app, (db) => listAll(db, request.query))),
  );

  app.get(
    '/analytics',
    {
      schema: {
        tags: ['admin'],
        querystring: adminAnalyticsQuerySchema,
        response: { 200: envelopeSchema(adminAnalyticsSchema), ...errors.admin },
      },
    },
    async (request, reply) =>
      send(reply, 200, 'Analytics retrieved', await freshRead(app, (db) => adminAnalytics(db, request.query.days))),
  );

  app.get(
    '/audit-log',
    {
      schema: {
        tags: ['admin'],
        querystring: auditQuerySchema,
        response: { 200: pagedEnvelopeSchema(auditRowSchema), ...errors.admin },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        'Audit log retrieved',
        await freshRead(app, (db) =>
          listAudit(db, request.query, {
            readsPeople: PEOPLE_READERS.some((role) => holdsStaffRole(request, role)),
          }),
        ),
      ),
  );

  app.get(
    '/admins',
    { schema: { tags: ['admin'], response: { 200: envelopeSchema(adminListSchema), ...errors.admin } } },
    async (_request, reply) => send(reply, 200, 'Admins retrieved', await listAdmins(app.db)),
  );

  const userAction = (path: string, action: typeof approveAgent, message: string) =>
    app.patch(
      `${path}/:id`,
      {
        schema: {
          tags: ['admin'],
          params: idParamsSchema,
          response: { 200: envelopeSchema(userSchema), ...errors.admin },
        },
      },
      async (request, reply) =>
        send(
          reply,
          200,
          message,
          await action(app.db, { adminId: currentUser(request).id }, request.params.id, app.config.bonusDailyBudget),
        ),
    );
  userAction('/approve', approveAgent, 'User approved successfully');
  userAction('/suspend', suspendAgent, 'Agent suspended successfully');
  userAction('/reactivate', reactivateAgent, 'Agent reactivated successfully');
  userAction('/verify', verifyEmailByHand, 'Email verified successfully');

  app.get(
    '/unverified',
    {
      schema: {
        tags: ['admin'],
        description: 'Users and agents whose email is not verified, newest first.',
        querystring: paginationQuerySchema,
        response: { 200: pagedEnvelopeSchema(adminUserRowSchema), ...errors.admin },
      },
    },
    async (request, reply) =>
      sendPage(reply, KYC_TEXTS.unverified, await listPeople(app.db, 'UNVERIFIED', request.query)),
  );

  app.get(
    '/kyc',
    {
      schema: {
        tags: ['admin'],
        description: 'Identity reviews: pending ones oldest first (the queue), decided ones newest first.',
        querystring: adminKycQuerySchema,
        response: { 200: pagedEnvelopeSchema(adminKycRowSchema), ...errors.admin },
      },
    },
    async (request, reply) => sendPage(reply, KYC_TEXTS.queue, await listKycRequests(app.db, request.query)),
  );

  app.patch(
    '/kyc/:id',
    {
      schema: {
        tags: ['admin'],
        description: 'Approves or rejects a waiting identity review, with a reason; audited.',
        params: idParamsSchema,
        body: kycDecisionInputSchema,
        response: { 200: envelopeSchema(adminKycRowSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      const decided = await decideKyc(
        app.db,
        { adminId: currentUser(request).id },
        request.params.id,
        request.body,
        app.config.bonusDailyBudget,
      );
      return send(reply, 200, decided.status === 'approved' ? KYC_TEXTS.approved : KYC_TEXTS.rejected, decided);
    },
  );

  const walletAction = (path: string, isBlocked: boolean, message: string) =>
    app.patch(
      `${path}/:walletId`,
      {
        schema: {
          tags: ['admin'],
          params: walletParams,
          response: { 200: envelopeSchema(walletSchema), ...errors.admin },
        },
      },
      async (request, reply) =>
        send(
          reply,
          200,
          message,
          await setWalletBlocked(app.db, { adminId: currentUser(request).id }, request.params.walletId, isBlocked),
        ),
    );
  walletAction('/block', true, 'Wallet blocked successfully');
  walletAction('/unblock', false, 'Wallet unblocked successfully');
};
