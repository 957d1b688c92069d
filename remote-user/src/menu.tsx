import type { SidebarGroup } from '@wallet/shared/federation';
import type { UserMessage } from './i18n';
import './i18n';
import {
  AnalyticsIcon,
  DepositIcon,
  HistoryIcon,
  LimitsIcon,
  SecurityIcon,
  OverviewIcon,
  PayIcon,
  RequestMoneyIcon,
  TransferIcon,
  WithdrawIcon,
} from './icons';

/**
 * Exposed as `./menu`: the host's dashboard sidebar draws it. Its titles are message ids of the
 * area's catalog, which the host translates; importing `./i18n` registers that catalog, which the
 * host waits for before it draws them.
 */
export const menu: SidebarGroup[] = [
  {
    title: 'user.menu.wallet' satisfies UserMessage,
    items: [
      { title: 'user.menu.overview' satisfies UserMessage, url: '/user/overview', icon: OverviewIcon },
      { title: 'user.menu.deposit' satisfies UserMessage, url: '/user/deposit', icon: DepositIcon },
      { title: 'user.menu.withdraw' satisfies UserMessage, url: '/user/withdraw', icon: WithdrawIcon },
      { title: 'user.menu.transfer' satisfies UserMessage, url: '/user/transfer', icon: TransferIcon },
      { title: 'user.menu.requests' satisfies UserMessage, url: '/user/request-money', icon: RequestMoneyIcon },
      { title: 'user.menu.pay' satisfies UserMessage, url: '/user/pay', icon: PayIcon },
      { title: 'user.menu.history' satisfies UserMessage, url: '/user/history', icon: HistoryIcon },
      { title: 'user.menu.analytics' satisfies UserMessage, url: '/user/analytics', icon: AnalyticsIcon },
      { title: 'user.menu.limits' satisfies UserMessage, url: '/user/limits', icon: LimitsIcon },
      { title: 'user.menu.security' satisfies UserMessage, url: '/user/security', icon: SecurityIcon },
    ],
  },
];
