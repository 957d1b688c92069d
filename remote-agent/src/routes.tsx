import type { RouteObject } from '@wallet/shared/router';
import { Navigate } from '@wallet/shared/router';
import { lazyPage } from '@wallet/shared/ui/lazy-page';

/** Exposed as `./routes`: the host mounts these under /agent. */
export const routes: RouteObject[] = [
  { index: true, element: <Navigate to="cash-in" replace /> },
  { path: 'cash-in', element: lazyPage(() => import('./pages/cash-in-page')) },
  { path: 'history', element: lazyPage(() => import('./pages/history-page')) },
  { path: 'analytics', element: lazyPage(() => import('./pages/analytics-page')) },
  { path: '*', element: <Navigate to="cash-in" replace /> },
];
