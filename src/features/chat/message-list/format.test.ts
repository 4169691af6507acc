/** Times in the message list (format.ts): relative within the hour, the clock time after. */
import { describe, expect, it } from 'vitest';
import { clockTime, fullDateTime, relativeTime } from './format';

const now = new Date('2026-11-24T15:30:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('says "now" within a minute, minutes within the hour, then the clock time', () => {
    expect(relativeTime(ago(20), now, 'en-US')).toBe('now');
    expect(relativeTime(ago(5 * 60 + 10), now, 'en-US')).toBe('5 min. ago');
    expect(relativeTime(ago(2 * 3600), now, 'en-US')).toBe(clockTime(ago(2 * 3600), 'en-US'));
  });

  it('reads a moment just ahead of the clock as "now", one far ahead as its clock time', () => {
    expect(relativeTime(ago(-15), now, 'en-US')).toBe('now');
    expect(relativeTime(ago(-600), now, 'en-US')).toBe(clockTime(ago(-600), 'en-US'));
  });

  it('speaks the member language', () => {
    expect(relativeTime(ago(5 * 60), now, 'de')).toBe('vor 5 Min.');
  });
});

describe('fullDateTime', () => {
  it('writes the weekday, date, year and time, the same text each time', () => {
    const text = fullDateTime(now, 'en-US');
    expect(text).toMatch(/^Tuesday, November 24, 2026/);
    expect(fullDateTime(new Date(now.getTime()), 'en-US')).toBe(text);
    expect(fullDateTime(now, 'de')).toMatch(/^Dienstag, 24\. November 2026/);
  });
});
