import { http } from 'msw';
import {
  ADMIN_DISPUTES_PATH,
  DISPUTE_ERRORS,
  DISPUTE_TEXTS,
  adminDisputeQuerySchema,
  disputeDecisionInputSchema,
  disputeRowSchema,
  type DisputeRow,
} from '@wallet/shared/contracts';
import { fail, ok, paged, validationFailed } from './envelopes';
import { fixtureId, transaction } from './fixtures';
import { server } from './server';

/**
 * Report `n`: "Sender n" reported their transfer of n Taka to "Receiver n" (transaction n) on day
 * n of May 2025 at 09:00 UTC (later n, later report), still open.
 */
export function disputeRow(n: number, fields: Partial<DisputeRow> = {}): DisputeRow {
  const _id = fixtureId(70_000 + n);
  const reported = transaction(n, { createdAt: `2025-05-${String(n).padStart(2, '0')}T08:00:00.000Z` });
  return {
    _id,
    transactionId: reported._id,
    status: 'open',
    reason: `Wrong number ${n}`,
    decision: null,
    reversalId: null,
    reportedAt: `2025-05-${String(n).padStart(2, '0')}T09:00:00.000Z`,
    decidedAt: null,
    transaction: { ...reported, dispute: { _id, status: 'open', decision: null } },
    ...fields,
  };
}

/**
 * The admin's dispute calls in memory, answering as the API does: the queue by status (open
 * oldest first, decided newest first), paged; a decision that needs a reason of 1 to 500
 * characters and is refused with DISPUTE_DECIDED once decided. `decisions` is what the screen
 * sent; `refuse` answers every PATCH with that refusal; `now` is the time of a decision.
 */
export function disputesApi({ reports = [] as DisputeRow[] } = {}) {
  const state = {
    reports: [...reports],
    decisions: [] as { id: string; body: unknown }[],
    refuse: null as null | { status: number; message: string; code: string },
    now: '2025-06-01T12:00:00.000Z',
  };
  server.use(
    http.get(`*/api/v1${ADMIN_DISPUTES_PATH}`, ({ request }) => {
      const { status } = adminDisputeQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      const rows = state.reports
        .filter((row) => row.status === status)
        .sort((a, b) =>
          status === 'open'
            ? a.reportedAt.localeCompare(b.reportedAt)
            : (b.decidedAt ?? '').localeCompare(a.decidedAt ?? ''),
        );
      return paged(disputeRowSchema, rows, request, { message: DISPUTE_TEXTS.queue });
    }),
    http.patch(`*/api/v1${ADMIN_DISPUTES_PATH}/:id`, async ({ request, params }) => {
      const id = String(params.id);
      const body: unknown = await request.json().catch(() => undefined);
      state.decisions.push({ id, body });
      if (state.refuse) return fail(state.refuse.status, state.refuse.message, undefined, state.refuse.code);
      const input = disputeDecisionInputSchema.safeParse(body);
      if (!input.success) return validationFailed(input.error);
      const current = state.reports.find((row) => row._id === id);
      if (!current) return fail(404, DISPUTE_ERRORS.DISPUTE_NOT_FOUND.message, undefined, 'DISPUTE_NOT_FOUND');
      if (current.status !== 'open') {
        return fail(409, DISPUTE_ERRORS.DISPUTE_DECIDED.message, undefined, 'DISPUTE_DECIDED');
      }
      const reversed = input.data.decision === 'reverse';
      const status = reversed ? 'reversed' : 'rejected';
      const reversalId = reversed ? fixtureId(80_000 + state.decisions.length) : null;
      const decided: DisputeRow = {
        ...current,
        status,
        decision: input.data.reason,
        reversalId,
        decidedAt: state.now,
        transaction: {
          ...current.transaction,
          reversedBy: reversalId,
          dispute: { _id: id, status, decision: input.data.reason },
        },
      };
      state.reports = state.reports.map((row) => (row._id === id ? decided : row));
      return ok(disputeRowSchema, decided, { message: reversed ? DISPUTE_TEXTS.reversed : DISPUTE_TEXTS.rejected });
    }),
  );
  return state;
}
