import { Route, Routes } from 'react-router';
import { PROTECTED_AREAS } from '@wallet/shared/federation';
import { DashboardLayout } from '../dashboard/dashboard-layout';
import { RemoteArea } from '../federation/remote-area';
import { RequireRole } from '../guard/require-role';
import { SiteLayout } from '../layout/site-layout';

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
                <DashboardLayout area={area as keyof typeof PROTECTED_AREAS}>
                  <RemoteArea key={area} area={area as keyof typeof PROTECTED_AREAS} />
                </DashboardLayout>
              </RequireRole>
            }
          />
        ))}
        <Route path="*" element={<RemoteArea area="public" />} />
      </Route>
    </Routes>
  );
}
