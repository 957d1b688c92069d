import type { RouteObject } from '@wallet/shared/router';
import { http } from 'msw';
import type { AreaName, RoutesModule } from '@wallet/shared/federation';
import { userSchema, walletSchema, type User } from '@wallet/shared/contracts';
import { fail, notificationsApi, ok, renderWithProviders, server, walletOf } from '@wallet/shared/testing';
import { Shell } from '../app/app';
import { RemoteLoaderProvider } from '../federation/remote-loader';
import './all-areas';

/** Stand-ins for the remotes: each area answers with a heading naming the page, as a remote would. */
const page = (text: string): RouteObject['element'] => <h1>{text}</h1>;
export const AREA_ROUTES = {
  public: [
    { index: true, element: page('Public home') },
    { path: 'login', element: page('Login page') },
    { path: 'unauthorized', element: page('Unauthorized page') },
    { path: '*', element: page('Public page not found') },
  ],
  user: [{ path: 'overview', element: page('User overview') }],
  agent: [{ path: 'cash-in', element: page('Agent cash-in') }],
  admin: [{ path: 'all-user', element: page('Admin all users') }],
  merchant: [{ path: 'overview', element: page('Shop overview') }],
} satisfies Record<AreaName, RouteObject[]>;

export const loadFromAreaRoutes = async <T,>(area: AreaName) =>
  ({ routes: AREA_ROUTES[area as keyof typeof AREA_ROUTES] }) satisfies RoutesModule as T;

/**
 * GET /user/me as the API answers it: the user, or 401 for a visitor; GET /wallet/me with 50 Taka,
 * none for an admin; no notifications yet (the header's bell asks), unless the test gives some.
 */
export function meAnswers(user: User | null) {
  notificationsApi([]);
  server.use(
    http.get('*/api/v1/user/me', () =>
      user ? ok(userSchema, user, { message: 'User retrieved' }) : fail(401, 'Please log in'),
    ),
    http.get('*/api/v1/wallet/me', () =>
      user && user.role !== 'ADMIN'
        ? ok(walletSchema, walletOf(user, { balance: 50 }), { message: 'Wallet retrieved' })
        : fail(404, 'You have no wallet'),
    ),
  );
}

export function renderShell({
  route = '/',
  load = loadFromAreaRoutes,
}: { route?: string; load?: <T>(area: AreaName, expose: string) => Promise<T> } = {}) {
  return renderWithProviders(
    <RemoteLoaderProvider load={load}>
      <Shell />
    </RemoteLoaderProvider>,
    { route },
  );
}
