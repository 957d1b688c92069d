import { setTimeout } from 'node:timers/promises';
import { forgetPushes } from '../notifications/subscriptions';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, loginInputSchema, logoutAllResultSchema, userSchema } from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { authenticate, IdentityLinkRefused, signInWithIdentity, type UserRow } from '../identity/users';
import { GoogleLogin, GoogleLoginError } from '../identity/google';
import { createSession, deleteSession, deleteUserSessions, sessionToken } from '../identity/sessions';
import { currentUser, deviceToken } from '../plugins/app/auth';
import { secondFactorDue } from '../identity/second-factor';
import { toUser } from '../lib/dto';
import { clientNetwork, sessionClient, signInKey } from '../plugins/app/limits';
import { countFailure } from '../lib/rate-limits';
import type { ReplyDetails } from '../lib/api-errors';
import { errors } from './schemas';

/** Wrong passwords for an account from every address, counted over this window. */
const WRONG_PASSWORD_WINDOW_MS = 15 * 60_000;
/** Each wrong answer past the limit waits this much more, up to the slowest. */
const WRONG_ANSWER_STEP_MS = 250;
const SLOWEST_WRONG_ANSWER_MS = 5_000;

const OIDC_STATE_COOKIE = 'wallet_oidc_state';

/** Tells the address that Google now signs in to its account: if that was not its owner, they know at once. */
async function mailGoogleLinked(app: FastifyInstance, request: FastifyRequest, user: UserRow) {
  try {
    await app.mailer.send({
      to: user.email,
      subject: 'Google sign-in was linked to your Digital Wallet account',
      text: [
        `Hello ${user.name},`,
        '',
        'Your Digital Wallet account now signs in with Google. Its password no longer works, and every device that was signed in was signed out.',
        'If this was not you, contact us at once. We will never ask for your password or PIN.',
      ].join('\n'),
    });
  } catch (error) {
    request.log.warn({ reason: (error as Error).message }, 'the Google link notice could not be mailed');
  }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const google = app.config.google ? new GoogleLogin(app.config.google) : undefined;
  const site = (path: string) => (app.config.publicUrl ? new URL(path, app.config.publicUrl).href : path);
  const backToLogin = (reason: string) => site(`/login?error=${reason}`);
  const stateCookie = {
    path: '/api/v1/auth/google',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.publicUrl?.startsWith('https:'),
  };

  app.get(
    '/google',
    {
      // Each start stores a sign-in state: limited per address, like every other anonymous write.
      preHandler: app.limit({
        name: 'google-start',
        max: app.config.rateLimits.googleStart,
        key: clientNetwork,
      }),
      schema: {
        tags: ['auth'],
        description:
          'Starts Sign in with Google; the browser is redirected to the provider. `reauth=1`: Google must ask the person to sign in again (a person without a password then has 5 minutes to set their wallet PIN).',
        querystring: z.object({ reauth: z.enum(['1']).optional() }),
      },
    },
    async (request, reply) => {
      if (!google) return reply.redirect(backToLogin('google_unavailable'));
      try {
        const { url, state } = await google.start(app.db, { reauth: request.query.reauth === '1' });
        reply.setCookie(OIDC_STATE_COOKIE, state, { ...stateCookie, maxAge: 600 });
        return reply.redirect(url);
      } catch (error) {
        request.log.warn({ reason: (error as Error).message }, 'google sign-in could not start');
        return reply.redirect(backToLogin('google_failed'));
      }
    },
  );

  app.get(
    '/google/callback',
    {
      schema: {
        tags: ['auth'],
        description: 'Where the provider sends the browser back; signs in and redirects to the site.',
      },
    },
    async (request, reply) => {
      if (!google) return reply.redirect(backToLogin('google_unavailable'));
      reply.clearCookie(OIDC_STATE_COOKIE, stateCookie);
      try {
        const identity = await google.finish(app.db, request.url, request.cookies[OIDC_STATE_COOKIE]);
        const { user, linked } = await signInWithIdentity(app.db, app.system, identity);
        if (linked) await mailGoogleLinked(app, request, user);
        const session = await createSession(app.db, user.id, app.sessionLimits, sessionClient(request), {
          reauthenticated: identity.reauthenticated,
        });
        app.setSessionCookie(request, reply, session.token, session.expiresAt);
        // Asked again to set a PIN: straight back to the Security page.
        if (identity.reauthenticated && user.role !== 'ADMIN') {
          return reply.redirect(site(`/${user.role.toLowerCase()}/security`));
        }
        return reply.redirect(site('/'));
      } catch (error) {
        if (error instanceof IdentityLinkRefused) {
          request.log.warn({ reason: error.reason }, 'google sign-in not linked to the account with its email');
          return reply.redirect(backToLogin(error.reason));
        }
        if (!(error instanceof GoogleLoginError)) throw error;
        request.log.warn({ reason: error.reason, detail: error.message }, 'google sign-in refused');
        return reply.redirect(backToLogin(error.reason));
      }
    },
  );

  /**
   * Wrong passwords for one account from anywhere, counted: past the per-address limit, each wrong
   * answer waits a little longer (up to SLOWEST_WRONG_ANSWER_MS), so many machines guess slowly,
   * while the account stays open to its owner, whose right password is answered at once.
   */
  const slowWrongPassword = async (email: string) => {
    const wrong = await countFailure(app.db, `login-wrong|${email}`, WRONG_PASSWORD_WINDOW_MS);
    const over = wrong - app.config.rateLimits.login;
    if (over > 0) await setTimeout(Math.min(over * WRONG_ANSWER_STEP_MS, SLOWEST_WRONG_ANSWER_MS));
  };

  app.post(
    '/login',
    {
      // Two limits: per address across every email (credential stuffing), and per account from one
      // address (signInKey): someone's wrong passwords from one place never lock them out at
      // another. Across addresses (a password guessed from many machines), wrong answers are slowed
      // below. The email is already normalised.
      preHandler: [
        app.limit({ name: 'login-address', max: app.config.rateLimits.loginPerAddress, key: clientNetwork }),
        app.limit({
          name: 'login-account',
          max: app.config.rateLimits.login,
          key: (request) => signInKey((request.body as { email: string }).email, request),
        }),
      ],
      schema: {
        tags: ['auth'],
        body: loginInputSchema,
        response: { 200: envelopeSchema(userSchema), 401: errors.signedIn[401], ...errors.public },
      },
    },
    async (request, reply) => {
      let user: UserRow;
      try {
        user = await authenticate(app.db, request.body, app.passwords, clientNetwork(request));
      } catch (error) {
        if ((error as ReplyDetails).replyCode === 'WRONG_CREDENTIALS') await slowWrongPassword(request.body.email);
        throw error;
      }
      const session = await createSession(app.db, user.id, app.sessionLimits, sessionClient(request));
      app.setSessionCookie(request, reply, session.token, session.expiresAt);
      // A staff member may still owe a passkey: the answer says so, and the admin area asks for it.
      const due = await secondFactorDue(app.db, session.token, user, app.config.staffSecondFactor);
      return send(reply, 200, 'User Logged In SuccessFully', toUser(user, due));
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], response: { 200: envelopeSchema(z.null()) } } },
    async (request, reply) => {
      const token = sessionToken(request.cookies);
      if (token) {
        // Signing out of this browser also stops its pushes: another person may use it next.
        const ended = await deleteSession(app.db, token);
        if (ended) await forgetPushes(app.db, ended, deviceToken(request));
      }
      app.clearSessionCookie(request, reply);
      return send(reply, 200, 'User Logged Out SuccessFully', null);
    },
  );

  app.post(
    '/logout-all',
    {
      preHandler: app.authorize(),
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        description: 'Ends every session of the signed-in person, on every device, this one included.',
        response: { 200: envelopeSchema(logoutAllResultSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const sessionsEnded = await deleteUserSessions(app.db, currentUser(request).id);
      await forgetPushes(app.db, currentUser(request).id, null);
      app.clearSessionCookie(request, reply);
      return send(reply, 200, 'Logged out everywhere', { sessionsEnded });
    },
  );
};
