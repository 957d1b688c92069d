import { formatTaka } from '@wallet/shared/money';
import { formatCount } from '../../format';
import type { AdminT } from '../../i18n';

const amount = (t: AdminT, taka: number | null) =>
  taka === null ? t('admin.noLimit') : t('admin.amount', { amount: formatTaka(taka) });
const count = (t: AdminT, movements: number | null) =>
  movements === null ? t('admin.noLimit') : formatCount(movements);

/** Per transaction, "min – max": "No limit – 25,000.00"; "No limit" alone when neither is set. */
export const perTransaction = (t: AdminT, min: number | null, max: number | null) =>
  min === null && max === null ? t('admin.noLimit') : `${amount(t, min)} – ${amount(t, max)}`;

/** A day's or a month's, "amount / count": "25,000.00 / No limit"; "No limit" alone when neither is set. */
export const perPeriod = (t: AdminT, taka: number | null, movements: number | null) =>
  taka === null && movements === null ? t('admin.noLimit') : `${amount(t, taka)} / ${count(t, movements)}`;

export const maxBalance = amount;
