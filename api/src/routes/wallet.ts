import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idSchema, WALLET_ERRORS, walletSchema } from '@wallet/shared/contracts';
import { tableError } from '../lib/api-errors';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { findWalletOfUser, walletOfUser } from '../admin/people';
import { errors } from './schemas';
import { moneyRoute } from './money';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      preHandler: app.authorize(),
      schema: { tags: ['wallet'], response: { 200: envelopeSchema(walletSchema), ...errors.signedIn } },
    },
    async (request, reply) => {
      // Only "no wallet" is a 404 (an admin has none); a failing database stays a 500.
      const wallet = await findWalletOfUser(app.db, currentUser(request).id);
      if (!wallet) throw tableError(WALLET_ERRORS, 'NO_WALLET');
      return send(reply, 200, 'Wallet retrieved', wallet);
    },
  );

  app.get(
    '/user/:userId',
    {
      preHandler: app.authorize('ADMIN'),
      schema: {
        tags: ['wallet', 'admin'],
        params: z.object({ userId: idSchema }),
        response: { 200: envelopeSchema(walletSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => send(reply, 200, 'Wallet retrieved', await walletOfUser(app.db, request.params.userId)),
  );

  moneyRoute(app, 'deposit');
  moneyRoute(app, 'transfer');
  moneyRoute(app, 'payment');
};
