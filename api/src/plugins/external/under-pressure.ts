import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { GENERIC_ERRORS } from '@wallet/shared/contracts';
import { tableError } from '../../lib/api-errors';

/**
 * Under event-loop or heap pressure every request but liveness and /metrics (whose routes say
 * so) is answered 503 with Retry-After, in the error envelope: a proxy sends it elsewhere.
 */
export const underPressurePlugin = fp(async (app) => {
  await app.register(underPressure, {
    maxEventLoopDelay: app.config.pressure.maxEventLoopDelayMs,
    maxHeapUsedBytes: app.config.pressure.maxHeapUsedBytes,
    pressureHandler: (request, reply, type) => {
      request.log.warn({ pressure: type }, 'under pressure: answered 503');
      reply.header('retry-after', '1');
      throw tableError(GENERIC_ERRORS, 'UNAVAILABLE');
    },
  });
});
