import { lazy, Suspense } from 'react';
import { Route, Routes } from '@wallet/shared/router';
import { ErrorBoundary } from 'react-error-boundary';
import { PROTECTED_AREAS } from '@wallet/shared/federation';
import { PageLoading } from '@wallet/shared/ui/kit/lazy-page';
import { loadDashboardLayout } from '../federation/prefetch-area';
import { RemoteArea } from '../federation/remote-area';
import { UnavailableNotice } from '../federation/unavailable-notice';
import { RequireRole } from '../guard/require-role';
import { SiteLayout } from '../layout/site-layout';
import { useT } from '../i18n';

/** Fetched on the first visit to a role's area: the public pages never pay for the sidebar. */
const DashboardLayout = lazy(() => loadDashboardLayout().then((module) => ({ default: module.DashboardLayout })));

/** A layout chunk that failed to download stays failed for this page (React.lazy caches it): offer a reload. */
function DashboardUnavailable() {
  const t = useT();
  return (
    <UnavailableNotice actionLabel={t('host.unavailable.reload')} onAction={() => window.location.reload()}>
      {t('host.unavailable.dashboard')}
    </UnavailableNotice>
  );
}

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
                <ErrorBoundary
                  FallbackComponent={DashboardUnavailable}
                  onError={(error) => console.error('[dashboard] the layout failed to load', error)}
                >
                  <Suspense fallback={<PageLoading />}>
                    <DashboardLayout area={area as keyof typeof PROTECTED_AREAS}>
                      <RemoteArea key={area} area={area as keyof typeof PROTECTED_AREAS} />
                    </DashboardLayout>
                  </Suspense>
                </ErrorBoundary>
              </RequireRole>
            }
          />
        ))}
        <Route path="*" element={<RemoteArea area="public" />} />
      </Route>
    </Routes>
  );
}
