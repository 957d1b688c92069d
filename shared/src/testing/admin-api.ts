import { http } from 'msw';
import {
  adminUserRowSchema,
  transactionSchema,
  userSchema,
  walletSchema,
  type AdminUserRow,
  type Transaction,
} from '@wallet/shared/contracts';
import { fail, ok, paged } from './envelopes';
import { server } from './server';

type Params = Record<string, string | readonly string[] | undefined>;

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
  const apiPath = (url: URL) => url.pathname.replace(/^.*\/api\/v1/, '');
  const recordQuery = (request: Request) => {
    const url = new URL(request.url);
    state.queries.push(`${apiPath(url)}${url.search}`);
    return url;
  };
  const find = (id: string) => state.people.find((row) => row._id === id);
  const byWallet = (id: string) => state.people.find((row) => row.wallet?._id === id);
  const replace = (row: AdminUserRow, changes: Partial<AdminUserRow>) => {
    const changed = { ...row, ...changes };
    state.people = state.people.map((other) => (other._id === row._id ? changed : other));
    return changed;
  };

  const list =
    (role: 'USER' | 'AGENT') =>
    async ({ request }: { request: Request }) => {
      const url = recordQuery(request);
      await state.hold;
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const found = state.people.filter(
        (row) => row.role === role && `${row.name} ${row.email}`.toLowerCase().includes(search),
      );
      return paged(adminUserRowSchema, found, request, {
        message: role === 'USER' ? 'Users retrieved' : 'Agents retrieved',
      });
    };

  /** PATCH /admin/{action}/{userId}: applies `changes` to that person and answers with them. */
  const personAction =
    (message: string, changes: Partial<AdminUserRow>) =>
    async ({ request, params }: { request: Request; params: Params }) => {
      state.patches.push(apiPath(new URL(request.url)));
      await state.hold;
      if (state.refuse) return fail(state.refuse.status, state.refuse.message);
      const row = find(String(params.id));
      return row ? ok(userSchema, replace(row, changes), { message }) : fail(404, 'User not found');
    };

  /** PATCH /admin/{block|unblock}/{walletId}: answers with the wallet as it now is. */
  const walletAction =
    (message: string, isBlocked: boolean) =>
    async ({ request, params }: { request: Request; params: Params }) => {
      state.patches.push(apiPath(new URL(request.url)));
      await state.hold;
      if (state.refuse) return fail(state.refuse.status, state.refuse.message);
      const row = byWallet(String(params.id));
      if (!row?.wallet) return fail(404, 'Wallet not found');
      const { wallet } = replace(row, { wallet: { ...row.wallet, isBlocked } });
      return ok(walletSchema, { available: wallet!.balance, held: 0, ...wallet!, userId: row._id }, { message });
    };

  server.use(
    http.get('*/api/v1/admin/users', list('USER')),
    http.get('*/api/v1/admin/agents', list('AGENT')),
    http.get('*/api/v1/admin/transactions', async ({ request }) => {
      recordQuery(request);
      await state.hold;
      return paged(transactionSchema, transactions, request, { message: 'Transactions retrieved' });
    }),
    http.get('*/api/v1/wallet/user/:id', async ({ params }) => {
      await state.walletHold;
      const wallet = find(String(params.id))?.wallet;
      return wallet
        ? ok(
            walletSchema,
            { available: wallet.balance, held: 0, ...wallet, userId: String(params.id) },
            { message: 'Wallet retrieved' },
          )
        : fail(404, 'Wallet not found for this user');
    }),
    http.patch('*/api/v1/admin/approve/:id', personAction('User approved successfully', { role: 'AGENT' })),
    http.patch('*/api/v1/admin/suspend/:id', personAction('Agent suspended successfully', { isActive: false })),
    http.patch('*/api/v1/admin/reactivate/:id', personAction('Agent reactivated successfully', { isActive: true })),
    http.patch('*/api/v1/admin/pin-unlock/:id', personAction('PIN unlocked', { pinLockedUntil: null })),
    http.patch('*/api/v1/admin/block/:id', walletAction('Wallet blocked successfully', true)),
    http.patch('*/api/v1/admin/unblock/:id', walletAction('Wallet unblocked successfully', false)),
  );
  return state;
}

export { adminInsightsApi, auditAdmin, auditRow } from './admin-insights-api';
