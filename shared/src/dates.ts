/**
 * How every screen writes a date: day first, the month as a word, a 24-hour clock
 * ("23 Nov 2026, 15:13"), as people in Bangladesh read dates, in the page's language (Bangla:
 * "২৩ নভে, ২০২৬ ১৫:১৩"). Only this module formats dates.
 */
import { pageLanguage, type Language } from '@wallet/shared/i18n/languages';

/** English keeps the day-first British order; Bangla writes its own digits and month names. */
const LOCALES: Record<Language, string> = { en: 'en-GB', bn: 'bn-BD' };

function formats(locale: string) {
  // hourCycle h23: a 24-hour clock in both languages (bn-BD would otherwise write a Latin "PM").
  return {
    moment: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }),
    // Days and months from the API are UTC calendar days (`2025-03-04`, `2025-03`): read in UTC,
    // they stay the day the API counted wherever the viewer is.
    day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    dayOfMonth: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    monthShort: new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }),
  };
}
const byLanguage = new Map<Language, ReturnType<typeof formats>>();
/** The formats of the page's language (`<html lang>`), made once per language. */
function current() {
  const language = pageLanguage();
  let found = byLanguage.get(language);
  if (!found) byLanguage.set(language, (found = formats(LOCALES[language])));
  return found;
}

/** A day given as `YYYY-MM-DD` or as a Date at its midnight UTC; text that is no day (a hand-edited address) stays as it is. */
function calendarDay(format: Intl.DateTimeFormat, value: string | Date) {
  const date = typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value;
  return Number.isNaN(date.getTime()) ? String(value) : format.format(date);
}

/** "23 Nov 2026, 15:13": a moment the API sent as an ISO string, in the viewer's time zone. */
export const formatDateTime = (iso: string) => current().moment.format(new Date(iso));

/** "4 Mar 2025": a calendar day. */
export const formatDay = (value: string | Date) => calendarDay(current().day, value);

/** "4 Mar": a calendar day where the year is plain from around it (a chart's axis). */
export const formatDayShort = (value: string | Date) => calendarDay(current().dayOfMonth, value);

/** "March 2025" for the API's `2025-03`. */
export const formatMonth = (value: string) => current().month.format(new Date(`${value}-01T00:00:00Z`));

/** "Mar 25": a month on a chart's axis. */
export const formatMonthShort = (value: string) => current().monthShort.format(new Date(`${value}-01T00:00:00Z`));
