import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAnalyticsQuerySchema,
  adminAnalyticsSchema,
  adminListSchema,
  adminUserRowSchema,
  auditQuerySchema,
  auditRowSchema,
  envelopeSchema,
  historyQuerySchema,
  idParamsSchema,
  pagedEnvelopeSchema,
  searchQuerySchema,
  transactionSchema,
  userSchema,
  walletSchema,
} from '@wallet/shared/contracts';
import { send, sendPage } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import {
  approveAgent,
  listPeople,
  reactivateAgent,
  setWalletBlocked,
  suspendAgent,
  verifyEmailByHand,
} from '../services/admin';
import { listAdmins, listAudit } from '../services/audit';
import { adminAnalytics } from '../services/insights';
import { listAll } from '../services/transactions';
import { errors } from './schemas';

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
      async (request, reply) => sendPage(reply, message, await listPeople(app.db, role, request.query)),
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
    async (request, reply) => sendPage(reply, 'Transactions retrieved', await listAll(app.db, request.query)),
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
    async (request, reply) => send(reply, 200, 'Analytics retrieved', await adminAnalytics(app.db, request.query.days)),
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
    async (request, reply) => sendPage(reply, 'Audit log retrieved', await listAudit(app.db, request.query)),
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
        send(reply, 200, message, await action(app.db, { adminId: currentUser(request).id }, request.params.id)),
    );
  userAction('/approve', approveAgent, 'User approved successfully');
  userAction('/suspend', suspendAgent, 'Agent suspended successfully');
  userAction('/reactivate', reactivateAgent, 'Agent reactivated successfully');
  userAction('/verify', verifyEmailByHand, 'Email verified successfully');

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
