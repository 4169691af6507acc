/**
 * Times, days and sizes in the member's language: the Intl formatters of the interface language
 * and the date-fns locale loaded with it (src/i18n/dates.ts) for full dates.
 */
import { differenceInCalendarDays, isToday, isYesterday } from 'date-fns';
import type { TFunction } from 'i18next';
import { formatLongDate } from '../../../i18n/dates';

const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    cache.set(key, format);
  }
  return format;
}

/** A date separator: "Today", "Yesterday", a weekday within the last week, else the full date. */
export function dayLabel(date: Date, now: Date, t: TFunction, language: string): string {
  if (isToday(date)) return t('chat.messageList.today');
  if (isYesterday(date)) return t('chat.messageList.yesterday');
  const days = differenceInCalendarDays(now, date);
  if (days > 1 && days < 7) return dateFormat(language, { weekday: 'long' }).format(date);
  return formatLongDate(date);
}

/** The clock time, e.g. "10:42" or "10:42 AM". */
export function clockTime(date: Date, language: string): string {
  return dateFormat(language, { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** The full moment, for the time's title: "Tuesday, 24 November 2026, 10:42". */
export function fullDateTime(date: Date, language: string): string {
  return dateFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(date);
}

/** Within the last hour "now" / "5 min. ago"; later the clock time (the separator gives the day). */
export function relativeTime(date: Date, now: Date, language: string): string {
  let seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  // A moment just ahead of the list's clock (it ticks every so often, clocks differ) is "now".
  if (seconds < 0 && seconds > -60) seconds = 0;
  if (seconds < 0 || seconds >= 3600) return clockTime(date, language);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  if (seconds < 60) return format.format(0, 'second');
  return format.format(-Math.floor(seconds / 60), 'minute');
}

/** A file size in binary steps with the language's unit names, e.g. "2.4 MB". */
export function fileSize(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}
