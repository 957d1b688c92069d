import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  PUSH_TEXTS,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { currentUser, deviceToken } from '../plugins/app/auth';
import { preferences, savePreferences, subscribe, unsubscribe } from '../notifications/subscriptions';
import { errors } from './schemas';

/** Web Push (under /push): the key to subscribe with, and this browser's subscription. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/key',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['notifications'],
        description: "The operator's VAPID public key: a browser subscribes with it (applicationServerKey).",
        response: { 200: envelopeSchema(pushKeySchema), ...errors.signedIn },
      },
    },
    async (_request, reply) => send(reply, 200, PUSH_TEXTS.key, { publicKey: app.config.vapid!.publicKey }),
  );

  app.post(
    '/subscriptions',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['notifications'],
        description:
          "Keeps this browser's push subscription (PushSubscription.toJSON()) for the caller. The endpoint must be https, on FCM's, Mozilla's, Windows' or Apple's push service, by name. Signing out of this browser ends it.",
        body: pushSubscriptionInputSchema,
        response: { 201: envelopeSchema(z.null()), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      await subscribe(app.db, currentUser(request).id, request.body, deviceToken(request), app.config.pushTestService);
      return send(reply, 201, PUSH_TEXTS.subscribed, null);
    },
  );

  app.delete(
    '/subscriptions',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['notifications'],
        description: "Ends this browser's push subscription, by its endpoint.",
        body: pushUnsubscribeInputSchema,
        response: { 200: envelopeSchema(z.null()), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      await unsubscribe(app.db, currentUser(request).id, request.body.endpoint);
      return send(reply, 200, PUSH_TEXTS.unsubscribed, null);
    },
  );
};

/** GET and PUT /notifications/preferences: per kind, pushed and mailed. */
export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/preferences',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['notifications'],
        description:
          'Every kind of notification: whether it is pushed to the browsers subscribed, and mailed as a receipt.',
        response: { 200: envelopeSchema(notificationPreferencesSchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(reply, 200, PUSH_TEXTS.preferences, await preferences(app.db, currentUser(request).id)),
  );

  app.put(
    '/preferences',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['notifications'],
        description: 'Changes the kinds given (each once); the others stay as they are.',
        body: notificationPreferencesInputSchema,
        response: { 200: envelopeSchema(notificationPreferencesSchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(reply, 200, PUSH_TEXTS.saved, await savePreferences(app.db, currentUser(request).id, request.body)),
  );
};
