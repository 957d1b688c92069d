import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpErrors } from '@fastify/sensible';
import type { Role } from '@wallet/shared/contracts';
import { currentUser } from '../plugins/app/auth';
import { prepareSessionLookup, sessionToken } from '../services/sessions';
import { errors } from './schemas';

const ALLOWED: Role[] = ['USER', 'AGENT'];

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // An open stream is not activity: checking it must not keep an idle session alive.
  const sessionStillOpen = prepareSessionLookup(app.db, app.sessionLimits.idleMs, { touch: false });

  app.get(
    '/events',
    {
      preHandler: app.authorize(...ALLOWED),
      schema: {
        tags: ['events'],
        description:
          "Server-sent events (text/event-stream): `event: wallet` with the caller's wallet whenever it changes.",
        response: errors.signedIn,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (app.walletEvents.closed) throw httpErrors.serviceUnavailable('The server is shutting down');
      await app.walletEvents.ready();
      // The stream is written straight to the socket: nothing (compression, the reply's
      // serialiser) may hold it back. The headers set so far (helmet, CORS) go with it.
      reply.hijack();
      const stream = reply.raw;
      const headers = Object.fromEntries(
        Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined),
      ) as Record<string, string | number | string[]>;
      stream.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      stream.write('retry: 2000\n\n');
      const token = sessionToken(request.cookies)!;
      app.walletEvents.add(user.id, stream, async () => {
        const still = await sessionStillOpen(token);
        return still?.id === user.id && ALLOWED.includes(still.role);
      });
    },
  );
};
