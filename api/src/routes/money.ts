import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  moneyMovementResultSchema,
  type MoneyMovementResult,
  type Role,
} from '@wallet/shared/contracts';
import type { Tx } from '../db/client';
import { envelope } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { fingerprint, runIdempotent } from '../services/idempotency';
import type { UserRow } from '../services/users';
import { errors, idempotencyHeaders } from './schemas';

interface MoneyRoute<B extends z.ZodObject> {
  path: string;
  operation: string;
  role: Role;
  body: B;
  success: string;
  move: (tx: Tx, caller: UserRow, body: z.infer<B>) => Promise<MoneyMovementResult>;
}

/** A money POST: validated body, one role, an optional Idempotency-Key, one database transaction. */
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
      const caller = currentUser(request);
      const body = request.body as z.infer<B>;
      const outcome = await runIdempotent(
        app.db,
        { userId: caller.id, key: request.headers['idempotency-key'], fingerprint: fingerprint(route.operation, body) },
        async (tx) => ({ statusCode: 201, body: envelope(201, route.success, await route.move(tx, caller, body)) }),
      );
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(outcome.statusCode).send(outcome.body as ReturnType<typeof envelope<MoneyMovementResult>>);
    },
  );
}
