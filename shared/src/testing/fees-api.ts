import { http } from 'msw';
import {
  commissionFloatSchema,
  feeScheduleSchema,
  FLOAT_TEXTS,
  floatFundingInputSchema,
  FEES_TEXTS,
  feeUpdateInputSchema,
  VALIDATION_FAILED,
  type FeeType,
} from '@wallet/shared/contracts';
import { fail, ok } from './envelopes';
import { seededFees } from './seeded-fees';
import { server } from './server';

/**
 * The admin's fee schedule calls in memory, answering as the API does: GET /admin/fees, and PUT of
 * one row checked with the contract's schema (a 400 VALIDATION_FAILED naming each field). `updates`
 * is what the screen sent; `hold` keeps every PUT's answer back until the test releases it.
 */
export function feesApi() {
  const state = {
    schedule: seededFees(),
    /** The commission float and fee revenue (Taka), and each funding the screen sent. */
    float: { balance: 0, feeRevenue: 120 },
    fundings: [] as unknown[],
    updates: [] as { type: string; body: unknown }[],
    hold: null as null | Promise<void>,
  };
  server.use(
    http.get('*/api/v1/admin/fees', () => ok(feeScheduleSchema, state.schedule, { message: 'Fees retrieved' })),
    http.get('*/api/v1/admin/commission-float', () =>
      ok(commissionFloatSchema, state.float, { message: FLOAT_TEXTS.retrieved }),
    ),
    // Applied at once, as with SECOND_APPROVAL=optional; fee revenue funds only what it holds.
    http.post('*/api/v1/admin/commission-float', async ({ request }) => {
      const body: unknown = await request.json().catch(() => undefined);
      state.fundings.push(body);
      const input = floatFundingInputSchema.safeParse(body);
      if (!input.success) return fail(400, 'Invalid funding', [], VALIDATION_FAILED);
      const { amount, source } = input.data;
      if (source === 'fee_revenue' && amount > state.float.feeRevenue) {
        return fail(
          409,
          `Fee revenue holds only ${state.float.feeRevenue} Taka: fund the rest by a deposit`,
          [],
          'REVENUE_SHORT',
        );
      }
      state.float = {
        balance: state.float.balance + amount,
        feeRevenue: source === 'fee_revenue' ? state.float.feeRevenue - amount : state.float.feeRevenue,
      };
      return ok(commissionFloatSchema, state.float, { message: FLOAT_TEXTS.funded });
    }),
    http.put('*/api/v1/admin/fees/:type', async ({ request, params }) => {
      const body: unknown = await request.json().catch(() => undefined);
      state.updates.push({ type: String(params.type), body });
      await state.hold;
      const input = feeUpdateInputSchema.safeParse(body);
      if (!input.success) {
        const errors = input.error.issues.map((issue) => {
          const path = issue.path.join('.');
          return { path, message: `${path} ${issue.message}` };
        });
        return fail(400, errors[0]!.message, errors, VALIDATION_FAILED);
      }
      const row = { type: params.type as FeeType, ...input.data, updatedAt: '2025-06-02T12:00:00.000Z' };
      state.schedule = state.schedule.map((entry) => (entry.type === row.type ? row : entry));
      return ok(feeScheduleSchema.element, row, { message: FEES_TEXTS.updated });
    }),
  );
  return state;
}
