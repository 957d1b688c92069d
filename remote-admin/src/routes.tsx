import type { RouteObject } from '@wallet/shared/router';
import { Navigate } from '@wallet/shared/router';
import { lazyPage } from '@wallet/shared/ui/kit/lazy-page';
import AllUserPage from './pages/all-user-page';
// The area's catalog, registered with the routes: the host shows them once it is ready.
import './i18n';

/**
 * Exposed as `./routes`: the host mounts these at `/admin`. The area's home page comes with
 * the routes (the host fetches them ahead for a signed-in admin, and the site preloads them with
 * the page); every other page is fetched when visited.
 */
export const routes: RouteObject[] = [
  { index: true, element: <Navigate to="all-user" replace /> },
  { path: 'all-user', element: <AllUserPage /> },
  { path: 'all-agent', element: lazyPage(() => import('./pages/all-agent-page')) },
  { path: 'all-transaction', element: lazyPage(() => import('./pages/all-transaction-page')) },
  { path: 'audit-log', element: lazyPage(() => import('./pages/audit-log-page')) },
  { path: 'releases', element: lazyPage(() => import('./pages/releases-page')) },
  { path: 'verification', element: lazyPage(() => import('./pages/verification-page')) },
  { path: 'limits', element: lazyPage(() => import('./pages/limits-page')) },
  { path: 'fees', element: lazyPage(() => import('./pages/fees-page')) },
  { path: 'disputes', element: lazyPage(() => import('./pages/disputes-page')) },
  { path: '*', element: <Navigate to="all-user" replace /> },
];
