import { useMemo } from 'react';
import { PROTECTED_AREAS, type AreaName } from '@wallet/shared/federation';
import { selectRole, useSession } from '@wallet/shared/session';
import { preloadToasts } from '@wallet/shared/toasts';
import { useAfterFirstScreen } from '../app/after-first-screen';
import { loadHeaderMenuList } from '../layout/header-menu';
import { useRemoteLoader } from './remote-loader';

/** The host's dashboard layout: fetched on entering any role's area, or ahead of it (below). */
export const loadDashboardLayout = () => import('../dashboard/dashboard-layout');

/** What any page may soon need and no first screen does: the header's menus and the toaster. */
function prefetchShellParts() {
  void loadHeaderMenuList().catch(() => undefined);
  preloadToasts();
}

/**
 * Once the first screen is up: the header's menus and the toaster, and, when the session says who
 * is signed in, that role's area (the dashboard layout and the area's routes). Opening a menu or
 * entering the area from the header then starts from what is already here. A failed fetch is
 * forgotten, so the visit itself tries again (and shows the area's fallback only if that fails too).
 */
export function usePrefetchAfterFirstScreen() {
  const role = useSession(selectRole);
  const loader = useRemoteLoader();
  useAfterFirstScreen(prefetchShellParts);
  const area = (Object.keys(PROTECTED_AREAS) as AreaName[]).find(
    (name) => PROTECTED_AREAS[name as keyof typeof PROTECTED_AREAS].role === role,
  );
  const prefetchArea = useMemo(
    () =>
      area &&
      (() => {
        void loadDashboardLayout().catch(() => undefined);
        loader.get(area, 'routes').catch(() => loader.retry(area));
      }),
    [area, loader],
  );
  useAfterFirstScreen(prefetchArea);
}
