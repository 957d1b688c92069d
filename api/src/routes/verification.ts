import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  KYC_TEXTS,
  verifyEmailAccountSchema,
  kycRequestSchema,
  resendVerificationResultSchema,
  userSchema,
  VERIFICATION_ERRORS,
  VERIFICATION_TEXTS,
  verifyEmailInputSchema,
} from '@wallet/shared/contracts';
import { tableError } from '../lib/api-errors';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { toUser } from '../lib/dto';
import type { UserRow } from '../identity/users';
import { latestKycRequest, requestKyc } from '../identity/kyc';
import { declineSignup, linkAccount, sendVerificationLink, verifyEmail } from '../identity/verification';
import { clientNetwork } from '../plugins/app/limits';
import { z } from 'zod';
import { errors } from './schemas';

const HOUR_MS = 3_600_000;

/**
 * Mails a new person their link. The account exists whatever happens to the mail: a failure is
 * logged (never the link) and the person can ask for another from the banner.
 */
export async function mailVerificationLink(app: FastifyInstance, request: FastifyRequest, person: UserRow) {
  try {
    await sendVerificationLink(app.db, app.mailer, person);
  } catch (error) {
    request.log.warn({ reason: (error as Error).message }, 'the verification mail could not be sent');
  }
}

/** POST /auth/verify-email and /auth/verify-email/resend (the paths of VERIFY_EMAIL_PATH and RESEND_VERIFICATION_PATH). */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anyone may try a token: a link's three routes (verify, which account, decline) share one limit
  // per address, as every other anonymous write is limited (a token is 32 random bytes: unguessable,
  // but not to be tried freely).
  const linkLimit = app.limit({ name: 'verify-email', max: app.config.rateLimits.register, key: clientNetwork });
  app.post(
    '/verify-email',
    {
      preHandler: linkLimit,
      schema: {
        tags: ['auth'],
        description:
          'Uses the token of a verification link (the page /verify-email posts it when the person confirms). Each link works once, for 24 hours.',
        body: verifyEmailInputSchema,
        response: { 200: envelopeSchema(userSchema), ...errors.public },
      },
    },
    async (request, reply) =>
      send(reply, 200, VERIFICATION_TEXTS.verified, toUser(await verifyEmail(app.db, request.body.token))),
  );

  app.post(
    '/verify-email/account',
    {
      preHandler: linkLimit,
      schema: {
        tags: ['auth'],
        description:
          'Which account a verification link verifies: its email and when it signed up (never its name, which whoever signed up typed). The link stays unused.',
        body: verifyEmailInputSchema,
        response: { 200: envelopeSchema(verifyEmailAccountSchema), ...errors.public },
      },
    },
    async (request, reply) =>
      send(reply, 200, VERIFICATION_TEXTS.account, await linkAccount(app.db, request.body.token)),
  );

  app.post(
    '/verify-email/decline',
    {
      preHandler: linkLimit,
      schema: {
        tags: ['auth'],
        description:
          '"I did not sign up": uses up the link and closes its account. The bonus goes back by a ledger entry (a reversal of it), its sessions, passkeys and recovery codes go, its name is cleared and its email freed; audited (close_unclaimed). 409 ACCOUNT_IN_USE once the account has moved any money.',
        body: verifyEmailInputSchema,
        response: { 200: envelopeSchema(z.null()), 409: errors.admin[409], ...errors.public },
      },
    },
    async (request, reply) => {
      await declineSignup(app.db, request.body.token);
      return send(reply, 200, VERIFICATION_TEXTS.declined, null);
    },
  );

  app.post(
    '/verify-email/resend',
    {
      preHandler: [
        app.authorize('USER', 'AGENT'),
        app.limit({
          name: 'verify-email-resend',
          max: app.config.mail.resendPerHour,
          window: HOUR_MS,
          key: (request) => currentUser(request).id,
        }),
      ],
      schema: {
        tags: ['auth'],
        description: 'Mails the signed-in person a new verification link; the links before it stop working.',
        response: { 200: envelopeSchema(resendVerificationResultSchema), 409: errors.admin[409], ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const person = currentUser(request);
      if (person.emailVerifiedAt !== null) throw tableError(VERIFICATION_ERRORS, 'ALREADY_VERIFIED');
      try {
        await sendVerificationLink(app.db, app.mailer, person);
      } catch (error) {
        request.log.warn({ reason: (error as Error).message }, 'the verification mail could not be sent');
        throw tableError(VERIFICATION_ERRORS, 'MAIL_UNAVAILABLE');
      }
      return send(reply, 200, VERIFICATION_TEXTS.resent, { sentTo: person.email });
    },
  );
};

/** The person's side of the identity review (KYC_REQUEST_PATH under /api/v1). */
export const kycRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/kyc-request',
    {
      preHandler: app.authorize('USER', 'AGENT'),
      schema: {
        tags: ['user'],
        description: 'Asks for an identity review (KYC). The email must be verified; one request waits at a time.',
        response: { 201: envelopeSchema(kycRequestSchema), 409: errors.admin[409], ...errors.signedIn },
      },
    },
    async (request, reply) => send(reply, 201, KYC_TEXTS.requested, await requestKyc(app.db, currentUser(request))),
  );

  app.get(
    '/kyc-request',
    {
      preHandler: app.authorize('USER', 'AGENT'),
      schema: {
        tags: ['user'],
        description: "The caller's latest identity review request, or null.",
        response: { 200: envelopeSchema(kycRequestSchema.nullable()), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(reply, 200, KYC_TEXTS.yours, await latestKycRequest(app.db, currentUser(request).id)),
  );
};
