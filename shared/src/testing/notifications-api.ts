import { http, HttpResponse } from 'msw';
import {
  markReadInputSchema,
  markReadResultSchema,
  NOTIFICATION_TEXTS,
  notificationPageSchema,
  paginationQuerySchema,
  type MarkReadInput,
  type Notification,
} from '@wallet/shared/contracts';
import { ok } from './envelopes';
import { fixtureId } from './fixtures';
import { server } from './server';

/** Notification `n`: 500 Taka received from Karim, unread, `n` minutes past 10:00 on 1 March 2025. */
export function notification(n: number, fields: Partial<Notification> = {}): Notification {
  return {
    _id: fixtureId(900 + n),
    kind: 'money_received',
    amount: 500,
    transactionId: fixtureId(5000 + n),
    requestId: null,
    counterpart: 'Karim',
    createdAt: new Date(Date.UTC(2025, 2, 1, 10, n)).toISOString(),
    readAt: null,
    ...fields,
  };
}

/**
 * The person's notifications in memory (`rows`, newest first), answering as the API does: a page
 * (by position, or the rows after `after`'s: an id no longer there is an empty page) with the
 * unread count in its meta, and POST /notifications/read marking some or all of them. A test may
 * change `rows` (a new one arrives); `marks` holds what each POST asked for, `asked` each list's query.
 */
export function notificationsApi(rows: Notification[] = []) {
  const state = { rows, marks: [] as MarkReadInput[], asked: [] as URLSearchParams[] };
  const unread = () => state.rows.filter((row) => row.readAt === null).length;
  server.use(
    http.get('*/api/v1/notifications', ({ request }) => {
      const query = new URL(request.url).searchParams;
      state.asked.push(query);
      const { page, limit, after } = paginationQuerySchema.parse(Object.fromEntries(query));
      const cursor = after === undefined ? -1 : state.rows.findIndex((row) => row._id === after);
      const start = after === undefined ? (page - 1) * limit : cursor < 0 ? state.rows.length : cursor + 1;
      const total = state.rows.length;
      const meta = { page, limit, total, totalPages: Math.ceil(total / limit), hasNext: start + limit < total };
      return HttpResponse.json(
        notificationPageSchema.parse({
          success: true,
          statusCode: 200,
          message: NOTIFICATION_TEXTS.list,
          data: state.rows.slice(start, start + limit),
          meta: { ...meta, unread: unread() },
        }),
      );
    }),
    http.post('*/api/v1/notifications/read', async ({ request }) => {
      const input = markReadInputSchema.parse(await request.json());
      state.marks.push(input);
      const now = new Date().toISOString();
      const marking = (row: Notification) => row.readAt === null && ('all' in input || input.ids.includes(row._id));
      const marked = state.rows.filter(marking).length;
      state.rows = state.rows.map((row) => (marking(row) ? { ...row, readAt: now } : row));
      return ok(markReadResultSchema, { marked, unread: unread() }, { message: NOTIFICATION_TEXTS.read });
    }),
  );
  return state;
}
