import { formatTaka } from '@wallet/shared/money';

const NO_LIMIT = 'No limit';

const amount = (taka: number | null) => (taka === null ? NO_LIMIT : formatTaka(taka));
const count = (movements: number | null) => (movements === null ? NO_LIMIT : movements.toLocaleString('en-US'));

/** Per transaction, "min – max": "No limit – 25,000.00"; "No limit" alone when neither is set. */
export const perTransaction = (min: number | null, max: number | null) =>
  min === null && max === null ? NO_LIMIT : `${amount(min)} – ${amount(max)}`;

/** A day's or a month's, "amount / count": "25,000.00 / No limit"; "No limit" alone when neither is set. */
export const perPeriod = (taka: number | null, movements: number | null) =>
  taka === null && movements === null ? NO_LIMIT : `${amount(taka)} / ${count(movements)}`;

export const maxBalance = amount;
