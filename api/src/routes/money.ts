import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, moneyMovementResultSchema, type Role } from '@wallet/shared/contracts';
import { currentUser } from '../plugins/app/auth';
import { fingerprint } from '../services/idempotency';
import { moveMoney, type MoneyOperation } from '../services/money';
import { errors, idempotencyHeaders } from './schemas';

interface MoneyRoute<B extends z.ZodObject> {
  path: string;
  operation: MoneyOperation;
  role: Role;
  body: B;
  success: string;
  /** The other party's id in the body, if the movement has one (a deposit's is the bank). */
  counterpart: (body: z.infer<B>) => string | null;
}

/** A money POST: validated body, one role, an optional Idempotency-Key, one database statement. */
export function moneyRoute<B extends z.ZodObject>(app: FastifyInstance, route: MoneyRoute<B>) {
  app.withTypeProvider<ZodTypeProvider>().post(
    route.path,
    {
      preHandler: app.authorize(route.role),
      schema: {
        tags: ['money'],
        headers: idempotencyHeaders,
        body: route.body,
        response: { 201: envelopeSchema(moneyMovementResultSchema), ...errors.money },
      },
    },
    async (request, reply) => {
      const body = request.body as z.infer<B> & { balance: number };
      const outcome = await moveMoney(app.database, {
        operation: route.operation,
        callerId: currentUser(request).id,
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
