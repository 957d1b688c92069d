import type { RouteObject } from '@wallet/shared/router';
import { Navigate } from '@wallet/shared/router';
import { lazyPage } from '@wallet/shared/ui/kit/lazy-page';
import './i18n';
import OverviewPage from './pages/overview-page';

/**
 * Exposed as `./routes`: the host mounts these under /merchant. The area's home page comes with
 * the routes (the host fetches them ahead for a signed-in merchant, and the site preloads them
 * with the page); every other page is fetched when visited. Importing `./i18n` registers the
 * area's catalog, which the host waits for before it shows a page.
 */
export const routes: RouteObject[] = [
  { index: true, element: <Navigate to="overview" replace /> },
  { path: 'overview', element: <OverviewPage /> },
  { path: 'qr', element: lazyPage(() => import('./pages/qr-page')) },
  { path: 'links', element: lazyPage(() => import('./pages/links-page')) },
  { path: 'history', element: lazyPage(() => import('./pages/history-page')) },
  { path: 'analytics', element: lazyPage(() => import('./pages/analytics-page')) },
  { path: '*', element: <Navigate to="overview" replace /> },
];
