import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, moneyMovementResultSchema } from '@wallet/shared/contracts';
import { fingerprint } from '../services/idempotency';
import { hashToken, sessionToken } from '../services/sessions';
import { moveMoney, type MoneyOperation } from '../services/money';
import { errors, idempotencyHeaders } from './schemas';

interface MoneyRoute<B extends z.ZodObject> {
  path: string;
  /** Also says who may: cash-in is an agent's, the others a user's (checked by wallet_move). */
  operation: MoneyOperation;
  body: B;
  success: string;
  /** The other party's id in the body, if the movement has one (a deposit's is the bank). */
  counterpart: (body: z.infer<B>) => string | null;
}

/**
 * A money POST: validated body, one role, an optional Idempotency-Key, one database statement.
 * The statement resolves the session and checks the role itself (401 and 403 as `authorize`
 * answers them), so a movement costs one round trip to the database, not two.
 */
export function moneyRoute<B extends z.ZodObject>(app: FastifyInstance, route: MoneyRoute<B>) {
  app.withTypeProvider<ZodTypeProvider>().post(
    route.path,
    {
      schema: {
        tags: ['money'],
        headers: idempotencyHeaders,
        body: route.body,
        response: { 201: envelopeSchema(moneyMovementResultSchema), ...errors.money },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request.cookies);
      if (!token) throw app.httpErrors.unauthorized('Please log in');
      const body = request.body as z.infer<B> & { balance: number };
      const outcome = await moveMoney(app.database, {
        operation: route.operation,
        sessionHash: hashToken(token),
        sessionIdleMs: app.sessionLimits.idleMs,
        counterpartId: route.counterpart(body),
        taka: body.balance,
        key: request.headers['idempotency-key'],
        fingerprint: fingerprint(route.operation, body),
        message: route.success,
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(outcome.status).send(outcome.body);
    },
  );
}
