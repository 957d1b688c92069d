import { icon } from '@wallet/shared/ui/kit/icons';

/** The area's menu and tile icons as paths (Material Symbols, Apache-2.0), drawn by the shared icon factory. */
export const CashInIcon = icon('M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z', 'CashInIcon');
export const HistoryIcon = icon(
  'M13 3c-4.97 0-9 4.03-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42C8.27 19.99 10.51 21 13 21c4.97 0 9-4.03 9-9s-4.03-9-9-9m-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8z',
  'HistoryIcon',
);
export const AnalyticsIcon = icon('M4 9h4v11H4zm12 4h4v7h-4zm-6-9h4v16h-4z', 'AnalyticsIcon');
export const LimitsIcon = icon(
  'M3 17v2h6v-2H3zM3 5v2h10V5H3zm10 16v-2h8v-2h-8v-2h-2v6h2zM7 9v2H3v2h4v2h2V9H7zm14 4v-2H11v2h10zm-6-4h2V7h4V5h-4V3h-2v6z',
  'LimitsIcon',
);
export const SecurityIcon = icon(
  'M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5zm-2 16-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9z',
  'SecurityIcon',
);
