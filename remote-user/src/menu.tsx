import type { SidebarGroup } from '@wallet/shared/federation';
import {
  AnalyticsIcon,
  DepositIcon,
  HistoryIcon,
  LimitsIcon,
  SecurityIcon,
  OverviewIcon,
  TransferIcon,
  WithdrawIcon,
} from './icons';

/** Exposed as `./menu`: the host's dashboard sidebar draws it. */
export const menu: SidebarGroup[] = [
  {
    title: 'Wallet',
    items: [
      { title: 'Overview', url: '/user/overview', icon: OverviewIcon },
      { title: 'Deposit', url: '/user/deposit', icon: DepositIcon },
      { title: 'Withdraw', url: '/user/withdraw', icon: WithdrawIcon },
      { title: 'Transfer', url: '/user/transfer', icon: TransferIcon },
      { title: 'History', url: '/user/history', icon: HistoryIcon },
      { title: 'Analytics', url: '/user/analytics', icon: AnalyticsIcon },
      { title: 'Limits', url: '/user/limits', icon: LimitsIcon },
      { title: 'Security', url: '/user/security', icon: SecurityIcon },
    ],
  },
];
