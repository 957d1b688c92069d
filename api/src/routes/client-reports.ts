import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@wallet/shared/contracts';
import { clientReportSchema } from '@wallet/shared/contracts/releases';
import { z } from 'zod';
import { send } from '../lib/reply';
import { clientNetwork } from '../plugins/app/limits';
import { networkKey, readReportToken } from '../site/report-tokens';
import { errors } from './schemas';

/** 20 reports of an area, a version and a kind: well under this. */
const REPORT_BODY_BYTES = 4 * 1024;

/**
 * What the host reports of the releases a page runs (page views, uncaught errors, areas that did
 * not load), for each release's error rate: anyone's page may send them, so they are limited per
 * address and small, and they hold no personal data (an area, a version, a kind). Each body
 * carries its page's report token (site/report-tokens.ts): without a valid one, or for a release
 * the page was not given, reports are dropped and counted in wallet_client_reports_rejected_total.
 * Counted in this instance's memory and written in batches (site/release-stats.ts).
 */
export const clientReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/client-reports',
    {
      bodyLimit: REPORT_BODY_BYTES,
      preHandler: app.limit({ name: 'client-reports', max: app.config.rateLimits.clientReports, key: clientNetwork }),
      schema: {
        tags: ['releases'],
        body: clientReportSchema,
        response: { 202: envelopeSchema(z.null()), ...errors.public, 413: errors.money[413] },
      },
    },
    async (request, reply) => {
      const { token, reports } = request.body;
      const claims = token ? readReportToken(app.config.clientReportSecret!, token) : undefined;
      if (!claims) app.releaseCounter.reject('token', reports.length);
      else {
        // Only what this page was given counts: a release its bucket does not get is dropped.
        const given = reports.filter((report) => claims.releases[report.area] === report.release);
        app.releaseCounter.reject('release', reports.length - given.length);
        await app.releaseCounter.add(given, networkKey(app.config.clientReportSecret!, clientNetwork(request)));
      }
      return send(reply, 202, 'Reports received', null);
    },
  );
};
