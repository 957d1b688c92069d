import { http, HttpResponse } from 'msw';
import type { AdminUserRow, Transaction } from '@wallet/shared/contracts';
import { server } from './server';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function person(n: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    _id: uuid(n),
    name: `Person ${n}`,
    email: `person${n}@example.com`,
    role: 'USER',
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    wallet: { _id: uuid(1000 + n), balance: 50, isBlocked: false },
    ...overrides,
  };
}

export function transaction(n: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    _id: uuid(5000 + n),
    type: 'transfer',
    status: 'completed',
    balance: n,
    createdAt: '2025-01-01T00:00:00.000Z',
    sender: { _id: uuid(1), name: `Sender ${n}` },
    receiver: { _id: uuid(2), name: `Receiver ${n}` },
    ...overrides,
  };
}

const ok = (data: unknown, message = 'ok', meta?: object) =>
  HttpResponse.json({ success: true, statusCode: 200, message, data, ...(meta ? { meta } : {}) });
const fail = (status: number, message: string) =>
  HttpResponse.json({ success: false, statusCode: status, message }, { status });

function page<T>(rows: T[], url: URL) {
  const pageNo = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  return ok(rows.slice((pageNo - 1) * limit, pageNo * limit), 'ok', {
    page: pageNo,
    limit,
    total: rows.length,
    totalPages: Math.ceil(rows.length / limit),
  });
}

/**
 * The admin API in memory, answering as the real one does: paged lists with search, and the
 * PATCH actions changing the people they name (or refused with `refuse`). `hold` keeps every
 * answer back until the test releases it, so "Loading..." and "Processing..." can be seen;
 * `walletHold` does the same for GET /wallet/user/{id} alone.
 */
export function adminApi({ people = [] as AdminUserRow[], transactions = [] as Transaction[] } = {}) {
  const state = {
    people: [...people],
    queries: [] as string[],
    patches: [] as string[],
    refuse: null as null | { status: number; message: string },
    hold: null as null | Promise<void>,
    walletHold: null as null | Promise<void>,
  };
  const find = (id: string) => state.people.find((row) => row._id === id);
  const byWallet = (id: string) => state.people.find((row) => row.wallet?._id === id);
  const replace = (row: AdminUserRow, changes: Partial<AdminUserRow>) => {
    state.people = state.people.map((other) => (other._id === row._id ? { ...row, ...changes } : other));
  };
  const list =
    (role: 'USER' | 'AGENT') =>
    async ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      state.queries.push(`${url.pathname.replace(/^.*\/api\/v1/, '')}${url.search}`);
      await state.hold;
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      return page(
        state.people.filter((row) => row.role === role && `${row.name} ${row.email}`.toLowerCase().includes(search)),
        url,
      );
    };
  const patch =
    (apply: (id: string) => Response) =>
    async ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      state.patches.push(new URL(request.url).pathname.replace(/^.*\/api\/v1/, ''));
      await state.hold;
      if (state.refuse) return fail(state.refuse.status, state.refuse.message);
      return apply(String(params.id));
    };

  server.use(
    http.get('*/api/v1/admin/users', list('USER')),
    http.get('*/api/v1/admin/agents', list('AGENT')),
    http.get('*/api/v1/admin/transactions', async ({ request }) => {
      const url = new URL(request.url);
      state.queries.push(`/admin/transactions${url.search}`);
      await state.hold;
      return page(transactions, url);
    }),
    http.get('*/api/v1/wallet/user/:id', async ({ params }) => {
      await state.walletHold;
      const wallet = find(String(params.id))?.wallet;
      return wallet ? ok({ ...wallet, userId: params.id }) : fail(404, 'Wallet not found for this user');
    }),
    http.patch(
      '*/api/v1/admin/approve/:id',
      patch((id) => {
        const row = find(id);
        if (!row) return fail(404, 'User not found');
        replace(row, { role: 'AGENT' });
        return ok(null, 'User approved successfully');
      }),
    ),
    http.patch(
      '*/api/v1/admin/suspend/:id',
      patch((id) => {
        const row = find(id);
        if (!row) return fail(404, 'User not found');
        replace(row, { isActive: false });
        return ok(null, 'Agent suspended successfully');
      }),
    ),
    http.patch(
      '*/api/v1/admin/reactivate/:id',
      patch((id) => {
        const row = find(id);
        if (!row) return fail(404, 'User not found');
        replace(row, { isActive: true });
        return ok(null, 'Agent reactivated successfully');
      }),
    ),
    http.patch(
      '*/api/v1/admin/block/:id',
      patch((id) => {
        const row = byWallet(id);
        if (!row?.wallet) return fail(404, 'Wallet not found');
        replace(row, { wallet: { ...row.wallet, isBlocked: true } });
        return ok(null, 'Wallet blocked successfully');
      }),
    ),
    http.patch(
      '*/api/v1/admin/unblock/:id',
      patch((id) => {
        const row = byWallet(id);
        if (!row?.wallet) return fail(404, 'Wallet not found');
        replace(row, { wallet: { ...row.wallet, isBlocked: false } });
        return ok(null, 'Wallet unblocked successfully');
      }),
    ),
  );
  return state;
}

/** A promise the test resolves when it chooses: an answer held until then, without timers. */
export function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}
