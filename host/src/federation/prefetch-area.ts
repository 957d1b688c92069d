import { useEffect } from 'react';
import { PROTECTED_AREAS, type AreaName } from '@wallet/shared/federation';
import { selectRole, useSession } from '@wallet/shared/session';
import { whenIdle } from '../app/when-idle';
import { useRemoteLoader } from './remote-loader';

/** The host's dashboard layout: fetched on entering any role's area, or ahead of it (below). */
export const loadDashboardLayout = () => import('../dashboard/dashboard-layout');

/**
 * Once the first screen is up and the session says who is signed in, fetch that role's area
 * (the dashboard layout and the area's routes) while the browser is idle: entering it from the
 * header then starts from what is already here. A failed fetch is forgotten, so the visit itself
 * tries again (and shows the area's fallback only if that fails too).
 */
export function usePrefetchRoleArea() {
  const role = useSession(selectRole);
  const loader = useRemoteLoader();
  useEffect(() => {
    const area = (Object.keys(PROTECTED_AREAS) as AreaName[]).find(
      (name) => PROTECTED_AREAS[name as keyof typeof PROTECTED_AREAS].role === role,
    );
    if (!area) return undefined;
    return whenIdle(() => {
      void loadDashboardLayout().catch(() => undefined);
      loader.get(area, 'routes').catch(() => loader.retry(area));
    });
  }, [role, loader]);
}
