import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  historyQuerySchema,
  pagedEnvelopeSchema,
  statementQuerySchema,
  transactionSchema,
} from '@wallet/shared/contracts';
import { sendPage } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { csvStatement, openStatement } from '../ledger/statement';
import { pdfStatement } from '../ledger/statement-pdf';
import { pageLanguage } from '../plugins/app/language';
import { listForUser } from '../ledger/transactions';
import { errors } from './schemas';
import { freshRead, freshStream } from '../lib/reads';

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const perPerson = (name: string, max: number) => app.limit({ name, max, key: (request) => currentUser(request).id });
  const searchLimit = perPerson('history-search', app.config.rateLimits.historySearch);
  app.get(
    '/me',
    {
      // A search by name reads far more than a page: only those count towards a limit.
      preHandler: [
        app.authorize(),
        async (request, reply) => {
          if ((request.query as { q?: string }).q) await searchLimit(request, reply);
        },
      ],
      schema: {
        tags: ['transaction'],
        querystring: historyQuerySchema,
        response: { 200: pagedEnvelopeSchema(transactionSchema), ...errors.signedIn },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        'Transactions retrieved',
        await freshRead(app, (db) => listForUser(db, currentUser(request).id, request.query)),
      ),
  );

  app.get(
    '/me/statement',
    {
      preHandler: [app.authorize('USER', 'AGENT'), perPerson('statement', app.config.rateLimits.statement)],
      schema: {
        tags: ['transaction'],
        description:
          'The wallet statement for whole UTC days from..to (at most 366), streamed as an attachment: CSV ' +
          "(text/csv, English, for a spreadsheet), or PDF (application/pdf, in the request's language: the " +
          'wallet_lang cookie, else Accept-Language), to print.',
        querystring: statementQuerySchema,
        response: errors.signedIn,
      },
    },
    async (request, reply) => {
      const statement = await freshStream(app, reply.raw, (db) =>
        openStatement(db, currentUser(request), request.query),
      );
      const { format, from, to } = request.query;
      const bytes =
        format === 'pdf'
          ? pdfStatement(statement, pageLanguage(request), app.config.mail.siteUrl)
          : csvStatement(statement);
      return reply
        .header('content-type', format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${from}-${to}.${format}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(bytes, { highWaterMark: 1 }) as never); // piped as is, one batch read ahead at most
    },
  );
};
