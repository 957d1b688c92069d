import type { ComponentType, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { staffMayUse, type StaffRoute } from '@wallet/shared/contracts';
import { Navigate } from '@wallet/shared/router';
import { selectStaffRoles, useSession } from '@wallet/shared/session';
import { useT } from '../../i18n';
import { menu } from '../../menu';

/**
 * Whether the signed-in member's roles may use an API route (its line of STAFF_ROUTE_ROLES): a
 * screen shows only what they may do. The API enforces it whatever a screen shows.
 */
export function useMay(route: StaffRoute) {
  const roles = useSession(selectStaffRoles);
  return staffMayUse(roles, route);
}

/** A page whose data is `route`: a member whose roles do not open it is told so, nothing is asked. */
export function ForRoute({ route, children }: { route: StaffRoute; children: ReactNode }) {
  const t = useT();
  if (!useMay(route)) return <Alert severity="info">{t('admin.noAccess')}</Alert>;
  return children;
}

/** The area's home: the first screen of the menu the member's roles open. */
export function FirstAllowedPage() {
  const roles = useSession(selectStaffRoles);
  const first = menu
    .flatMap((group) => group.items)
    .find((item) => item.staffRoute && staffMayUse(roles, item.staffRoute));
  // Their own Security page is every member's.
  return <Navigate to={first?.url ?? '/admin/security'} replace />;
}

/** `Component` shown only to a member whose roles may use `route` (a row's action, an Edit). */
export function shownFor<Props extends object>(route: StaffRoute, Component: ComponentType<Props>) {
  function Shown(props: Props) {
    return useMay(route) ? <Component {...props} /> : null;
  }
  Shown.displayName = `ShownFor(${Component.displayName ?? Component.name})`;
  return Shown;
}
