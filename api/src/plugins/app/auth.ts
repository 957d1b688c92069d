import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusal, tableError } from '../../lib/api-errors';
import {
  PASSKEY_ERRORS,
  type Role,
  STAFF_ROUTE_PREFIXES,
  type StaffRole,
  staffMayCall,
  staffRolesFor,
} from '@wallet/shared/contracts';
import {
  DEVICE_COOKIE,
  KNOWN_DEVICE_DAYS,
  prepareSessionLookup,
  SECURE_DEVICE_COOKIE,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  sessionToken,
  sessionUserUntouched,
} from '../../identity/sessions';
import { isTransientDbError } from '../../db/errors';
import { freshRead } from '../../lib/reads';
import type { UserRow } from '../../identity/users';
import { secondFactorDue, type SecondFactorDue } from '../../identity/second-factor';
import { randomBytes } from 'node:crypto';

/** A device token as this API makes them: 32 random bytes, base64url. Anything else is replaced. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const deviceTokens = new WeakMap<FastifyRequest, string>();

/**
 * The browser's device token (identity/sessions.ts DEVICE_COOKIE): its cookie's, or a new one for
 * this request, which setSessionCookie then gives the browser. The same for the whole request.
 */
export function deviceToken(request: FastifyRequest) {
  let token = deviceTokens.get(request);
  if (!token) {
    const sent = request.cookies[SECURE_DEVICE_COOKIE] || request.cookies[DEVICE_COOKIE];
    token = sent && DEVICE_TOKEN.test(sent) ? sent : randomBytes(32).toString('base64url');
    deviceTokens.set(request, token);
  }
  return token;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: UserRow | null;
    /** What the staff member's session still needs before an admin route opens (null: nothing). */
    secondFactor: SecondFactorDue | null;
  }
  interface FastifyContextConfig {
    /**
     * A route a staff session may call before its second factor: reading who is signed in, the
     * steps that complete the sign-in (a passkey's code and ceremony, a recovery code), and little else.
     */
    beforeSecondFactor?: boolean;
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

/** Whether the signed-in staff member holds `role` (for a rule within a route, as a reversing dispute decision). */
export function holdsStaffRole(request: FastifyRequest, role: StaffRole) {
  return currentUser(request).staffRoles.includes(role);
}

/** The user behind a route that ran `authorize`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.sessionUser) throw refusal('NOT_SIGNED_IN');
  return request.sessionUser;
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('secondFactor', null);
  const onLeader = prepareSessionLookup(app.db, app.sessionLimits.idleMs);
  // While the leader is away (a failover), a standby answers who is signed in, untouched, so
  // that signed-in reads go on; what needs a write still answers 503.
  const findSessionUser = async (token: string) => {
    try {
      return await onLeader(token);
    } catch (error) {
      if (!app.database.readSide || !isTransientDbError(error)) throw error;
      return freshRead(app, (db) => sessionUserUntouched(db, token, app.sessionLimits.idleMs));
    }
  };

  app.decorate('sessionUserOf', async (request: FastifyRequest) => {
    const token = sessionToken(request.cookies);
    return token ? findSessionUser(token) : null;
  });

  app.decorate('authorize', (...roles: Role[]) => async (request: FastifyRequest) => {
    const token = sessionToken(request.cookies);
    const user = token ? await findSessionUser(token) : null;
    // A deactivated staff member holds no session; one left by a race opens nothing either.
    if (!user || (user.role === 'ADMIN' && !user.isActive)) throw refusal('NOT_SIGNED_IN');
    // A staff member's password alone opens nothing but the steps that complete the sign-in.
    if (user.role === 'ADMIN') {
      request.secondFactor = await secondFactorDue(app.db, token!, user, app.config.staffSecondFactor);
      if (request.secondFactor && !request.routeOptions.config.beforeSecondFactor) {
        throw tableError(PASSKEY_ERRORS, 'SECOND_FACTOR_NEEDED', { secondFactor: request.secondFactor });
      }
    }
    if (roles.length > 0 && !roles.includes(user.role)) throw refusal('ROLE_NOT_ALLOWED');
    // A staff member on an admin route: one of the roles the route table names (fail closed: a
    // route an ADMIN may call that is missing from the table is refused).
    if (roles.length > 0 && user.role === 'ADMIN') {
      const { method, url } = request.routeOptions;
      if (!staffMayCall(user.staffRoles, method as string, url ?? '')) {
        // The roles that would do, so the screen can say whom to ask.
        throw refusal('ROLE_NOT_ALLOWED', { roles: (staffRolesFor(method as string, url ?? '') ?? []).join(', ') });
      }
    }
    request.sessionUser = user;
  });

  // Every route under the admin paths is in the route table (shared/src/contracts/staff.ts), or
  // the API does not start; /api/docs shows each one's roles.
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (method) => method !== 'HEAD' && method !== 'OPTIONS',
    );
    for (const method of methods) {
      const staffRoles = staffRolesFor(method, route.url);
      if (!staffRoles) {
        if (STAFF_ROUTE_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
          throw new Error(`${method} ${route.url} is an admin route missing from STAFF_ROUTE_ROLES`);
        }
        continue;
      }
      if (route.schema) {
        const said = `Staff roles: ${staffRoles.join(' or ')}.`;
        route.schema.description = route.schema.description ? `${route.schema.description} ${said}` : said;
      }
    }
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
  // And only that one is read there: a plain cookie can be set by a sibling subdomain or over http
  // (cookie tossing), and must not sign anyone in on an https site. Every reader of the session
  // (sessionToken) sees the request's cookies after this.
  app.addHook('onRequest', async (request) => {
    if (isSecure(request)) delete request.cookies[SESSION_COOKIE];
  });

  app.decorate('setSessionCookie', (request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) => {
    reply.setCookie(cookieName(request), token, { ...cookieOptions(request), expires: expiresAt });
    // The browser's device token outlives sessions: a later sign-in from it is not a new device.
    reply.setCookie(isSecure(request) ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE, deviceToken(request), {
      ...cookieOptions(request),
      maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
    });
  });
  app.decorate('clearSessionCookie', (request: FastifyRequest, reply: FastifyReply) => {
    reply.clearCookie(cookieName(request), cookieOptions(request));
  });
});
