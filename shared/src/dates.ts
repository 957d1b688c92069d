/**
 * How every screen writes a date: day first, the month as a word, a 24-hour clock
 * ("23 Nov 2026, 15:13"), as people in Bangladesh read dates. Only this module formats dates.
 */
const LOCALE = 'en-GB';

const moment = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
// Days and months from the API are UTC calendar days (`2025-03-04`, `2025-03`): read in UTC, they
// stay the day the API counted wherever the viewer is.
const day = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayOfMonth = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A day given as `YYYY-MM-DD` or as a Date at its midnight UTC; text that is no day (a hand-edited address) stays as it is. */
function calendarDay(format: Intl.DateTimeFormat, value: string | Date) {
  const date = typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value;
  return Number.isNaN(date.getTime()) ? String(value) : format.format(date);
}

/** "23 Nov 2026, 15:13": a moment the API sent as an ISO string, in the viewer's time zone. */
export const formatDateTime = (iso: string) => moment.format(new Date(iso));

/** "4 Mar 2025": a calendar day. */
export const formatDay = (value: string | Date) => calendarDay(day, value);

/** "4 Mar": a calendar day where the year is plain from around it (a chart's axis). */
export const formatDayShort = (value: string | Date) => calendarDay(dayOfMonth, value);

/** "March 2025" for the API's `2025-03`. */
export const formatMonth = (value: string) => month.format(new Date(`${value}-01T00:00:00Z`));

/** "Mar 25": a month on a chart's axis. */
export const formatMonthShort = (value: string) => monthShort.format(new Date(`${value}-01T00:00:00Z`));
