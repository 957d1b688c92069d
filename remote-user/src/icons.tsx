import { AddIcon, icon } from '@wallet/shared/ui/kit/icons';

/** The area's menu and tile icons as paths (Material Symbols, Apache-2.0), drawn by the shared icon factory. */
export const OverviewIcon = icon('M3 13h8V3H3zm0 8h8v-6H3zm10 0h8V11h-8zm0-18v6h8V3z', 'OverviewIcon');
export const DepositIcon = AddIcon;
export const WithdrawIcon = icon(
  'M11.8 10.9c-2.27-.59-3-1.2-3-2.15 0-1.09 1.01-1.85 2.7-1.85 1.78 0 2.44.85 2.5 2.1h2.21c-.07-1.72-1.12-3.3-3.21-3.81V3h-3v2.16c-1.94.42-3.5 1.68-3.5 3.61 0 2.31 1.91 3.46 4.7 4.13 2.5.6 3 1.48 3 2.41 0 .69-.49 1.79-2.7 1.79-2.06 0-2.87-.92-2.98-2.1h-2.2c.12 2.19 1.76 3.42 3.68 3.83V21h3v-2.15c1.95-.37 3.5-1.5 3.5-3.55 0-2.84-2.43-3.81-4.7-4.4',
  'WithdrawIcon',
);
export const PayIcon = icon(
  'M9.5 6.5v3h-3v-3zM11 5H5v6h6zm-1.5 9.5v3h-3v-3zM11 13H5v6h6zm6.5-6.5v3h-3v-3zM19 5h-6v6h6zm-6 8h1.5v1.5H13zm1.5 1.5H16V16h-1.5zM16 13h1.5v1.5H16zm-3 3h1.5v1.5H13zm1.5 1.5H16V19h-1.5zM16 16h1.5v1.5H16zm1.5-1.5H19V16h-1.5zm0 3H19V19h-1.5zM22 7h-2V4h-3V2h5zm0 15v-5h-2v3h-3v2zM2 22h5v-2H4v-3H2zM2 2v5h2V4h3V2z',
  'PayIcon',
);
/** Money coming to the person: what they asked for. */
export const RequestMoneyIcon = icon('M20 5.41 18.59 4 7 15.59V9H5v10h10v-2H8.41z', 'RequestMoneyIcon');
export const TransferIcon = icon('M6.99 11 3 15l3.99 4v-3H14v-2H6.99zM21 9l-3.99-4v3H10v2h7.01v3z', 'TransferIcon');
export { AnalyticsIcon, HistoryIcon, LimitsIcon, SecurityIcon } from '@wallet/shared/ui/kit/icons';
