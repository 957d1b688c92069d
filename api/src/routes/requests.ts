import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  declineInputSchema,
  envelopeSchema,
  errorBodySchema,
  idParamsSchema,
  moneyRequestSchema,
  pagedEnvelopeSchema,
  REQUEST_TEXTS,
  requestBlockSchema,
  requestInputSchema,
  requestQuerySchema,
  requestRulesSchema,
} from '@wallet/shared/contracts';
import { send, sendPage } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import {
  cancelRequest,
  createRequest,
  declineRequest,
  listBlocks,
  listRequests,
  requestRulesNow,
  unblock,
} from '../ledger/requests';
import { errors } from './schemas';

/**
 * Request money (under /requests), users only: ask, list, decline (and block), cancel. Paying is
 * POST /wallet/transfer with the request's `requestId`, reviewed and confirmed with the PIN.
 */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const userOnly = app.authorize('USER');

  app.post(
    '/',
    {
      preHandler: userOnly,
      schema: {
        tags: ['requests'],
        description:
          'Asks a user for money: `{ payerId | payerEmail, amount, note? }`, within the rules (GET /requests/rules). Answers 202 whether or not a verified user has the email: a request to nobody simply expires. Never moves money.',
        body: requestInputSchema,
        response: { 202: envelopeSchema(z.null()), 429: errorBodySchema, ...errors.signedIn },
      },
    },
    async (request, reply) => {
      await createRequest(app.db, currentUser(request).id, request.body);
      return send(reply, 202, REQUEST_TEXTS.sent, null);
    },
  );

  app.get(
    '/',
    {
      preHandler: userOnly,
      schema: {
        tags: ['requests'],
        description:
          "The caller's requests, newest first: `incoming` (asked of them) or `outgoing` (theirs), each open, paid, declined, cancelled or expired.",
        querystring: requestQuerySchema,
        response: { 200: pagedEnvelopeSchema(moneyRequestSchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      sendPage(reply, REQUEST_TEXTS.list, await listRequests(app.db, currentUser(request).id, request.query)),
  );

  app.get(
    '/rules',
    {
      preHandler: userOnly,
      schema: {
        tags: ['requests'],
        description:
          'The rules in force: the smallest and largest request (Taka), how many a day, and how many days one stays open.',
        response: { 200: envelopeSchema(requestRulesSchema), ...errors.signedIn },
      },
    },
    async (_request, reply) => send(reply, 200, REQUEST_TEXTS.rules, await requestRulesNow(app.db)),
  );

  app.post(
    '/:id/decline',
    {
      preHandler: userOnly,
      schema: {
        tags: ['requests'],
        description:
          'The payer declines an open request; `{ block: true }` also stops its requester asking them again (their requests then reach nobody, and they are not told). The requester is notified.',
        params: idParamsSchema,
        body: declineInputSchema,
        response: { 200: envelopeSchema(z.null()), 409: errorBodySchema, ...errors.signedIn },
      },
    },
    async (request, reply) => {
      await declineRequest(app.db, currentUser(request).id, request.params.id, request.body.block ?? false);
      return send(reply, 200, REQUEST_TEXTS.declined, null);
    },
  );

  app.post(
    '/:id/cancel',
    {
      preHandler: userOnly,
      schema: {
        tags: ['requests'],
        description: 'The requester cancels an open request of theirs.',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), 409: errorBodySchema, ...errors.signedIn },
      },
    },
    async (request, reply) => {
      await cancelRequest(app.db, currentUser(request).id, request.params.id);
      return send(reply, 200, REQUEST_TEXTS.cancelled, null);
    },
  );

  app.get(
    '/blocks',
    {
      preHandler: userOnly,
      schema: {
        tags: ['requests'],
        description: 'The requesters the caller blocked.',
        response: { 200: envelopeSchema(z.array(requestBlockSchema)), ...errors.signedIn },
      },
    },
    async (request, reply) => send(reply, 200, REQUEST_TEXTS.blocks, await listBlocks(app.db, currentUser(request).id)),
  );

  app.delete(
    '/blocks/:id',
    {
      preHandler: userOnly,
      schema: {
        tags: ['requests'],
        description: 'Unblocks a requester: they may ask the caller again.',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      await unblock(app.db, currentUser(request).id, request.params.id);
      return send(reply, 200, REQUEST_TEXTS.unblocked, null);
    },
  );
};
