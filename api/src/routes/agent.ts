import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyInputSchemas } from '@wallet/shared/contracts';
import { moneyRoute } from './money';

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const inputs = moneyInputSchemas(app.config.maxTransactionTaka);

  moneyRoute(app, {
    path: '/cash-out',
    operation: 'cash-out',
    body: inputs.cashOut,
    success: 'Withdraw successful!',
    counterpart: (body) => body.agentId,
  });

  moneyRoute(app, {
    path: '/cash-in',
    operation: 'cash-in',
    body: inputs.cashIn,
    success: 'CashIn successful!',
    counterpart: (body) => body.userId,
  });
};
