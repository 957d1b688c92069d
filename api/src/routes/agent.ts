import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moneyRoute } from './money';

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  moneyRoute(app, 'cash-out');
  moneyRoute(app, 'cash-in');
};
