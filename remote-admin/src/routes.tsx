import type { RouteObject } from '@wallet/shared/router';
import { lazyPage } from '@wallet/shared/ui/kit/lazy-page';
import AllUserPage from './pages/all-user-page';
import { FirstAllowedPage, ForRoute } from './features/staff/staff-access';
import { SecondFactorGate } from './features/security/second-factor-gate';
// The area's catalog, registered with the routes: the host shows them once it is ready.
import './i18n';

/**
 * Exposed as `./routes`: the host mounts these at `/admin`. The area's home page comes with
 * the routes (the host fetches them ahead for a signed-in admin, and the site preloads them with
 * the page); every other page is fetched when visited.
 */
export const routes: RouteObject[] = [
  {
    // A staff session the password alone opened shows how to complete it, and nothing else.
    element: <SecondFactorGate />,
    children: [
      { index: true, element: <FirstAllowedPage /> },
      {
        path: 'all-user',
        element: (
          <ForRoute route="GET /api/v1/admin/users">
            <AllUserPage />
          </ForRoute>
        ),
      },
      {
        path: 'all-agent',
        element: (
          <ForRoute route="GET /api/v1/admin/agents">{lazyPage(() => import('./pages/all-agent-page'))}</ForRoute>
        ),
      },
      {
        path: 'all-transaction',
        element: (
          <ForRoute route="GET /api/v1/admin/transactions">
            {lazyPage(() => import('./pages/all-transaction-page'))}
          </ForRoute>
        ),
      },
      {
        path: 'audit-log',
        element: (
          <ForRoute route="GET /api/v1/admin/audit-log">{lazyPage(() => import('./pages/audit-log-page'))}</ForRoute>
        ),
      },
      {
        path: 'releases',
        element: <ForRoute route="GET /api/v1/releases">{lazyPage(() => import('./pages/releases-page'))}</ForRoute>,
      },
      {
        path: 'verification',
        element: (
          <ForRoute route="GET /api/v1/admin/kyc">{lazyPage(() => import('./pages/verification-page'))}</ForRoute>
        ),
      },
      {
        path: 'limits',
        element: <ForRoute route="GET /api/v1/admin/limits">{lazyPage(() => import('./pages/limits-page'))}</ForRoute>,
      },
      {
        path: 'fees',
        element: <ForRoute route="GET /api/v1/admin/fees">{lazyPage(() => import('./pages/fees-page'))}</ForRoute>,
      },
      {
        path: 'approvals',
        element: (
          <ForRoute route="GET /api/v1/admin/approvals">{lazyPage(() => import('./pages/approvals-page'))}</ForRoute>
        ),
      },
      {
        path: 'disputes',
        element: (
          <ForRoute route="GET /api/v1/admin/disputes">{lazyPage(() => import('./pages/disputes-page'))}</ForRoute>
        ),
      },
      {
        path: 'staff',
        element: <ForRoute route="GET /api/v1/admin/staff">{lazyPage(() => import('./pages/staff-page'))}</ForRoute>,
      },
      // Every staff member's own passkeys and sessions.
      { path: 'security', element: lazyPage(() => import('./pages/security-page')) },
      { path: '*', element: <FirstAllowedPage /> },
    ],
  },
];
