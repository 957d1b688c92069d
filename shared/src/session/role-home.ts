import type { Role } from '@wallet/shared/contracts';

/** Where each role's area starts and how its header link reads (spec §2). */
export const ROLE_HOME: Record<Role, { path: string; label: string }> = {
  USER: { path: '/user/overview', label: 'User-Dashboard' },
  AGENT: { path: '/agent/cash-in', label: 'Agent-Dashboard' },
  ADMIN: { path: '/admin/all-user', label: 'Admin-Dashboard' },
};
