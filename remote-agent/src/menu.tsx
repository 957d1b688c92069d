import type { SidebarGroup } from '@wallet/shared/federation';
import type { AgentMessage } from './i18n';
import './i18n';
import { AnalyticsIcon, CashInIcon, HistoryIcon, LimitsIcon, SecurityIcon } from './icons';

/**
 * Exposed as `./menu`: the host's dashboard sidebar draws it. Its titles are message ids of the
 * area's catalog, which the host translates; importing `./i18n` registers that catalog, which the
 * host waits for before it draws them.
 */
export const menu: SidebarGroup[] = [
  {
    title: 'agent.menu.agent' satisfies AgentMessage,
    items: [
      { title: 'agent.menu.cashIn' satisfies AgentMessage, url: '/agent/cash-in', icon: CashInIcon },
      { title: 'agent.menu.history' satisfies AgentMessage, url: '/agent/history', icon: HistoryIcon },
      { title: 'agent.menu.analytics' satisfies AgentMessage, url: '/agent/analytics', icon: AnalyticsIcon },
      { title: 'agent.menu.limits' satisfies AgentMessage, url: '/agent/limits', icon: LimitsIcon },
      { title: 'agent.menu.security' satisfies AgentMessage, url: '/agent/security', icon: SecurityIcon },
    ],
  },
];
