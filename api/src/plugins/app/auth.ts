import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusal } from '../../lib/api-errors';
import type { Role } from '@wallet/shared/contracts';
import { prepareSessionLookup, SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionToken } from '../../identity/sessions';
import type { UserRow } from '../../identity/users';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: UserRow | null;
  }
  interface FastifyInstance {
    /** preHandler: a signed-in person whose role is one of `roles` (any role when omitted). */
    authorize(...roles: Role[]): (request: FastifyRequest) => Promise<void>;
    /** The person a request's session cookie names, or null: for pages, which anyone may ask for. */
    sessionUserOf(request: FastifyRequest): Promise<UserRow | null>;
    setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void;
    clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void;
  }
}

/** The user behind a route that ran `authorize`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.sessionUser) throw refusal('NOT_SIGNED_IN');
  return request.sessionUser;
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('sessionUser', null);
  const findSessionUser = prepareSessionLookup(app.db, app.sessionLimits.idleMs);

  app.decorate('sessionUserOf', async (request: FastifyRequest) => {
    const token = sessionToken(request.cookies);
    return token ? findSessionUser(token) : null;
  });

  app.decorate('authorize', (...roles: Role[]) => async (request: FastifyRequest) => {
    const token = sessionToken(request.cookies);
    const user = token ? await findSessionUser(token) : null;
    if (!user) throw refusal('NOT_SIGNED_IN');
    if (roles.length > 0 && !roles.includes(user.role)) throw refusal('ROLE_NOT_ALLOWED');
    request.sessionUser = user;
  });

  const isSecure = (request: FastifyRequest) =>
    request.protocol === 'https' || app.config.publicUrl?.startsWith('https:') === true;
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(request),
  });
  // Over https the cookie carries the __Host- prefix: Secure, Path=/ and no Domain, enforced by the browser.
  const cookieName = (request: FastifyRequest) => (isSecure(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

  app.decorate('setSessionCookie', (request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) => {
    reply.setCookie(cookieName(request), token, { ...cookieOptions(request), expires: expiresAt });
  });
  app.decorate('clearSessionCookie', (request: FastifyRequest, reply: FastifyReply) => {
    reply.clearCookie(cookieName(request), cookieOptions(request));
  });
});
