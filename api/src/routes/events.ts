import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REQUEST_ERRORS } from '@wallet/shared/contracts';
import { tableError } from '../lib/api-errors';
import { currentUser } from '../plugins/app/auth';
import { clientNetwork } from '../plugins/app/limits';
import { STREAM_ROLES } from '../plugins/app/events';
import { sessionToken } from '../identity/sessions';
import { hashToken } from '../lib/tokens';
import { errors } from './schemas';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      preHandler: app.authorize(...STREAM_ROLES),
      schema: {
        tags: ['events'],
        description:
          "Server-sent events (text/event-stream): `event: wallet` with the caller's wallet whenever it changes. At most 5 streams per person on an instance: a 6th closes the oldest with `event: evicted` (data: retryAfterMs, how long its client waits before coming back). 503 with Retry-After when the instance holds EVENT_STREAMS_MAX streams, 429 with Retry-After when it holds EVENT_STREAMS_PER_NETWORK from the caller's network (an IPv4 address or an IPv6 /64). 403 EVENTS_EMAIL_NOT_VERIFIED until the person's email is verified.",
        response: errors.signedIn,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (app.walletEvents.closed) throw tableError(REQUEST_ERRORS, 'EVENTS_CLOSING');
      // A stream holds a socket for as long as a page is open: accounts made by the thousand, never
      // verified, must not take an instance's streams.
      if (user.emailVerifiedAt === null) throw tableError(REQUEST_ERRORS, 'EVENTS_EMAIL_NOT_VERIFIED');
      const network = clientNetwork(request);
      if (app.walletEvents.networkFull(network, user.id)) {
        reply.header('retry-after', '60');
        throw tableError(REQUEST_ERRORS, 'EVENTS_NETWORK_FULL');
      }
      // This instance holds all the streams it may: the client backs off, and may land on another.
      if (app.walletEvents.full) {
        reply.header('retry-after', '30');
        throw tableError(REQUEST_ERRORS, 'EVENTS_FULL');
      }
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
      app.walletEvents.add(user.id, stream, hashToken(sessionToken(request.cookies)!), network);
    },
  );
};
