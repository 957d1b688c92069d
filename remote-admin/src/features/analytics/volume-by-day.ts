import { TRANSACTION_TYPES, type AdminAnalytics, type TransactionType } from '@wallet/shared/contracts';

const DAY_MS = 86_400_000;

export interface Figure {
  count: number;
  amount: number;
}

interface DayVolume {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  byType: Record<TransactionType, Figure>;
  total: Figure;
}

export interface Volume {
  /** Every day of the period, oldest first, days without movements included. */
  days: DayVolume[];
  /** The types that moved money in the period, in the usual order. */
  types: TransactionType[];
  byType: Record<TransactionType, Figure>;
  total: Figure;
}

const none = (): Figure => ({ count: 0, amount: 0 });
const noneByType = () =>
  Object.fromEntries(TRANSACTION_TYPES.map((type) => [type, none()])) as Record<TransactionType, Figure>;
/** Sums in poisha, so 0.1 + 0.2 stays 0.30. */
const add = (figure: Figure, count: number, amount: number) => {
  figure.count += count;
  figure.amount = Math.round((figure.amount + amount) * 100) / 100;
};

/** The `span` calendar days (UTC) up to `today`, oldest first. */
function period(today: Date, span: number) {
  const last = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: span }, (_, i) => new Date(last - (span - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The API's day-and-type pairs spread over every day of the period, with totals per day, per type and overall. */
export function volumeByDay(rows: AdminAnalytics['days'], span: number, today = new Date()): Volume {
  // A day the server counted but this clock does not (a few minutes apart around midnight) is still shown.
  const dayNames = [...new Set([...period(today, span), ...rows.map((row) => row.day)])].sort();
  const days = new Map(dayNames.map((day) => [day, { day, byType: noneByType(), total: none() }]));
  const byType = noneByType();
  const total = none();
  for (const row of rows) {
    const day = days.get(row.day)!;
    add(day.byType[row.type], row.count, row.amount);
    add(day.total, row.count, row.amount);
    add(byType[row.type], row.count, row.amount);
    add(total, row.count, row.amount);
  }
  const types = TRANSACTION_TYPES.filter((type) => byType[type].count > 0);
  return { days: [...days.values()], types, byType, total };
}
