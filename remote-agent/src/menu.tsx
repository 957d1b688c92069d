import type { SidebarGroup } from '@wallet/shared/federation';
import { AnalyticsIcon, CashInIcon, HistoryIcon, LimitsIcon, SecurityIcon } from './icons';

/** Exposed as `./menu`: the host's dashboard sidebar draws it. */
export const menu: SidebarGroup[] = [
  {
    title: 'Agent',
    items: [
      { title: 'Cash In', url: '/agent/cash-in', icon: CashInIcon },
      { title: 'History', url: '/agent/history', icon: HistoryIcon },
      { title: 'Analytics', url: '/agent/analytics', icon: AnalyticsIcon },
      { title: 'Limits', url: '/agent/limits', icon: LimitsIcon },
      { title: 'Security', url: '/agent/security', icon: SecurityIcon },
    ],
  },
];
