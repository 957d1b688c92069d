import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyInputSchemas } from '@wallet/shared/contracts';
import { cashIn, cashOut } from '../services/money';
import { moneyRoute } from './money';

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const inputs = moneyInputSchemas(app.config.maxTransactionTaka);

  moneyRoute(app, {
    path: '/cash-out',
    operation: 'cash-out',
    role: 'USER',
    body: inputs.cashOut,
    success: 'Withdraw successful!',
    move: cashOut,
  });

  moneyRoute(app, {
    path: '/cash-in',
    operation: 'cash-in',
    role: 'AGENT',
    body: inputs.cashIn,
    success: 'CashIn successful!',
    move: cashIn,
  });
};
