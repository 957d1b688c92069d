import { http } from 'msw';
import {
  ADMIN_KYC_PATH,
  ADMIN_UNVERIFIED_PATH,
  ADMIN_VERIFY_PATH,
  KYC_ERRORS,
  KYC_TEXTS,
  adminKycQuerySchema,
  adminKycRowSchema,
  adminUserRowSchema,
  kycDecisionInputSchema,
  userSchema,
  type AdminKycRow,
  type AdminUserRow,
} from '@wallet/shared/contracts';
import { fail, ok, paged, validationFailed } from './envelopes';
import { adminUserRow, fixtureId } from './fixtures';
import { server } from './server';

type Params = Record<string, string | readonly string[] | undefined>;

/** Request `n` in the KYC queue: "Applicant n" asked on day n of May 2025 (later n, later request), still pending. */
export function kycRow(n: number, fields: Partial<AdminKycRow> = {}): AdminKycRow {
  return {
    _id: fixtureId(60_000 + n),
    status: 'pending',
    reason: null,
    requestedAt: `2025-05-${String(n).padStart(2, '0')}T09:00:00.000Z`,
    decidedAt: null,
    checked: [],
    person: {
      _id: fixtureId(61_000 + n),
      name: `Applicant ${n}`,
      email: `applicant${n}@example.com`,
      role: 'USER',
      held: 50,
    },
    ...fields,
  };
}

/** A person in the unverified list: "Person n", registered on day n of January 2025, email not verified. */
export const unverifiedRow = (n: number, fields: Partial<AdminUserRow> = {}) =>
  adminUserRow(n, {
    emailVerified: false,
    tier: 'UNVERIFIED',
    createdAt: `2025-01-${String(n).padStart(2, '0')}T08:00:00.000Z`,
    ...fields,
  });

/**
 * The admin's verification calls in memory, answering as the API does: the KYC queue by status
 * (pending oldest first, decided newest first), paged; a decision that needs a reason of 1 to
 * 500 characters and is refused with KYC_DECIDED once the request is decided; the people whose
 * email is not verified (oldest first), and verifying one by hand. `queries` and `decisions` are
 * what the screen asked and sent; `refuse` answers every PATCH with that refusal; `hold` keeps
 * every answer back until the test releases it.
 */
export function kycApi({ requests = [] as AdminKycRow[], unverified = [] as AdminUserRow[] } = {}) {
  const state = {
    requests: [...requests],
    unverified: [...unverified],
    queries: [] as string[],
    decisions: [] as { id: string; body: unknown }[],
    verified: [] as string[],
    refuse: null as null | { status: number; message: string; code?: string },
    hold: null as null | Promise<void>,
    now: '2025-06-01T12:00:00.000Z',
  };
  const record = (request: Request) => {
    const url = new URL(request.url);
    state.queries.push(`${url.pathname.replace(/^.*\/api\/v1/, '')}${url.search}`);
    return url;
  };
  const refusal = () => state.refuse && fail(state.refuse.status, state.refuse.message, undefined, state.refuse.code);

  const decide = async ({ request, params }: { request: Request; params: Params }) => {
    const id = String(params.id);
    const body: unknown = await request.json().catch(() => undefined);
    state.decisions.push({ id, body });
    await state.hold;
    const refused = refusal();
    if (refused) return refused;
    const input = kycDecisionInputSchema.safeParse(body);
    if (!input.success) return validationFailed(input.error);
    const current = state.requests.find((row) => row._id === id);
    if (!current) return fail(404, 'Request not found');
    if (current.status !== 'pending') {
      const { status, message } = KYC_ERRORS.KYC_DECIDED;
      return fail(status, message, undefined, 'KYC_DECIDED');
    }
    const approve = input.data.decision === 'approve';
    const decided: AdminKycRow = {
      ...current,
      status: approve ? 'approved' : 'rejected',
      reason: input.data.reason,
      decidedAt: state.now,
      checked: approve ? input.data.checked : [],
    };
    state.requests = state.requests.map((row) => (row._id === id ? decided : row));
    return ok(adminKycRowSchema, decided, { message: approve ? KYC_TEXTS.approved : KYC_TEXTS.rejected });
  };

  server.use(
    http.get(`*/api/v1${ADMIN_KYC_PATH}`, async ({ request }) => {
      const url = record(request);
      await state.hold;
      const { status } = adminKycQuerySchema.parse(Object.fromEntries(url.searchParams));
      const rows = state.requests
        .filter((row) => row.status === status)
        .sort((a, b) =>
          status === 'pending'
            ? a.requestedAt.localeCompare(b.requestedAt)
            : (b.decidedAt ?? '').localeCompare(a.decidedAt ?? ''),
        );
      return paged(adminKycRowSchema, rows, request, { message: KYC_TEXTS.queue });
    }),
    http.patch(`*/api/v1${ADMIN_KYC_PATH}/:id`, decide),
    http.get(`*/api/v1${ADMIN_UNVERIFIED_PATH}`, async ({ request }) => {
      record(request);
      await state.hold;
      const rows = [...state.unverified].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      return paged(adminUserRowSchema, rows, request, { message: KYC_TEXTS.unverified });
    }),
    http.patch(`*/api/v1${ADMIN_VERIFY_PATH}/:id`, async ({ params }) => {
      const id = String(params.id);
      state.verified.push(id);
      await state.hold;
      const refused = refusal();
      if (refused) return refused;
      const person = state.unverified.find((row) => row._id === id);
      if (!person) return fail(409, 'This email is already verified');
      state.unverified = state.unverified.filter((row) => row._id !== id);
      const { wallet: _wallet, ...user } = person;
      return ok(
        userSchema,
        { ...user, emailVerified: true, tier: 'EMAIL_VERIFIED' },
        { message: 'Email verified successfully' },
      );
    }),
  );
  return state;
}
