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
import { clientReportRoutes } from './client-reports';
import { healthRoutes } from './health';
import { adminLimitRoutes, myLimitRoutes } from './limits';
import { adminPinRoutes, pinRoutes } from './pin';
import { adminFeeRoutes, quoteRoutes } from './fees';
import { adminReversalRoutes } from './reversals';
import { adminApprovalRoutes } from './approvals';
import { adminCommissionFloatRoutes } from './commission-float';
import {
  adminMerchantRoutes,
  merchantApplicationRoutes,
  merchantDirectoryRoutes,
  merchantRoutes,
  publicPaymentLinkRoutes,
} from './merchants';
import { adminDisputeRoutes, disputeRoutes } from './disputes';
import { adminStaffRoutes, staffInviteRoutes } from './staff';
import { passkeyAuthRoutes, passkeyUserRoutes } from './passkeys';
import { notificationRoutes } from './notifications';
import { requestRoutes } from './requests';
import { notificationPreferenceRoutes, pushRoutes } from './push';

export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(verificationRoutes, { prefix: '/auth' });
  await app.register(staffInviteRoutes, { prefix: '/auth' });
  await app.register(passkeyAuthRoutes, { prefix: '/auth' });
  await app.register(passkeyUserRoutes, { prefix: '/user' });
  await app.register(userRoutes, { prefix: '/user' });
  await app.register(kycRequestRoutes, { prefix: '/user' });
  await app.register(merchantApplicationRoutes, { prefix: '/user' });
  await app.register(pinRoutes, { prefix: '/user' });
  await app.register(walletRoutes, { prefix: '/wallet' });
  await app.register(myLimitRoutes, { prefix: '/wallet' });
  await app.register(quoteRoutes, { prefix: '/wallet' });
  await app.register(agentRoutes, { prefix: '/agent' });
  await app.register(merchantRoutes, { prefix: '/merchant' });
  await app.register(publicPaymentLinkRoutes);
  await app.register(merchantDirectoryRoutes, { prefix: '/merchants' });
  await app.register(transactionRoutes, { prefix: '/transaction' });
  await app.register(disputeRoutes, { prefix: '/transaction' });
  await app.register(adminRoutes, { prefix: '/admin' });
  await app.register(adminLimitRoutes, { prefix: '/admin' });
  await app.register(adminPinRoutes, { prefix: '/admin' });
  await app.register(adminFeeRoutes, { prefix: '/admin' });
  await app.register(adminReversalRoutes, { prefix: '/admin' });
  await app.register(adminApprovalRoutes, { prefix: '/admin' });
  await app.register(adminCommissionFloatRoutes, { prefix: '/admin' });
  await app.register(adminMerchantRoutes, { prefix: '/admin' });
  await app.register(adminDisputeRoutes, { prefix: '/admin' });
  await app.register(adminStaffRoutes, { prefix: '/admin' });
  await app.register(analyticsRoutes, { prefix: '/analytics' });
  await app.register(eventRoutes);
  await app.register(notificationRoutes, { prefix: '/notifications' });
  await app.register(notificationPreferenceRoutes, { prefix: '/notifications' });
  await app.register(requestRoutes, { prefix: '/requests' });
  await app.register(pushRoutes, { prefix: '/push' });
  await app.register(releaseRoutes, { prefix: '/releases' });
  await app.register(clientReportRoutes);
};
