import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@wallet/shared/router';
import type { Role } from '@wallet/shared/contracts';
import type { AreaRequirement } from '@wallet/shared/federation';
import { useSession } from '@wallet/shared/session';
import { PageLoading } from '@wallet/shared/ui/kit/lazy-page';

/**
 * Spec §4: no session goes to /login (which comes back here once signed in), another role, or a
 * person without what the area asks beyond it (a merchant profile), to /unauthorized. With no
 * `role`, anyone signed in may enter (the host's own pages: /notifications). The API enforces the rest.
 */
export function RequireRole({
  role,
  requires,
  children,
}: {
  role?: Role;
  requires?: AreaRequirement;
  children: ReactNode;
}) {
  const status = useSession((state) => state.status);
  const userRole = useSession((state) => state.user?.role);
  const isMerchant = useSession((state) => Boolean(state.user?.merchant));
  const { pathname, search } = useLocation();
  if (status === 'loading') return <PageLoading />;
  if (status === 'signed-out') {
    // The spec's address, /login as it is; the way back rides in the history entry's state.
    return <Navigate to="/login" replace state={{ next: `${pathname}${search}` }} />;
  }
  if ((role && userRole !== role) || (requires === 'merchant' && !isMerchant))
    return <Navigate to="/unauthorized" replace />;
  return children;
}
