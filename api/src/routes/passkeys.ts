import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  authenticationResponseSchema,
  envelopeSchema,
  idParamsSchema,
  PASSKEY_ERRORS,
  passkeyProofInputSchema,
  passkeySchema,
  PIN_ERRORS,
  registrationResponseSchema,
  renamePasskeyInputSchema,
  userSchema,
} from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { tableError } from '../lib/api-errors';
import { recordAudit } from '../lib/audit';
import { toUser } from '../lib/dto';
import { currentUser } from '../plugins/app/auth';
import { clientNetwork, sessionClient } from '../plugins/app/limits';
import { createSession, sessionToken } from '../identity/sessions';
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  mailPasskeyCode,
  registrationOptions,
  relyingParty,
  removePasskey,
  renamePasskey,
  sessionFreshness,
  signInWithPasskey,
  takePasskeyCode,
  toPasskey,
} from '../identity/passkeys';
import { errors } from './schemas';

/** The options' JSON is the library's own (SimpleWebAuthn's PublicKeyCredential*OptionsJSON). */
const optionsSchema = z.looseObject({ challenge: z.string() });

/**
 * Passkeys under /auth: adding one (options, then the authenticator's answer) and signing in with
 * one. The bodies of the answers are the library's standard JSON.
 */
export const passkeyAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingParty(app.config);
  const perAddress = (name: string) =>
    app.limit({ name, max: app.config.rateLimits.loginPerAddress, key: clientNetwork });
  // A mailed code has 10^8 values: its tries are counted per account, as sign-ins are.
  const perAccount = app.limit({
    name: 'passkey-proof',
    max: app.config.rateLimits.login,
    key: (request) => currentUser(request).id,
  });

  app.post(
    '/passkey/code',
    {
      preHandler: [app.authorize('ADMIN'), perAccount],
      schema: {
        tags: ['auth'],
        description: 'Mails a staff member an 8-digit code (10 minutes, once) that lets this session add a passkey.',
        response: { 200: envelopeSchema(z.null()), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      await mailPasskeyCode(app.db, app.mailer, currentUser(request));
      return send(reply, 200, 'We mailed you a code', null);
    },
  );

  app.post(
    '/passkey/register/options',
    {
      preHandler: [app.authorize(), perAccount],
      schema: {
        tags: ['auth'],
        description:
          'Options to add a passkey. Proof that this is the owner, not a stolen session: users and agents send their password (a person without one: within 5 minutes of signing in with Google again); staff the mailed code, or nothing within 5 minutes of their invitation or a passkey sign-in.',
        body: passkeyProofInputSchema,
        response: { 200: envelopeSchema(optionsSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const person = currentUser(request);
      const fresh = await sessionFreshness(app.db, sessionToken(request.cookies)!);
      const { password, code } = request.body;
      if (person.role === 'ADMIN') {
        if (code) {
          if (!(await takePasskeyCode(app.db, person.id, code))) throw tableError(PASSKEY_ERRORS, 'PASSKEY_CODE_WRONG');
        } else if (!fresh.passkey && !fresh.reauthenticated) {
          throw tableError(PASSKEY_ERRORS, 'PASSKEY_CODE_NEEDED');
        }
      } else if (person.passwordHash) {
        if (!password) throw tableError(PASSKEY_ERRORS, 'PASSKEY_PROOF_NEEDED');
        if (!(await app.passwords.verify(clientNetwork(request), password, person.passwordHash))) {
          throw tableError(PIN_ERRORS, 'PASSWORD_WRONG');
        }
      } else if (!fresh.reauthenticated && !fresh.passkey) {
        throw tableError(PIN_ERRORS, 'GOOGLE_SIGN_IN_NEEDED');
      }
      return send(reply, 200, 'Passkey options', await registrationOptions(app.db, rp, person));
    },
  );

  app.post(
    '/passkey/register/verify',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['auth'],
        description: "Keeps the passkey the authenticator made for this session's options; mailed and audited.",
        body: registrationResponseSchema,
        response: { 201: envelopeSchema(passkeySchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const added = await addPasskey(
        app.db,
        app.mailer,
        rp,
        currentUser(request),
        request.body as RegistrationResponseJSON,
        request.headers['user-agent'],
      );
      return send(reply, 201, 'Passkey added', toPasskey(added));
    },
  );

  app.post(
    '/passkey/login/options',
    {
      preHandler: perAddress('passkey-login'),
      schema: {
        tags: ['auth'],
        description: 'Options to sign in with a passkey: no email asked.',
        response: { 200: envelopeSchema(optionsSchema), ...errors.public },
      },
    },
    async (_request, reply) => send(reply, 200, 'Passkey options', await authenticationOptions(app.db, rp)),
  );

  app.post(
    '/passkey/login/verify',
    {
      preHandler: perAddress('passkey-login'),
      schema: {
        tags: ['auth'],
        description: 'Signs in with a passkey: the session is completed by it.',
        body: authenticationResponseSchema,
        response: { 200: envelopeSchema(userSchema), 401: errors.signedIn[401], ...errors.public },
      },
    },
    async (request, reply) => {
      const person = await signInWithPasskey(app.db, rp, request.body as AuthenticationResponseJSON);
      const session = await createSession(app.db, person.id, app.sessionLimits, sessionClient(request), {
        passkey: true,
      });
      if (person.role === 'ADMIN') {
        await recordAudit(app.db, {
          action: 'staff_sign_in',
          adminId: person.id,
          targetUserId: person.id,
          reason: `with a passkey from ${clientNetwork(request)}`,
        });
      }
      app.setSessionCookie(request, reply, session.token, session.expiresAt);
      return send(reply, 200, 'User Logged In SuccessFully', toUser(person));
    },
  );
};

/** The person's own passkeys, under /user: listed, renamed, removed. */
export const passkeyUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/passkeys',
    {
      preHandler: app.authorize(),
      schema: { tags: ['user'], response: { 200: envelopeSchema(z.array(passkeySchema)), ...errors.signedIn } },
    },
    async (request, reply) =>
      send(reply, 200, 'Passkeys retrieved', await listPasskeys(app.db, currentUser(request).id)),
  );

  app.patch(
    '/passkeys/:id',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['user'],
        params: idParamsSchema,
        body: renamePasskeyInputSchema,
        response: { 200: envelopeSchema(passkeySchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        'Passkey renamed',
        await renamePasskey(app.db, currentUser(request).id, request.params.id, request.body.name),
      ),
  );

  app.delete(
    '/passkeys/:id',
    {
      preHandler: app.authorize(),
      schema: {
        tags: ['user'],
        description: 'Removes one of your passkeys; mailed and audited.',
        params: idParamsSchema,
        response: { 200: envelopeSchema(passkeySchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        'Passkey removed',
        await removePasskey(app.db, app.mailer, currentUser(request), request.params.id),
      ),
  );
};
