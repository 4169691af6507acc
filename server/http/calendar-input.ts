/**
 * Calendar values in request bodies: a time zone and a calendar date, each checked and given in
 * the form to store, or refused with the product API's 400 naming the field.
 */
import { HttpError } from './errors.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the day exists (Date.UTC rolls 30 February over into March; this does not). */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM-DD` of a day that exists, or a 400. */
export function requireCalendarDate(value: string, field: string): string {
  const match = DATE.exec(value);
  if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])))
    throw new HttpError(400, `${field} '${value}' is not a date such as 2026-09-05 (YYYY-MM-DD, a day that exists)`);
  return value;
}

/**
 * An IANA time zone as the platform's time zone data knows it, in its canonical spelling
 * (`europe/london` becomes `Europe/London`), or a 400. Offsets such as `+01:00` are not zones.
 */
export function requireTimeZone(value: string, field: string): string {
  try {
    if (/^[A-Za-z]/.test(value)) return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    // an unknown zone: refused below
  }
  throw new HttpError(400, `${field} '${value}' is not a known time zone (e.g. Europe/Berlin)`);
}
