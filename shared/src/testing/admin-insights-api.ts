import { http } from 'msw';
import {
  adminAnalyticsQuerySchema,
  adminAnalyticsSchema,
  adminListSchema,
  auditQuerySchema,
  auditRowSchema,
  type AdminAnalytics,
  type AuditAction,
  type AuditRow,
  type LimitChange,
} from '@wallet/shared/contracts';
import { fixtureId } from './fixtures';
import { fail, ok, paged } from './envelopes';
import { server } from './server';

type Person = NonNullable<AuditRow['admin']>;

/** Admin `n`, as the audit log and GET /admin/admins name them. */
export const auditAdmin = (n: number): Person => ({
  _id: fixtureId(700 + n),
  name: `Admin ${n}`,
  email: `admin${n}@example.com`,
});

/** What a limit_change row records unless a test says otherwise: Email verified's daily send limit raised. */
const SEND_LIMITS = {
  minAmount: null,
  maxAmount: 25_000,
  dailyCount: null,
  monthlyAmount: 150_000,
  monthlyCount: null,
};
const DAILY_SEND_RAISED: LimitChange = {
  holder: 'EMAIL_VERIFIED',
  scope: 'transfer',
  before: { ...SEND_LIMITS, dailyAmount: 25_000 },
  after: { ...SEND_LIMITS, dailyAmount: 30_000 },
};

/**
 * Audit row `n`: `admin` did `action` to "Target n" on day n of March 2025 (later n, newer row).
 * A limit_change has no target: it records `change` (by default, DAILY_SEND_RAISED) instead.
 */
export function auditRow(n: number, action: AuditAction = 'approve', admin: Person | null = auditAdmin(1)): AuditRow {
  const wallet = action === 'block' || action === 'unblock';
  const limits = action === 'limit_change';
  return {
    _id: fixtureId(8000 + n),
    action,
    admin,
    target: limits
      ? null
      : {
          _id: fixtureId(900 + n),
          name: `Target ${n}`,
          email: `target${n}@example.com`,
          walletId: wallet ? fixtureId(1900 + n) : null,
        },
    reason: null,
    change: limits ? DAILY_SEND_RAISED : null,
    transactionId: null,
    createdAt: `2025-03-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  };
}

/**
 * The admin's audit log, admins list and analytics in memory, answering as the API does: the log
 * newest first, filtered by `action` and `adminId`, paged; analytics for the `days` asked. Every
 * query is recorded; `hold` keeps the answers back until the test releases it.
 */
export function adminInsightsApi({
  audit = [] as AuditRow[],
  admins = [auditAdmin(1), auditAdmin(2)],
  analytics = { days: [] } as AdminAnalytics,
} = {}) {
  const state = { queries: [] as string[], hold: null as null | Promise<void>, refuse: false };
  const record = (request: Request) => {
    const url = new URL(request.url);
    state.queries.push(`${url.pathname.replace(/^.*\/api\/v1/, '')}${url.search}`);
    return url;
  };

  server.use(
    http.get('*/api/v1/admin/audit-log', async ({ request }) => {
      const url = record(request);
      await state.hold;
      if (state.refuse) return fail(500, 'Internal Server Error');
      const query = auditQuerySchema.parse(Object.fromEntries(url.searchParams));
      const rows = audit
        .filter((row) => (query.action ? row.action === query.action : true))
        .filter((row) => (query.adminId ? row.admin?._id === query.adminId : true))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return paged(auditRowSchema, rows, request, { message: 'Audit log retrieved' });
    }),
    http.get('*/api/v1/admin/admins', async ({ request }) => {
      record(request);
      await state.hold;
      return ok(adminListSchema, admins, { message: 'Admins retrieved' });
    }),
    http.get('*/api/v1/admin/analytics', async ({ request }) => {
      const url = record(request);
      await state.hold;
      if (state.refuse) return fail(500, 'Internal Server Error');
      adminAnalyticsQuerySchema.parse(Object.fromEntries(url.searchParams));
      return ok(adminAnalyticsSchema, analytics, { message: 'Analytics retrieved' });
    }),
  );
  return state;
}
