import type { RouteObject } from '@wallet/shared/router';
import { Navigate } from '@wallet/shared/router';
import { lazyPage } from '@wallet/shared/ui/kit/lazy-page';
import './i18n';
import CashInPage from './pages/cash-in-page';

/**
 * Exposed as `./routes`: the host mounts these under /agent. The area's home page comes with
 * the routes (the host fetches them ahead for a signed-in agent, and the site preloads them with
 * the page); every other page is fetched when visited. Importing `./i18n` registers the area's
 * catalog, which the host waits for before it shows a page.
 */
export const routes: RouteObject[] = [
  { index: true, element: <Navigate to="cash-in" replace /> },
  { path: 'cash-in', element: <CashInPage /> },
  { path: 'history', element: lazyPage(() => import('./pages/history-page')) },
  { path: 'analytics', element: lazyPage(() => import('./pages/analytics-page')) },
  { path: 'limits', element: lazyPage(() => import('./pages/limits-page')) },
  { path: 'security', element: lazyPage(() => import('./pages/security-page')) },
  { path: '*', element: <Navigate to="cash-in" replace /> },
];
