/**
 * How far a due time is, in words of the member's language ("in 28 minutes", "3 minutes ago"),
 * in the unit of the reminder machine's refresh band (seconds in the minute around the due time,
 * then minutes, hours, days), so every tick of the display timer can change what is shown.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../../../machines/reminder/reminder.machine';

const UNITS: readonly [number, Intl.RelativeTimeFormatUnit][] = [
  [DAY_MS, 'day'],
  [HOUR_MS, 'hour'],
  [MINUTE_MS, 'minute'],
  [SECOND_MS, 'second'],
];

/** `remaining` ms before the due time (negative: after it), as relative words. */
export function relativeDue(remainingMs: number, language: string): string {
  const distance = Math.abs(remainingMs);
  const [size, unit] = UNITS.find(([unitMs]) => distance >= unitMs) ?? UNITS[UNITS.length - 1]!;
  const amount = Math.max(1, Math.round(distance / size));
  return new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(remainingMs > 0 ? amount : -amount, unit);
}

/** A `datetime-local` input's value (local time, minutes) for `time`. */
export function toLocalInputValue(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The time (ms since the epoch) of a `datetime-local` value, or null when it is not one. */
export function fromLocalInputValue(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}
