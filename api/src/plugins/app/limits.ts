import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import ipaddr from 'ipaddr.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { codedError } from '../../lib/api-errors';
import { postgresRateLimitStore } from '../../lib/rate-limits';
import type { SessionClient } from '../../identity/sessions';
import { deviceToken } from './auth';

export interface LimitOptions {
  /** Names the counter, so two limits on one route never share a bucket. */
  name: string;
  max: number;
  /** Whose attempts count together: an address, an account, a signed-in person. */
  key: (request: FastifyRequest) => string;
  /** The window the `max` counts over, when not RATE_LIMIT_WINDOW (as ms or '1 hour'). */
  window?: string | number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: at most `max` requests per key per window (RATE_LIMIT_WINDOW), counted in PostgreSQL. */
    limit(options: LimitOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Whose attempts count together when the client is known only by its address: an IPv4 address,
 * or an IPv6 /64. One subscriber or machine is handed a whole /64, so counting each /128 apart
 * would give it some 18 quintillion budgets. An IPv4 address written as IPv6 counts as itself.
 */
export function clientNetwork(request: FastifyRequest) {
  if (!ipaddr.isValid(request.ip)) return request.ip;
  const address = ipaddr.process(request.ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * The sign-in lockout's counter (password and recovery-code tries alike): one account from one
 * network. Wrong passwords for someone's email from one place never lock them out elsewhere; from
 * any other place the account is slowed instead (the login route), never closed.
 */
export function signInKey(email: string, request: FastifyRequest) {
  return `${email}|${clientNetwork(request)}`;
}

/** What a new session keeps of where it signs in from: the User-Agent and the network; and the browser's device token. */
export function sessionClient(request: FastifyRequest): SessionClient {
  return {
    userAgent: request.headers['user-agent'] ?? null,
    network: clientNetwork(request),
    device: deviceToken(request),
  };
}

function inWords(seconds: number) {
  if (seconds >= 120) return `${Math.ceil(seconds / 60)} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * Rate limits as preHandlers: @fastify/rate-limit does the counting and its store keeps the
 * counters in PostgreSQL, shared by every instance. A route may carry several (per address and
 * per account); each has its own counter.
 */
export const limitsPlugin = fp(async (app) => {
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(app.db) });

  app.decorate('limit', ({ name, max, key, window }: LimitOptions) => {
    const check = app.createRateLimit({
      max,
      timeWindow: window ?? app.config.rateLimits.window,
      keyGenerator: (request: FastifyRequest) => `${name}|${key(request)}`,
    });
    return async (request, reply) => {
      const outcome = await check(request);
      if (!outcome.isAllowed && outcome.isExceeded) {
        reply.header('retry-after', String(outcome.ttlInSeconds));
        throw codedError(
          429,
          `Too many attempts. Please try again in ${inWords(outcome.ttlInSeconds)}.`,
          'RATE_LIMITED',
          {
            retryAfterSeconds: outcome.ttlInSeconds,
            // What the words say (inWords), for a reply worded in another language.
            retryIn: outcome.ttlInSeconds >= 120 ? 'minutes' : 'seconds',
            retryAfterMinutes: Math.ceil(outcome.ttlInSeconds / 60),
          },
        );
      }
    };
  });
});
