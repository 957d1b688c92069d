import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n/languages';
import type { AdminT } from './i18n';

/** A plain count or figure in the page's language: "1,234", or in Bangla digits "১,২৩৪". */
export const formatCount = (value: number, options?: Intl.NumberFormatOptions) =>
  value.toLocaleString(INTL_LOCALE[pageLanguage()], options);

/** A percentage with at most two decimals: "1.85%". */
export const formatPercent = (value: number) => `${formatCount(value, { maximumFractionDigits: 2 })}%`;

/** A transaction's party by name; a deposit's bank or a bonus has none (spec §2: "N/A"). */
export const partyName = (t: AdminT, party: { name: string } | null | undefined) => party?.name ?? t('admin.na');
