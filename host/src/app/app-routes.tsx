import { lazy, Suspense } from 'react';
import { Route, Routes } from '@wallet/shared/router';
import { ErrorBoundary } from 'react-error-boundary';
import { PageLoading } from '@wallet/shared/ui/kit/lazy-page';
import { loadDashboardLayout } from '../federation/prefetch-area';
import { RemoteArea } from '../federation/remote-area';
import { runtimeAreas } from '../federation/runtime-areas';
import { UnavailableNotice } from '../federation/unavailable-notice';
import { RequireRole } from '../guard/require-role';
import { SiteLayout } from '../layout/site-layout';
import { NOTIFICATIONS_PAGE } from '../notifications/page-path';
import { useT, type HostMessage } from '../i18n';

/** Fetched on the first visit to a role's area: the public pages never pay for the sidebar. */
const DashboardLayout = lazy(() => loadDashboardLayout().then((module) => ({ default: module.DashboardLayout })));
/** The host's own page, fetched when visited. */
const NotificationsPage = lazy(() => import('../notifications/page/notifications-page'));

/** A chunk that failed to download stays failed for this page (React.lazy caches it): offer a reload. */
function ChunkUnavailable({ message }: { message: HostMessage }) {
  const t = useT();
  return (
    <UnavailableNotice actionLabel={t('host.unavailable.reload')} onAction={() => window.location.reload()}>
      {t(message)}
    </UnavailableNotice>
  );
}

/**
 * Each role area the runtime config lists, behind its guard; the host's own Notifications page,
 * for anyone signed in; every other path belongs to the public remote. The list comes with the
 * page, so an area released later is mounted on the next load, without a host build.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {runtimeAreas().map(([area, { basePath, role, requires }]) => (
          <Route
            key={area}
            path={`${basePath}/*`}
            element={
              <RequireRole role={role} requires={requires}>
                <ErrorBoundary
                  fallback={<ChunkUnavailable message="host.unavailable.dashboard" />}
                  onError={(error) => console.error('[dashboard] the layout failed to load', error)}
                >
                  <Suspense fallback={<PageLoading />}>
                    <DashboardLayout area={area}>
                      <RemoteArea key={area} area={area} />
                    </DashboardLayout>
                  </Suspense>
                </ErrorBoundary>
              </RequireRole>
            }
          />
        ))}
        <Route
          path={NOTIFICATIONS_PAGE}
          element={
            <RequireRole>
              <ErrorBoundary
                fallback={<ChunkUnavailable message="host.unavailable.page" />}
                onError={(error) => console.error('[notifications] the page failed to load', error)}
              >
                <Suspense fallback={<PageLoading />}>
                  <NotificationsPage />
                </Suspense>
              </ErrorBoundary>
            </RequireRole>
          }
        />
        <Route path="*" element={<RemoteArea area="public" />} />
      </Route>
    </Routes>
  );
}
