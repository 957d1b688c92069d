import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth';
import { userRoutes } from './user';
import { walletRoutes } from './wallet';
import { kycRequestRoutes, verificationRoutes } from './verification';
import { agentRoutes } from './agent';
import { transactionRoutes } from './transaction';
import { adminRoutes } from './admin';
import { analyticsRoutes } from './analytics';
import { eventRoutes } from './events';
import { releaseRoutes } from './releases';
import { healthRoutes } from './health';

export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(verificationRoutes, { prefix: '/auth' });
  await app.register(userRoutes, { prefix: '/user' });
  await app.register(kycRequestRoutes, { prefix: '/user' });
  await app.register(walletRoutes, { prefix: '/wallet' });
  await app.register(agentRoutes, { prefix: '/agent' });
  await app.register(transactionRoutes, { prefix: '/transaction' });
  await app.register(adminRoutes, { prefix: '/admin' });
  await app.register(analyticsRoutes, { prefix: '/analytics' });
  await app.register(eventRoutes);
  await app.register(releaseRoutes, { prefix: '/releases' });
};
