import type { SidebarGroup } from '@wallet/shared/federation';
import type { MerchantMessage } from './i18n';
import './i18n';
import { AnalyticsIcon, HistoryIcon, LinkIcon, OverviewIcon, QrIcon } from './icons';

/**
 * Exposed as `./menu`: the host's dashboard sidebar draws it. Its titles are message ids of the
 * area's catalog, which the host translates; importing `./i18n` registers that catalog, which the
 * host waits for before it draws them. The way back to the user's own area is the host's: it
 * lists a person's other areas under every area's menu, from the runtime config.
 */
export const menu: SidebarGroup[] = [
  {
    title: 'merchant.menu.shop' satisfies MerchantMessage,
    items: [
      { title: 'merchant.menu.overview' satisfies MerchantMessage, url: '/merchant/overview', icon: OverviewIcon },
      { title: 'merchant.menu.qr' satisfies MerchantMessage, url: '/merchant/qr', icon: QrIcon },
      { title: 'merchant.menu.links' satisfies MerchantMessage, url: '/merchant/links', icon: LinkIcon },
      { title: 'merchant.menu.history' satisfies MerchantMessage, url: '/merchant/history', icon: HistoryIcon },
      { title: 'merchant.menu.analytics' satisfies MerchantMessage, url: '/merchant/analytics', icon: AnalyticsIcon },
    ],
  },
];
