import type { StaffRoute } from '@wallet/shared/contracts';
import type { SidebarGroup, SidebarItem } from '@wallet/shared/federation';
import { icon } from '@wallet/shared/ui/kit/icons';
// Registers the catalog holding the titles' ids, which the host translates.
import type { AdminMessage } from './i18n';
import './i18n';

/** Material Symbols paths (Apache-2.0), drawn by the shared icon factory. */
const PeopleIcon = icon(
  'M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5s-3 1.34-3 3 1.34 3 3 3m-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5 5 6.34 5 8s1.34 3 3 3m0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5m8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5',
  'PeopleIcon',
);
const StoreIcon = icon('M20 4H4v2h16zm1 10v-2l-1-5H4l-1 5v2h1v6h10v-6h4v6h2v-6zm-9 4H6v-4h6z', 'StoreIcon');
const ReceiptIcon = icon(
  'M19.5 3.5 18 2l-1.5 1.5L15 2l-1.5 1.5L12 2l-1.5 1.5L9 2 7.5 3.5 6 2 4.5 3.5 3 2v20l1.5-1.5L6 22l1.5-1.5L9 22l1.5-1.5L12 22l1.5-1.5L15 22l1.5-1.5L18 22l1.5-1.5L21 22V2zM19 19.09H5V4.91h14zM6 15h12v2H6zm0-4h12v2H6zm0-4h12v2H6z',
  'ReceiptIcon',
);
const AuditLogIcon = icon(
  'M13 3c-4.97 0-9 4.03-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42C8.27 19.99 10.51 21 13 21c4.97 0 9-4.03 9-9s-4.03-9-9-9m-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8z',
  'AuditLogIcon',
);
const ReleasesIcon = icon(
  'm23 12-2.44-2.78.34-3.68-3.61-.82-1.89-3.18L12 3 8.6 1.54 6.71 4.72l-3.61.81.34 3.68L1 12l2.44 2.78-.34 3.69 3.61.82 1.89 3.18L12 21l3.4 1.46 1.89-3.18 3.61-.82-.34-3.68L23 12zm-10 5h-2v-2h2v2zm0-4h-2V7h2v6z',
  'ReleasesIcon',
);
const VerifiedUserIcon = icon(
  'M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5zm-2 16-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9z',
  'VerifiedUserIcon',
);
const LimitsIcon = icon(
  'M3 17v2h6v-2H3zM3 5v2h10V5H3zm10 16v-2h8v-2h-8v-2h-2v6h2zM7 9v2H3v2h4v2h2V9H7zm14 4v-2H11v2h10zm-6-4h2V7h4V5h-4V3h-2v6z',
  'LimitsIcon',
);

const FeesIcon = icon(
  'M11.8 10.9c-2.27-.59-3-1.2-3-2.15 0-1.09 1.01-1.85 2.7-1.85 1.78 0 2.44.85 2.5 2.1h2.21c-.07-1.72-1.12-3.3-3.21-3.81V3h-3v2.16c-1.94.42-3.5 1.68-3.5 3.61 0 2.31 1.91 3.46 4.7 4.13 2.5.6 3 1.48 3 2.41 0 .69-.49 1.79-2.7 1.79-2.06 0-2.87-.92-2.98-2.1h-2.2c.12 2.19 1.76 3.42 3.68 3.83V21h3v-2.15c1.95-.37 3.5-1.5 3.5-3.55 0-2.84-2.43-3.81-4.7-4.4',
  'FeesIcon',
);

const ApprovalsIcon = icon(
  'M18 7l-1.41-1.41-6.34 6.34 1.41 1.41L18 7zm4.24-1.41L11.66 16.17 7.48 12l-1.41 1.41L11.66 19l12-12-1.42-1.41zM.41 13.41 6 19l1.41-1.41L1.83 12 .41 13.41z',
  'ApprovalsIcon',
);

const DisputesIcon = icon(
  'M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2m-7 12h-2v-2h2zm0-4h-2V6h2z',
  'DisputesIcon',
);

const StaffIcon = icon(
  'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4',
  'StaffIcon',
);

const SecurityIcon = icon(
  'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2m-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m3.1-9H8.9V6c0-1.71 1.39-3.1 3.1-3.1s3.1 1.39 3.1 3.1z',
  'SecurityIcon',
);

/** A sidebar group whose titles are ids of the admin catalog (a mistyped id fails the typecheck). */
interface AdminMenuGroup extends SidebarGroup {
  title: AdminMessage;
  /** An item without a staff route is every staff member's own (their Security page). */
  items: (SidebarItem & { title: AdminMessage; staffRoute?: StaffRoute })[];
}

/** Exposed as `./menu`: the admin's sidebar in the host's dashboard layout, its titles message ids. */
export const menu: AdminMenuGroup[] = [
  {
    title: 'admin.menu.admin',
    items: [
      { title: 'admin.menu.allUsers', url: '/admin/all-user', icon: PeopleIcon, staffRoute: 'GET /api/v1/admin/users' },
      {
        title: 'admin.menu.allAgents',
        url: '/admin/all-agent',
        icon: StoreIcon,
        staffRoute: 'GET /api/v1/admin/agents',
      },
      {
        title: 'admin.menu.allTransactions',
        url: '/admin/all-transaction',
        icon: ReceiptIcon,
        staffRoute: 'GET /api/v1/admin/transactions',
      },
      {
        title: 'admin.menu.auditLog',
        url: '/admin/audit-log',
        icon: AuditLogIcon,
        staffRoute: 'GET /api/v1/admin/audit-log',
      },
      { title: 'admin.menu.releases', url: '/admin/releases', icon: ReleasesIcon, staffRoute: 'GET /api/v1/releases' },
      {
        title: 'admin.menu.verification',
        url: '/admin/verification',
        icon: VerifiedUserIcon,
        staffRoute: 'GET /api/v1/admin/kyc',
      },
      { title: 'admin.menu.limits', url: '/admin/limits', icon: LimitsIcon, staffRoute: 'GET /api/v1/admin/limits' },
      { title: 'admin.menu.fees', url: '/admin/fees', icon: FeesIcon, staffRoute: 'GET /api/v1/admin/fees' },
      {
        title: 'admin.menu.approvals',
        url: '/admin/approvals',
        icon: ApprovalsIcon,
        staffRoute: 'GET /api/v1/admin/approvals',
      },
      {
        title: 'admin.menu.disputes',
        url: '/admin/disputes',
        icon: DisputesIcon,
        staffRoute: 'GET /api/v1/admin/disputes',
      },
      { title: 'admin.menu.staff', url: '/admin/staff', icon: StaffIcon, staffRoute: 'GET /api/v1/admin/staff' },
      { title: 'admin.menu.security', url: '/admin/security', icon: SecurityIcon },
    ],
  },
];
