import { useMemo } from 'react';
import { selectRole, useSession } from '@wallet/shared/session';
import { preloadToasts } from '@wallet/shared/toasts';
import { useAfterFirstScreen } from '../app/after-first-screen';
import { loadHeaderMenuList } from '../layout/header-menu';
import { loadNotificationPanel } from '../notifications/notification-bell';
import { useRemoteLoader } from './remote-loader';
import { homeAreaOf } from './runtime-areas';

/** The host's dashboard layout: fetched on entering any role's area, or ahead of it (below). */
export const loadDashboardLayout = () => import('../dashboard/dashboard-layout');

/** What any page may soon need and no first screen does: the header's menus and the toaster. */
function prefetchShellParts() {
  void loadHeaderMenuList().catch(() => undefined);
  preloadToasts();
}

/**
 * Once the first screen is up: the header's menus and the toaster, and, when the session says who
 * is signed in, that role's area (the dashboard layout and the area's routes) and the bell's
 * panel. Opening a menu or the bell, or entering the area from the header, then starts from what is
 * already here. A failed fetch is
 * forgotten, so the visit itself tries again (and shows the area's fallback only if that fails too).
 */
export function usePrefetchAfterFirstScreen() {
  const role = useSession(selectRole);
  const loader = useRemoteLoader();
  useAfterFirstScreen(prefetchShellParts);
  const area = homeAreaOf(role)?.[0];
  const prefetchArea = useMemo(
    () =>
      area
        ? () => {
            void loadDashboardLayout().catch(() => undefined);
            void loadNotificationPanel().catch(() => undefined);
            loader.get(area, 'routes').catch(() => loader.retry(area));
          }
        : undefined,
    [area, loader],
  );
  useAfterFirstScreen(prefetchArea);
}
