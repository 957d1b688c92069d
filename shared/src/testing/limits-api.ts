import { http } from 'msw';
import {
  ADMIN_LIMITS_PATH,
  DEFAULT_MAX_TRANSACTION_TAKA,
  LIMITED_MOVEMENTS,
  LIMITS_ERRORS,
  LIMITS_TEXTS,
  LIMIT_HOLDERS,
  VALIDATION_FAILED,
  limitSide,
  limitsParamsSchema,
  limitsTableSchema,
  limitsUpdateInputSchema,
  type ErrorBody,
  type LimitChange,
  type LimitHolder,
  type LimitsTable,
  type MovementLimits,
  type MovementType,
} from '@wallet/shared/contracts';
import { fail, ok } from './envelopes';
import { server } from './server';

const NO_LIMITS: MovementLimits = {
  minAmount: null,
  maxAmount: null,
  dailyAmount: null,
  dailyCount: null,
  monthlyAmount: null,
  monthlyCount: null,
};

/** Per transaction, day and month, in Taka: `[max, daily, monthly]`, as the migrations seed them (null: none). */
const SEEDED: {
  [H in LimitHolder]: { movements: Partial<Record<MovementType, (number | null)[]>>; maxBalance: number };
} = {
  UNVERIFIED: { movements: { deposit: [5_000, 5_000, 10_000] }, maxBalance: 10_000 },
  EMAIL_VERIFIED: {
    movements: {
      deposit: [25_000, 25_000, 150_000],
      transfer: [25_000, 25_000, 150_000],
      'cash-out': [15_000, 15_000, 100_000],
      'cash-in': [25_000, 25_000, 150_000],
      payment: [25_000, 25_000, 150_000],
    },
    maxBalance: 250_000,
  },
  KYC_APPROVED: {
    movements: {
      deposit: [50_000, 50_000, 300_000],
      transfer: [50_000, 50_000, 300_000],
      'cash-out': [30_000, 30_000, 200_000],
      'cash-in': [50_000, 50_000, 300_000],
      payment: [50_000, 50_000, 300_000],
    },
    maxBalance: 500_000,
  },
  AGENT: { movements: { 'cash-in': [50_000, 1_000_000, 20_000_000] }, maxBalance: 5_000_000 },
  MERCHANT: { movements: { payment: [null, 500_000, 5_000_000] }, maxBalance: 5_000_000 },
};

/** The limits table as a fresh database holds it (api/drizzle/0012_limits.sql, api/src/ledger/sql/payment_defaults.sql), holder by holder. */
export function seededLimits(updatedAt = '2025-06-01T00:00:00.000Z'): LimitsTable {
  return LIMIT_HOLDERS.map((holder) => ({
    holder,
    movements: LIMITED_MOVEMENTS[holder].map((type) => {
      const [maxAmount = null, dailyAmount = null, monthlyAmount = null] = SEEDED[holder].movements[type] ?? [];
      return { type, side: limitSide(holder, type), ...NO_LIMITS, maxAmount, dailyAmount, monthlyAmount };
    }),
    maxBalance: SEEDED[holder].maxBalance,
    updatedAt,
  }));
}

const invalid = (path: string, message: string) => fail(400, `${path} ${message}`, undefined, VALIDATION_FAILED);

/**
 * The admin's limits calls in memory, answering as the API does: the table, and PUT of one row
 * (a movement's six figures, or the balance's maxBalance; a figure left out is "no limit"), checked
 * with the contract's schema (a 400 VALIDATION_FAILED naming each field), refused for a movement
 * the holder has no limits on, and a minimum or maximum above `maxTransaction` refused as the API
 * refuses it (its message only, no `errors`). `updates` is what the screen sent, `changes` what
 * the audit log would record; `refuse` answers every PUT with that error; `hold` keeps every
 * answer back until the test releases it.
 */
export function limitsApi({ table = seededLimits() as LimitsTable } = {}) {
  const state = {
    table: structuredClone(table),
    queries: [] as string[],
    updates: [] as { holder: string; scope: string; body: unknown }[],
    changes: [] as LimitChange[],
    refuse: null as null | { status: number; message: string; code?: string; errors?: ErrorBody['errors'] },
    failLoad: false,
    hold: null as null | Promise<void>,
    maxTransaction: DEFAULT_MAX_TRANSACTION_TAKA,
    now: '2025-06-02T12:00:00.000Z',
  };

  const update = async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
    const body: unknown = await request.json().catch(() => undefined);
    state.updates.push({ holder: String(params.holder), scope: String(params.scope), body });
    await state.hold;
    if (state.refuse) {
      const { status, message, code, errors } = state.refuse;
      return fail(status, message, errors, code);
    }
    const where = limitsParamsSchema.safeParse(params);
    if (!where.success) return fail(400, 'Invalid path', undefined, VALIDATION_FAILED);
    const input = limitsUpdateInputSchema.safeParse(body);
    if (!input.success) {
      const errors = input.error.issues.map((issue) => {
        const path = issue.path.join('.');
        return { path, message: `${path} ${issue.message}` };
      });
      return fail(400, errors[0]!.message, errors, VALIDATION_FAILED);
    }
    const { holder, scope } = where.data;
    const figures = input.data;
    const entry = state.table.find((row) => row.holder === holder)!;
    let before: LimitChange['before'];
    let after: LimitChange['after'];
    if (scope === 'balance') {
      const extra = Object.keys(figures).find((key) => key !== 'maxBalance');
      if (extra) return invalid(extra, 'does not apply to a maximum balance');
      before = { maxBalance: entry.maxBalance };
      after = { maxBalance: figures.maxBalance ?? null };
      entry.maxBalance = after.maxBalance ?? null;
    } else {
      const movement = entry.movements.find((row) => row.type === scope);
      if (!movement) {
        const { status, message } = LIMITS_ERRORS.LIMITS_NOT_APPLICABLE;
        return fail(status, message, undefined, 'LIMITS_NOT_APPLICABLE');
      }
      if (figures.maxBalance !== undefined) return invalid('maxBalance', 'applies to the balance row only');
      for (const field of ['minAmount', 'maxAmount'] as const) {
        const value = figures[field];
        if (value != null && value > state.maxTransaction) {
          return invalid(field, `must be at most ${state.maxTransaction} (MAX_TRANSACTION_AMOUNT)`);
        }
      }
      const { type: _type, side: _side, ...current } = movement;
      before = current;
      after = Object.fromEntries(
        Object.keys(NO_LIMITS).map((field) => [field, figures[field as keyof MovementLimits] ?? null]),
      ) as MovementLimits;
      Object.assign(movement, after);
    }
    entry.updatedAt = state.now;
    state.changes.push({ holder, scope, before, after });
    return ok(limitsTableSchema.element, entry, { message: LIMITS_TEXTS.updated });
  };

  server.use(
    http.get(`*/api/v1${ADMIN_LIMITS_PATH}`, async ({ request }) => {
      const url = new URL(request.url);
      state.queries.push(`${url.pathname.replace(/^.*\/api\/v1/, '')}${url.search}`);
      await state.hold;
      if (state.failLoad) return fail(500, 'Something went wrong on our side. Please try again.');
      return ok(limitsTableSchema, state.table, { message: 'Limits retrieved' });
    }),
    http.put(`*/api/v1${ADMIN_LIMITS_PATH}/:holder/:scope`, update),
  );
  return state;
}
