import type { ReactNode } from 'react';
import { Navigate } from '@wallet/shared/router';
import type { Role } from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';
import { PageLoading } from '@wallet/shared/ui/kit/lazy-page';

/** Spec §4: no session goes to /login, another role to /unauthorized. The API enforces the rest. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const status = useSession((state) => state.status);
  const userRole = useSession((state) => state.user?.role);
  if (status === 'loading') return <PageLoading />;
  if (status === 'signed-out') return <Navigate to="/login" replace />;
  if (userRole !== role) return <Navigate to="/unauthorized" replace />;
  return children;
}
