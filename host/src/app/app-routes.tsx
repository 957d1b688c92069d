import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PROTECTED_AREAS } from '@wallet/shared/federation';
import { PageLoading } from '@wallet/shared/ui/lazy-page';
import { RemoteArea } from '../federation/remote-area';
import { RequireRole } from '../guard/require-role';
import { SiteLayout } from '../layout/site-layout';

/** Fetched on the first visit to a role's area: the public pages never pay for the sidebar. */
const DashboardLayout = lazy(() => import('../dashboard/dashboard-layout').then((module) => ({ default: module.DashboardLayout })));

/** Each role's area behind the guard; every other path belongs to the public remote. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {Object.entries(PROTECTED_AREAS).map(([area, { basePath, role }]) => (
          <Route
            key={area}
            path={`${basePath}/*`}
            element={
              <RequireRole role={role}>
                <Suspense fallback={<PageLoading />}>
                  <DashboardLayout area={area as keyof typeof PROTECTED_AREAS}>
                    <RemoteArea key={area} area={area as keyof typeof PROTECTED_AREAS} />
                  </DashboardLayout>
                </Suspense>
              </RequireRole>
            }
          />
        ))}
        <Route path="*" element={<RemoteArea area="public" />} />
      </Route>
    </Routes>
  );
}
