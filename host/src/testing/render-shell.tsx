import type { RouteObject } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { AreaName, RoutesModule } from '@wallet/shared/federation';
import type { Role, User } from '@wallet/shared/contracts';
import { renderWithProviders } from '@wallet/shared/testing';
import { Shell } from '../app/app';
import { RemoteLoaderProvider } from '../federation/remote-loader';
import { server } from './server';

/** Stand-ins for the remotes: each area answers with a heading naming the page, as a remote would. */
const page = (text: string): RouteObject['element'] => <h1>{text}</h1>;
export const AREA_ROUTES: Record<AreaName, RouteObject[]> = {
  public: [
    { index: true, element: page('Public home') },
    { path: 'login', element: page('Login page') },
    { path: 'unauthorized', element: page('Unauthorized page') },
  ],
  user: [{ path: 'overview', element: page('User overview') }],
  agent: [{ path: 'cash-in', element: page('Agent cash-in') }],
  admin: [{ path: 'all-user', element: page('Admin all users') }],
};

export const loadFromAreaRoutes = async <T,>(area: AreaName) =>
  ({ routes: AREA_ROUTES[area] }) satisfies RoutesModule as T;

export function userWithRole(role: Role): User {
  return {
    _id: '0b7d4f1e-7c1a-4c39-9d7f-3b2f8f0b1a01',
    name: 'Rahim',
    email: 'rahim@example.com',
    role,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

/** GET /user/me as the API answers it: the user, or 401 for a visitor; GET /wallet/me with 50 Taka, none for an admin. */
export function meAnswers(user: User | null) {
  server.use(
    http.get('*/api/v1/user/me', () =>
      user
        ? HttpResponse.json({ success: true, statusCode: 200, message: 'User retrieved', data: user })
        : HttpResponse.json({ success: false, statusCode: 401, message: 'Please log in' }, { status: 401 }),
    ),
    http.get('*/api/v1/wallet/me', () =>
      user && user.role !== 'ADMIN'
        ? HttpResponse.json({ success: true, statusCode: 200, message: 'Wallet retrieved', data: walletOf(user, 50) })
        : HttpResponse.json({ success: false, statusCode: 404, message: 'You have no wallet' }, { status: 404 }),
    ),
  );
}

export function walletOf(user: User, balance: number, isBlocked = false) {
  return { _id: '5c1e7a52-2f4b-4c7e-8d0a-6b7f1e2d3c4b', userId: user._id, balance, isBlocked };
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
