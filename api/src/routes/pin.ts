import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, idParamsSchema, PIN_TEXTS, setPinInputSchema, userSchema } from '@wallet/shared/contracts';
import { refusal } from '../lib/api-errors';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { clientNetwork } from '../plugins/app/limits';
import { toUser } from '../lib/dto';
import { requestPinReset, setPin, unlockPin } from '../identity/pin';
import { sessions, users } from '../db/schema';
import { sessionToken } from '../identity/sessions';
import { hashToken } from '../lib/tokens';
import { errors } from './schemas';

/** PUT /user/pin (PIN_PATH): the wallet PIN set or changed. */
export const pinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/pin',
    {
      preHandler: [
        app.authorize('USER', 'AGENT'),
        // A password tried here is a password guessed: limited as a login is.
        app.limit({ name: 'pin-address', max: app.config.rateLimits.loginPerAddress, key: clientNetwork }),
        app.limit({ name: 'pin-account', max: app.config.rateLimits.login, key: (request) => currentUser(request).id }),
      ],
      schema: {
        tags: ['user'],
        description:
          'Sets or changes the wallet PIN (5 digits, not one digit repeated nor a run). The first PIN: with the password (a Google-only person: within 5 minutes of signing in with Google again). A change: with the current PIN (a wrong one counts towards the lock); the password alone is refused (CURRENT_PIN_NEEDED). A forgotten PIN: with the code mailed by POST /user/pin/reset and the password; money then cannot leave the wallet for 24 hours (PIN_RESET_HOLD). Every way is audited and mailed; none clears the wrong-PIN count or a lock. Never returned or logged.',
        body: setPinInputSchema,
        response: { 200: envelopeSchema(userSchema), 423: errors.money[423], ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const person = currentUser(request);
      const [session] = await app.db
        .select({ reauthenticatedAt: sessions.reauthenticatedAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(sessionToken(request.cookies) ?? '')));
      const message = await setPin(
        {
          db: app.db,
          keys: app.pinKeys,
          passwords: app.passwords,
          reauthenticatedAt: session?.reauthenticatedAt ?? null,
          mailer: app.mailer,
          log: request.log,
        },
        person,
        request.body,
      );
      const [updated] = await app.db.select().from(users).where(eq(users.id, person.id));
      return send(reply, 200, message, toUser(updated!));
    },
  );

  app.post(
    '/pin/reset',
    {
      preHandler: [
        app.authorize('USER', 'AGENT'),
        // Each asks a mail of us: limited as a login is, by network and by account.
        app.limit({ name: 'pin-reset-address', max: app.config.rateLimits.loginPerAddress, key: clientNetwork }),
        app.limit({
          name: 'pin-reset-account',
          max: app.config.rateLimits.login,
          key: (request) => currentUser(request).id,
        }),
      ],
      schema: {
        tags: ['user'],
        description:
          'For a forgotten PIN: mails the signed-in person a 6-digit code that works once, for 15 minutes, with PUT /user/pin and the password. A new code replaces the last; 5 wrong tries void it.',
        response: { 202: envelopeSchema(z.null()), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      await requestPinReset(app.db, app.mailer, currentUser(request));
      return send(reply, 202, PIN_TEXTS.codeSent, null);
    },
  );
};

/** PATCH /admin/pin-unlock/{id} (ADMIN_PIN_UNLOCK_PATH): a lock lifted by an admin, audited. */
export const adminPinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/pin-unlock/:id',
    {
      preHandler: app.authorize('ADMIN'),
      schema: {
        tags: ['admin'],
        description: "Lifts a person's PIN lock and clears their wrong tries; audited as pin_unlock.",
        params: idParamsSchema,
        response: { 200: envelopeSchema(userSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      const person = await unlockPin(app.db, currentUser(request).id, request.params.id);
      if (!person) throw refusal('USER_NOT_FOUND');
      return send(reply, 200, PIN_TEXTS.unlocked, toUser(person));
    },
  );
};
