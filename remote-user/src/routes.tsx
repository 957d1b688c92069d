import type { RouteObject } from '@wallet/shared/router';
import { Navigate } from '@wallet/shared/router';
import { lazyPage } from '@wallet/shared/ui/kit/lazy-page';
import './i18n';
import { UserAreaLayout } from './layout/user-area-layout';
import OverviewPage from './pages/overview-page';

/**
 * Exposed as `./routes`: the host mounts these under /user. The area's home page comes with
 * the routes (the host fetches them ahead for a signed-in user, and the site preloads them with
 * the page); every other page is fetched when visited. Every page sits in `UserAreaLayout`,
 * which puts the email verification banner above it while the person's email is unverified.
 * Importing `./i18n` registers the area's catalog, which the host waits for before it shows a page.
 */
export const routes: RouteObject[] = [
  {
    element: <UserAreaLayout />,
    children: [
      { index: true, element: <Navigate to="overview" replace /> },
      { path: 'overview', element: <OverviewPage /> },
      { path: 'deposit', element: lazyPage(() => import('./pages/deposit-page')) },
      { path: 'withdraw', element: lazyPage(() => import('./pages/withdraw-page')) },
      { path: 'transfer', element: lazyPage(() => import('./pages/transfer-page')) },
      { path: 'request-money', element: lazyPage(() => import('./pages/request-money-page')) },
      { path: 'pay', element: lazyPage(() => import('./pages/pay-page')) },
      { path: 'history', element: lazyPage(() => import('./pages/history-page')) },
      { path: 'analytics', element: lazyPage(() => import('./pages/analytics-page')) },
      { path: 'limits', element: lazyPage(() => import('./pages/limits-page')) },
      { path: 'security', element: lazyPage(() => import('./pages/security-page')) },
      { path: '*', element: <Navigate to="overview" replace /> },
    ],
  },
];
