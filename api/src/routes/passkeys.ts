import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  addedPasskeySchema,
  authenticationResponseSchema,
  envelopeSchema,
  idParamsSchema,
  PASSKEY_ERRORS,
  passkeyProofInputSchema,
  passkeySchema,
  PIN_ERRORS,
  recoveryCodeInputSchema,
  registrationResponseSchema,
  renamePasskeyInputSchema,
  userSchema,
} from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { tableError } from '../lib/api-errors';
import { recordAudit } from '../lib/audit';
import { toUser } from '../lib/dto';
import { currentUser } from '../plugins/app/auth';
import { clientNetwork, signInKey, sessionClient } from '../plugins/app/limits';
import { createSession, deleteSession, sessionToken } from '../identity/sessions';
import { completeWithRecoveryCode } from '../identity/second-factor';
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  mailPasskeyCode,
  mailRecoveryCodeUsed,
  passkeyCount,
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
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        description:
          'Mails a staff member an 8-digit code (10 minutes, once) that lets this session add their first passkey. A member who has one adds another from a session their passkey (or a recovery code) completed in the last 5 minutes.',
        response: { 200: envelopeSchema(z.null()), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const person = currentUser(request);
      if ((await passkeyCount(app.db, person.id)) > 0) throw tableError(PASSKEY_ERRORS, 'PASSKEY_FRESH_NEEDED');
      await mailPasskeyCode(app.db, app.mailer, person);
      return send(reply, 200, 'We mailed you a code', null);
    },
  );

  app.post(
    '/passkey/register/options',
    {
      preHandler: [app.authorize(), perAccount],
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        description:
          'Options to add a passkey. Proof that this is the owner, not a stolen session: users and agents send their password (a person without one: within 5 minutes of signing in with Google again). Staff add their first passkey with the mailed code, or within 5 minutes of their invitation; another only within 5 minutes of a sign-in their passkey or a recovery code completed.',
        body: passkeyProofInputSchema,
        response: { 200: envelopeSchema(optionsSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const person = currentUser(request);
      const fresh = await sessionFreshness(app.db, sessionToken(request.cookies)!);
      const { password, code } = request.body;
      if (person.role === 'ADMIN') {
        // A password and a mailbox add the first passkey only: past it, a passkey vouches for the next.
        if ((await passkeyCount(app.db, person.id)) > 0) {
          if (!fresh.passkey) throw tableError(PASSKEY_ERRORS, 'PASSKEY_FRESH_NEEDED');
        } else if (code) {
          if (!(await takePasskeyCode(app.db, person.id, code))) throw tableError(PASSKEY_ERRORS, 'PASSKEY_CODE_WRONG');
        } else if (!fresh.reauthenticated) {
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
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        description:
          "Keeps the passkey the authenticator made for this session's options; mailed and audited. A staff member's first passkey comes with their ten recovery codes, shown this once.",
        body: registrationResponseSchema,
        response: { 201: envelopeSchema(addedPasskeySchema), ...errors.signedIn },
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
      // The session this browser had (a password's, waiting for this passkey) is replaced, not kept.
      const previous = sessionToken(request.cookies);
      if (previous) await deleteSession(app.db, previous);
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

  app.post(
    '/recovery',
    {
      // Each try counts towards the sign-in lockout: the same counter as the member's password.
      preHandler: [
        app.authorize('ADMIN'),
        app.limit({
          name: 'login-account',
          max: app.config.rateLimits.login,
          key: (request) => signInKey(currentUser(request).email, request),
        }),
      ],
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        description:
          "Completes a staff member's password sign-in with one of their recovery codes, when their passkey is lost: each works once, and the member then has 5 minutes to add a new passkey.",
        body: recoveryCodeInputSchema,
        response: { 200: envelopeSchema(userSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const person = currentUser(request);
      const left = await completeWithRecoveryCode(app.db, person, sessionToken(request.cookies)!, request.body.code);
      await recordAudit(app.db, {
        action: left === null ? 'staff_sign_in_failed' : 'staff_sign_in',
        adminId: left === null ? null : person.id,
        targetUserId: person.id,
        reason:
          left === null
            ? `a wrong recovery code from ${clientNetwork(request)}`
            : `with a recovery code (${left} left) from ${clientNetwork(request)}`,
      });
      if (left === null) throw tableError(PASSKEY_ERRORS, 'RECOVERY_CODE_WRONG');
      await mailRecoveryCodeUsed(app.mailer, person, left);
      return send(reply, 200, 'Signed in with a recovery code', toUser(person));
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
