import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, loginInputSchema, userSchema } from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { authenticate } from '../services/users';
import { createSession, deleteSession, SESSION_COOKIE } from '../services/sessions';
import { toUser } from '../services/dto';
import { errors } from './schemas';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: {
        rateLimit: {
          max: app.config.rateLimits.login,
          timeWindow: app.config.rateLimits.window,
          hook: 'preHandler',
          // Per address and per account, so one attacker cannot lock a victim out from everywhere.
          keyGenerator: (request) => `${request.ip}|${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
        },
      },
      schema: {
        tags: ['auth'],
        body: loginInputSchema,
        response: { 200: envelopeSchema(userSchema), 401: errors.signedIn[401], ...errors.public },
      },
    },
    async (request, reply) => {
      const user = await authenticate(app.db, request.body, app.scryptCost);
      const session = await createSession(app.db, user.id, app.config.sessionTtlMs);
      app.setSessionCookie(request, reply, session.token, session.expiresAt);
      return send(reply, 200, 'User Logged In SuccessFully', toUser(user));
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], response: { 200: envelopeSchema(z.null()) } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(app.db, token);
      app.clearSessionCookie(request, reply);
      return send(reply, 200, 'User Logged Out SuccessFully', null);
    },
  );
};
