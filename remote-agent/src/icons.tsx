import { AddIcon } from '@wallet/shared/ui/kit/icons';

/** The area's own icons; the ones every role area draws are the kit's (@wallet/shared/ui/kit/icons). */
export const CashInIcon = AddIcon;
export { AnalyticsIcon, HistoryIcon, LimitsIcon, SecurityIcon } from '@wallet/shared/ui/kit/icons';
