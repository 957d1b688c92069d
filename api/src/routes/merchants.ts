import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMerchantApplicationSchema,
  adminMerchantApplicationsQuerySchema,
  envelopeSchema,
  idParamsSchema,
  merchantApplicationInputSchema,
  merchantApplicationSchema,
  merchantDecisionInputSchema,
  MERCHANT_TEXTS,
  pagedEnvelopeSchema,
  DYNAMIC_QR_MINUTES,
  dynamicQrInputSchema,
  MERCHANT_QR_TEXTS,
  MERCHANT_PAYMENT_TEXTS,
  merchantDayQuerySchema,
  merchantPaymentSchema,
  merchantPaymentsQuerySchema,
  merchantProfileSchema,
  merchantQrSchema,
  merchantSummarySchema,
  paginationQuerySchema,
  PAYMENT_LINK_TEXTS,
  paymentLinkInputSchema,
  paymentLinkParamsSchema,
  paymentLinkSchema,
  paymentLinkUpdateSchema,
  publicPaymentLinkSchema,
} from '@wallet/shared/contracts';
import {
  createDynamicQr,
  createPaymentLink,
  deactivatePaymentLink,
  listMerchantPayments,
  listPaymentLinks,
  merchantSummary,
  ownMerchant,
  publicPaymentLink,
  staticQr,
} from '../ledger/payments';
import { clientNetwork } from '../plugins/app/limits';
import { refundRoute } from './money';
import { send, sendPage } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import {
  applyAsMerchant,
  decideMerchantApplication,
  latestMerchantApplication,
  listMerchantApplications,
  merchantById,
} from '../identity/merchants';
import { errors } from './schemas';

/** A user's side of becoming a merchant (MERCHANT_APPLICATION_PATH under /api/v1). */
export const merchantApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/merchant-application',
    {
      preHandler: app.authorize('USER'),
      schema: {
        tags: ['user'],
        description:
          'Applies to be a merchant: the business name in English and Bangla (25 characters each), an ISO 18245 category from the list, and the city in both (15 each), as the Bangla QR carries them. The identity must be approved (403 MERCHANT_NEEDS_KYC); one application waits at a time (409 MERCHANT_PENDING).',
        body: merchantApplicationInputSchema,
        response: { 201: envelopeSchema(merchantApplicationSchema), 409: errors.admin[409], ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(reply, 201, MERCHANT_TEXTS.applied, await applyAsMerchant(app.db, currentUser(request), request.body)),
  );

  app.get(
    '/merchant-application',
    {
      preHandler: app.authorize('USER'),
      schema: {
        tags: ['user'],
        description: "The caller's latest merchant application, or null.",
        response: { 200: envelopeSchema(merchantApplicationSchema.nullable()), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(reply, 200, MERCHANT_TEXTS.yours, await latestMerchantApplication(app.db, currentUser(request).id)),
  );
};

/** Compliance's queue of merchant applications (ADMIN_MERCHANT_APPLICATIONS_PATH), decided as identity reviews are. */
export const adminMerchantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authorize('ADMIN'));

  app.get(
    '/merchant-applications',
    {
      schema: {
        tags: ['admin'],
        description: 'Merchant applications: pending ones oldest first (the queue), decided ones newest first.',
        querystring: adminMerchantApplicationsQuerySchema,
        response: { 200: pagedEnvelopeSchema(adminMerchantApplicationSchema), ...errors.admin },
      },
    },
    async (request, reply) =>
      sendPage(reply, MERCHANT_TEXTS.queue, await listMerchantApplications(app.db, request.query)),
  );

  app.patch(
    '/merchant-applications/:id',
    {
      schema: {
        tags: ['admin'],
        description:
          'Approves (the person becomes a merchant, with the application’s names, category and city) or rejects a waiting merchant application, with a reason; audited as merchant_approve or merchant_reject.',
        params: idParamsSchema,
        body: merchantDecisionInputSchema,
        response: { 200: envelopeSchema(adminMerchantApplicationSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      const decided = await decideMerchantApplication(
        app.db,
        { adminId: currentUser(request).id },
        request.params.id,
        request.body,
      );
      return send(
        reply,
        200,
        decided.status === 'approved' ? MERCHANT_TEXTS.approved : MERCHANT_TEXTS.rejected,
        decided,
      );
    },
  );
};

/** A merchant's own area of the API (under /merchant): its QR codes. USERs with a merchant profile. */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authorize('USER'));

  app.get(
    '/qr',
    {
      schema: {
        tags: ['merchant'],
        description:
          "The merchant's static Bangla QR (point of initiation 11, no amount: the payer types it). 403 NOT_A_MERCHANT for a user who is not one.",
        response: { 200: envelopeSchema(merchantQrSchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      send(reply, 200, MERCHANT_QR_TEXTS.static, staticQr(await ownMerchant(app.db, currentUser(request).id))),
  );

  const dynamicInput = dynamicQrInputSchema(app.config.maxTransactionTaka);
  app.post(
    '/qr',
    {
      schema: {
        tags: ['merchant'],
        description: `A Bangla QR for one payment (point of initiation 12) of \`amount\` Taka, named by the merchant's own \`reference\` (tag 62, sub-tag 05; unique to the merchant, 409 REFERENCE_USED). The server holds the amount, and the code can be paid once, for ${DYNAMIC_QR_MINUTES} minutes.`,
        body: dynamicInput,
        response: { 201: envelopeSchema(merchantQrSchema), 409: errors.admin[409], ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const merchant = await ownMerchant(app.db, currentUser(request).id);
      return send(reply, 201, MERCHANT_QR_TEXTS.dynamic, await createDynamicQr(app.db, merchant, request.body));
    },
  );

  const linkInput = paymentLinkInputSchema(app.config.maxTransactionTaka);
  app.post(
    '/links',
    {
      schema: {
        tags: ['merchant'],
        description:
          'A payment link: `amount` (none: the payer types it), what it is for, and optionally when it expires and how many times it may be paid. Its `code` carries 144 random bits; its page is /pay/<code>.',
        body: linkInput,
        response: { 201: envelopeSchema(paymentLinkSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const merchant = await ownMerchant(app.db, currentUser(request).id);
      return send(reply, 201, PAYMENT_LINK_TEXTS.created, await createPaymentLink(app.db, merchant, request.body));
    },
  );

  app.get(
    '/links',
    {
      schema: {
        tags: ['merchant'],
        description:
          "The merchant's payment links, newest first, with how often each was paid and whether it can be now.",
        querystring: paginationQuerySchema,
        response: { 200: pagedEnvelopeSchema(paymentLinkSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const merchant = await ownMerchant(app.db, currentUser(request).id);
      return sendPage(reply, PAYMENT_LINK_TEXTS.list, await listPaymentLinks(app.db, merchant, request.query));
    },
  );

  app.patch(
    '/links/:id',
    {
      schema: {
        tags: ['merchant'],
        description: 'Turns a payment link off, for good: `{ "active": false }`. Another merchant’s link is 404.',
        params: idParamsSchema,
        body: paymentLinkUpdateSchema,
        response: { 200: envelopeSchema(paymentLinkSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const merchant = await ownMerchant(app.db, currentUser(request).id);
      return send(
        reply,
        200,
        PAYMENT_LINK_TEXTS.deactivated,
        await deactivatePaymentLink(app.db, merchant, request.params.id),
      );
    },
  );

  app.get(
    '/payments',
    {
      schema: {
        tags: ['merchant'],
        description:
          "The merchant's payments of one Asia/Dhaka day (`day`, today by default), newest first: who paid, how (static, dynamic, link), the fee and what refunds gave back.",
        querystring: merchantPaymentsQuerySchema,
        response: { 200: pagedEnvelopeSchema(merchantPaymentSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const merchant = await ownMerchant(app.db, currentUser(request).id);
      return sendPage(reply, MERCHANT_PAYMENT_TEXTS.list, await listMerchantPayments(app.db, merchant, request.query));
    },
  );

  app.get(
    '/summary',
    {
      schema: {
        tags: ['merchant'],
        description:
          'One Asia/Dhaka day of the merchant (`day`, today by default): payments taken, their fees, refunds given and the fees they gave back, and the net.',
        querystring: merchantDayQuerySchema,
        response: { 200: envelopeSchema(merchantSummarySchema), ...errors.signedIn },
      },
    },
    async (request, reply) => {
      const merchant = await ownMerchant(app.db, currentUser(request).id);
      return send(
        reply,
        200,
        MERCHANT_PAYMENT_TEXTS.summary,
        await merchantSummary(app.db, merchant, request.query.day),
      );
    },
  );

  refundRoute(app);
};

/** The public page of a payment link (/pay/<code>) reads it here: anyone, limited per address. */
export const publicPaymentLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/links/:code',
    {
      preHandler: app.limit({ name: 'payment-links', max: app.config.rateLimits.paymentLinks, key: clientNetwork }),
      schema: {
        tags: ['merchant'],
        description:
          'A payment link as its public page shows it: the merchant as verified, the amount, and why it cannot be paid now (`closed`), if so. Limited per address.',
        params: paymentLinkParamsSchema,
        response: { 200: envelopeSchema(publicPaymentLinkSchema), ...errors.public, 404: errors.signedIn[404] },
      },
    },
    async (request, reply) =>
      send(reply, 200, PAYMENT_LINK_TEXTS.found, await publicPaymentLink(app.db, request.params.code)),
  );
};

/** A merchant as a payer's review shows it (GET /merchants/{id}): the names staff verified. */
export const merchantDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      preHandler: app.authorize('USER'),
      schema: {
        tags: ['merchant'],
        description:
          "A merchant's verified names, category and city, by the id its QR carries: what a payer reviews before the PIN. 404 MERCHANT_NOT_FOUND.",
        params: idParamsSchema,
        response: { 200: envelopeSchema(merchantProfileSchema), ...errors.signedIn },
      },
    },
    async (request, reply) => send(reply, 200, MERCHANT_TEXTS.found, await merchantById(app.db, request.params.id)),
  );
};
