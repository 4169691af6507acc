/** IANA time zones as the browser knows them (a member's profile, a league's settings). */

/** Whether `value` names a time zone this browser knows. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own zone, e.g. "Europe/Berlin" ("UTC" when it names none). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
