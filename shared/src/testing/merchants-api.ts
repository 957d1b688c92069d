import { http } from 'msw';
import {
  adminMerchantApplicationSchema,
  MERCHANT_TEXTS,
  type AdminMerchantApplication,
  type MerchantDecisionInput,
} from '@wallet/shared/contracts';
import { ok, paged } from './envelopes';
import { server } from './server';

/**
 * Compliance's merchant applications in memory, answering as the API does: GET
 * /admin/merchant-applications by status, and PATCH of one waiting application (it leaves the
 * queue, decided). `decisions` is what the screen sent.
 */
export function merchantApplicationsApi(applications: AdminMerchantApplication[]) {
  const state = { applications, decisions: [] as MerchantDecisionInput[] };
  server.use(
    http.get('*/api/v1/admin/merchant-applications', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? 'pending';
      return paged(
        adminMerchantApplicationSchema,
        state.applications.filter((row) => row.status === status),
        request,
        { message: MERCHANT_TEXTS.queue },
      );
    }),
    http.patch('*/api/v1/admin/merchant-applications/:id', async ({ request, params }) => {
      const body = (await request.json()) as MerchantDecisionInput;
      state.decisions.push(body);
      const decided = {
        ...state.applications.find((row) => row._id === params.id)!,
        status: body.decision === 'approve' ? ('approved' as const) : ('rejected' as const),
        reason: body.reason,
        decidedAt: '2026-11-21T10:00:00.000Z',
      };
      state.applications = state.applications.map((row) => (row._id === decided._id ? decided : row));
      return ok(adminMerchantApplicationSchema, decided, {
        message: body.decision === 'approve' ? MERCHANT_TEXTS.approved : MERCHANT_TEXTS.rejected,
      });
    }),
  );
  return state;
}
