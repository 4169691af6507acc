/**
 * Kick-off times for a schedule from a weekly pattern (docs/decisions/0032): pure, no I/O. Week k
 * is played k−1 weeks after week 1's date, on the pattern's weekday, and its fixtures fill the
 * slots in order: the first kick-off time at each venue in turn, then the second time, and so on.
 * Times are local to the league's IANA time zone and stored in UTC, converted with Intl for that
 * day, so 14:00 in London is 14:00Z in winter and 13:00Z in summer.
 */
import { ScheduleError, type ScheduleWeek } from './schedule.js';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The years a first match date may fall in. */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 2999;

export interface KickoffPattern {
  /** Week 1's date, `YYYY-MM-DD` (see parseDate). */
  firstDate: string;
  /** The day matches are played; absent: firstDate's weekday. Week 1 is the first such day from firstDate on. */
  weekday?: Weekday;
  /** Local kick-off times, `HH:MM` (see parseTime), in the order slots are filled. */
  times: readonly string[];
  venues: readonly string[];
  /** An IANA time zone (see canonicalTimeZone). */
  timeZone: string;
}

export interface ScheduledFixture<T> {
  week: number;
  home: T;
  away: T;
  /** ISO-8601 in UTC, as fixtures store it. */
  kickoff_at: string;
  venue: string;
}

const DAY_MS = 86_400_000;

/** A real calendar date `YYYY-MM-DD` from FIRST_YEAR to LAST_YEAR, as a UTC midnight in ms; else null. */
export function parseDate(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? ms : null;
}

/** A time of day `HH:MM` from 00:00 to 23:59, as minutes after midnight; else null. */
export function parseTime(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The zone's IANA name as Intl spells it (`europe/london` → `Europe/London`), or null for an unknown zone. */
export function canonicalTimeZone(text: string): string | null {
  // Intl also takes offsets such as +01:00; a league's zone is a named one, so its rules follow DST.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(text)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The UTC midnight (ms) of week `week`'s match day. */
export function matchDay(pattern: Pick<KickoffPattern, 'firstDate' | 'weekday'>, week: number): number {
  const first = parseDate(pattern.firstDate);
  if (first === null) throw new ScheduleError(`'${pattern.firstDate}' is not a date such as 2026-03-14`);
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  const firstWeekday = (new Date(first).getUTCDay() + 6) % 7;
  const wanted = pattern.weekday === undefined ? firstWeekday : WEEKDAYS.indexOf(pattern.weekday);
  const ahead = (wanted - firstWeekday + 7) % 7;
  return first + (ahead + (week - 1) * 7) * DAY_MS;
}

/**
 * Local wall-clock time → UTC in a zone. A time that occurs twice (clocks go back) is the earlier
 * one; a time the clocks skip (clocks go forward) is read with the offset before the change, so
 * 01:30 on the night London moves to summer time is 02:30 BST (Temporal's "compatible").
 */
export function zoneClock(timeZone: string): (wallMs: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offset = (instant: number): number => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(instant)) parts[part.type] = Number(part.value);
    const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
    return wall - Math.floor(instant / 1000) * 1000;
  };
  return (wallMs) => {
    // No zone changes its offset twice within two days, so the offsets a day either side are the candidates.
    const before = offset(wallMs - DAY_MS);
    const after = offset(wallMs + DAY_MS);
    const fits = [wallMs - before, wallMs - after].filter((instant) => instant + offset(instant) === wallMs);
    return fits.length > 0 ? Math.min(...fits) : wallMs - before;
  };
}

/** Refuses a pattern whose slots (times × venues) cannot hold a week's fixtures, naming the numbers. */
export function requireSlots(perWeek: number, times: number, venues: number): void {
  const slots = times * venues;
  if (perWeek > slots)
    throw new ScheduleError(
      `Each week has ${perWeek} fixture${perWeek === 1 ? '' : 's'} but the pattern has only ${slots} slot${slots === 1 ? '' : 's'} ` +
        `(${times} kick-off time${times === 1 ? '' : 's'} × ${venues} venue${venues === 1 ? '' : 's'}); add kick-off times or venues`,
    );
}

/** The schedule's fixtures with their kick-off times and venues, week by week in slot order. */
export function scheduleFixtures<T>(weeks: readonly ScheduleWeek<T>[], pattern: KickoffPattern): ScheduledFixture<T>[] {
  const minutes = pattern.times.map((time) => {
    const value = parseTime(time);
    if (value === null) throw new ScheduleError(`'${time}' is not a time of day such as 14:30`);
    return value;
  });
  if (pattern.venues.length === 0) throw new ScheduleError('A pattern needs at least one venue');
  requireSlots(Math.max(0, ...weeks.map((w) => w.pairings.length)), minutes.length, pattern.venues.length);
  const toUtc = zoneClock(pattern.timeZone);
  return weeks.flatMap(({ week, pairings }) => {
    const day = matchDay(pattern, week);
    return pairings.map(({ home, away }, i) => {
      const time = minutes[Math.floor(i / pattern.venues.length)]!;
      const venue = pattern.venues[i % pattern.venues.length]!;
      return { week, home, away, kickoff_at: new Date(toUtc(day + time * 60_000)).toISOString(), venue };
    });
  });
}
