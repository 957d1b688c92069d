/** Every screen of each signed-in role's area, in its sidebar's order (spec §2-§6 and the screens added since). */
export const AREA_SCREENS = {
  user: [
    '/user/overview',
    '/user/deposit',
    '/user/withdraw',
    '/user/transfer',
    '/user/request-money',
    '/user/history',
    '/user/analytics',
    '/user/limits',
    '/user/security',
  ],
  agent: ['/agent/cash-in', '/agent/history', '/agent/analytics', '/agent/limits', '/agent/security'],
  admin: [
    '/admin/all-user',
    '/admin/all-agent',
    '/admin/all-transaction',
    '/admin/audit-log',
    '/admin/releases',
    '/admin/verification',
    '/admin/limits',
    '/admin/fees',
    '/admin/approvals',
    '/admin/disputes',
  ],
} as const;
