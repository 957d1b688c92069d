import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_ERRORS,
  allUserQuerySchema,
  counterpartSchema,
  envelopeSchema,
  idParamsSchema,
  pagedEnvelopeSchema,
  registerInputSchema,
  sessionSchema,
  sessionsEndedSchema,
  updateMeInputSchema,
  userSchema,
  type User,
} from '@wallet/shared/contracts';
import { send, sendPage } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { listCounterparts, register, setLanguage } from '../identity/users';
import { merchantOf } from '../identity/merchants';
import type { UserRow } from '../identity/users';
import { toUser } from '../lib/dto';
import { z } from 'zod';
import { endOtherSessions, endOwnSession, listSessions, sessionToken } from '../identity/sessions';
import { tableError } from '../lib/api-errors';
import { hashToken } from '../lib/tokens';
import { mailVerificationLink } from './verification';
import { clientNetwork } from '../plugins/app/limits';
import { errors } from './schemas';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The caller's own profile, as GET and PATCH /user/me answer it: with a user's merchant profile, or null. */
  const ownProfile = async (person: UserRow, secondFactor?: User['secondFactor'] | null) => ({
    ...toUser(person, secondFactor),
    merchant: person.role === 'USER' ? await merchantOf(app.db, person.id) : null,
  });

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
      // A staff session that still needs its passkey reads itself: `secondFactor` says what is due.
      config: { beforeSecondFactor: true },
      schema: { tags: ['user'], response: { 200: envelopeSchema(userSchema), ...errors.signedIn } },
    },
    async (request, reply) =>
      send(reply, 200, 'Your profile', await ownProfile(currentUser(request), request.secondFactor)),
  );

  app.patch(
    '/me',
    {
      preHandler: app.authorize(),
      config: { beforeSecondFactor: true },
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
      return send(reply, 200, 'Profile updated', await ownProfile(updated, request.secondFactor));
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

  // The person's own sessions (the Security page): listed, one ended, or every other one ended.
  app.get(
    '/sessions',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['user'],
        description:
          "The caller's live sessions, the most recently used first: browser and system, network (IPv4 address or IPv6 /64), sign-in and last use, and which is this one.",
        response: { 200: envelopeSchema(z.array(sessionSchema)), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        'Sessions retrieved',
        await listSessions(app.db, currentUser(request).id, sessionToken(request.cookies)!, app.sessionLimits.idleMs),
      ),
  );

  app.delete(
    '/sessions/:id',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['user'],
        description: "Signs one of the caller's own sessions out (this one too: then the cookie is cleared).",
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const ended = await endOwnSession(app.db, currentUser(request).id, request.params.id);
      if (!ended) throw tableError(AUTH_ERRORS, 'SESSION_NOT_FOUND');
      if (ended.tokenHash === hashToken(sessionToken(request.cookies)!)) app.clearSessionCookie(request, reply);
      return send(reply, 200, 'Signed out of that session', null);
    },
  );

  app.post(
    '/sessions/sign-out-others',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['user'],
        description: 'Ends every session of the caller but this one.',
        response: { 200: envelopeSchema(sessionsEndedSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const sessionsEnded = await endOtherSessions(app.db, currentUser(request).id, sessionToken(request.cookies)!);
      return send(reply, 200, 'Signed out everywhere else', { sessionsEnded });
    },
  );
};
