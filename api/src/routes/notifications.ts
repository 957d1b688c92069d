import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  markReadInputSchema,
  markReadResultSchema,
  NOTIFICATION_TEXTS,
  notificationPageSchema,
  notificationQuerySchema,
} from '@wallet/shared/contracts';
import { envelope, send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { listNotifications, markRead } from '../notifications/notifications';
import { errors } from './schemas';

/** GET /notifications and POST /notifications/read: any signed-in person's own. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['notifications'],
        description:
          "The caller's notifications, newest first (kept 90 days), with `meta.unread`, the count of unread ones. Each is written in the transaction of what it tells of.",
        querystring: notificationQuerySchema,
        response: { 200: notificationPageSchema, ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const page = await listNotifications(app.db, currentUser(request).id, request.query);
      return reply
        .code(200)
        .send({ ...envelope(200, NOTIFICATION_TEXTS.list, page.items), meta: { ...page.meta, unread: page.unread } });
    },
  );

  app.post(
    '/read',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['notifications'],
        description:
          "Marks the caller's notifications read: `{ ids }` (at most 100; ids that are not the caller's, or already read, are left as they are) or `{ all: true }`. Answers how many it marked and the unread count after.",
        body: markReadInputSchema,
        response: { 200: envelopeSchema(markReadResultSchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(reply, 200, NOTIFICATION_TEXTS.read, await markRead(app.db, currentUser(request).id, request.body)),
  );
};
