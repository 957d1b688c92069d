import { http, HttpResponse } from 'msw';
import {
  analyticsSchema,
  overviewSchema,
  transactionSchema,
  type Analytics,
  type Overview,
  type Transaction,
} from '@wallet/shared/contracts';
import { ok, paged } from './envelopes';
import { server } from './server';

/** An overview of a wallet holding `balance`, with nothing moved this month unless `fields` say so. */
export function overview(balance: number, fields: Partial<Overview> = {}): Overview {
  return { balance, month: { month: '2025-03', moneyIn: 0, moneyOut: 0 }, latest: [], ...fields };
}

/** GET /analytics/me/overview answering `overview`. */
export function overviewAnswer(overview: Overview) {
  server.use(
    http.get('*/api/v1/analytics/me/overview', () => ok(overviewSchema, overview, { message: 'Overview retrieved' })),
  );
}

/** GET /analytics/me answering `analytics`. */
export function analyticsAnswer(analytics: Analytics) {
  server.use(
    http.get('*/api/v1/analytics/me', () => ok(analyticsSchema, analytics, { message: 'Analytics retrieved' })),
  );
}

/**
 * GET /transaction/me filtered as the API filters it (type, from and to as UTC days included, q in
 * either party's name), then paged; records every query for the test to compare.
 */
export function historyAnswer(all: Transaction[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/transaction/me', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const [type, from, to, q] = ['type', 'from', 'to', 'q'].map((name) => query.get(name));
      const found = all.filter(
        (row) =>
          (!type || row.type === type) &&
          (!from || row.createdAt.slice(0, 10) >= from) &&
          (!to || row.createdAt.slice(0, 10) <= to) &&
          (!q || [row.sender?.name, row.receiver?.name].some((name) => name?.toLowerCase().includes(q.toLowerCase()))),
      );
      return paged(transactionSchema, found, request, { message: 'Transactions retrieved' });
    }),
  );
  return queries;
}

/** GET /transaction/me/statement answering `csv` (or a PDF's first bytes) as an attachment; records every query. */
export function statementAnswer(csv = 'date,type,amount\n') {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/transaction/me/statement', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const pdf = query.get('format') === 'pdf';
      return new HttpResponse(pdf ? '%PDF-1.3\n' : csv, {
        headers: {
          'Content-Type': pdf ? 'application/pdf' : 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="statement-${query.get('from')}-${query.get('to')}.${pdf ? 'pdf' : 'csv'}"`,
        },
      });
    }),
  );
  return queries;
}
