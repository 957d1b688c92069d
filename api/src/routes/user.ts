import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allUserQuerySchema,
  counterpartSchema,
  envelopeSchema,
  pagedEnvelopeSchema,
  registerInputSchema,
  updateMeInputSchema,
  userSchema,
} from '@wallet/shared/contracts';
import { send, sendPage } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { listCounterparts, register, setLanguage } from '../identity/users';
import { toUser } from '../lib/dto';
import { mailVerificationLink } from './verification';
import { clientNetwork } from '../plugins/app/limits';
import { errors } from './schemas';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      preHandler: app.limit({ name: 'register', max: app.config.rateLimits.register, key: clientNetwork }),
      schema: {
        tags: ['user'],
        body: registerInputSchema,
        response: { 201: envelopeSchema(userSchema), 409: errors.admin[409], ...errors.public },
      },
    },
    async (request, reply) => {
      const user = await register(app.db, app.system, request.body, app.passwords, clientNetwork(request));
      await mailVerificationLink(app, request, user);
      return send(
        reply,
        201,
        'User Register SuccessFully And Register Bonus You Get 50 Taka Into Your Wallet',
        toUser(user),
      );
    },
  );

  app.get(
    '/me',
    {
      preHandler: app.authorize(),
      schema: { tags: ['user'], response: { 200: envelopeSchema(userSchema), ...errors.signedIn } },
    },
    async (request, reply) => send(reply, 200, 'Your profile', toUser(currentUser(request))),
  );

  app.patch(
    '/me',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['user'],
        description:
          "The caller's own settings: for now their language (en or bn), stamped with when it was chosen (languageChosenAt).",
        body: updateMeInputSchema,
        response: { 200: envelopeSchema(userSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const updated = await setLanguage(app.db, currentUser(request).id, request.body.language);
      return send(reply, 200, 'Profile updated', toUser(updated));
    },
  );

  app.get(
    '/all-user',
    {
      preHandler: [
        app.authorize('USER', 'AGENT'),
        app.limit({ name: 'search', max: app.config.rateLimits.search, key: (request) => currentUser(request).id }),
      ],
      schema: {
        tags: ['user'],
        description:
          'People the caller may pick: purpose=transfer (users), purpose=cashout (active agents); agents get users. ' +
          'search is at least 3 letters of a name, or a whole email; emails come back masked.',
        querystring: allUserQuerySchema,
        response: { 200: pagedEnvelopeSchema(counterpartSchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      sendPage(reply, 'Users retrieved', await listCounterparts(app.db, currentUser(request), request.query)),
  );
};
