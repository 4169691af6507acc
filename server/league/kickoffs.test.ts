import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  matchDay,
  parseDate,
  parseTime,
  requireSlots,
  scheduleFixtures,
  zoneClock,
  type KickoffPattern,
} from './kickoffs.js';
import { roundRobin, ScheduleError } from './schedule.js';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const wall = (date: string, time: string) => parseDate(date)! + parseTime(time)! * 60_000;
const utc = (zone: string, date: string, time: string) => new Date(zoneClock(zone)(wall(date, time))).toISOString();

const london = (overrides: Partial<KickoffPattern> = {}): KickoffPattern => ({
  firstDate: '2026-03-15',
  times: ['14:00'],
  venues: ['Riverside Park'],
  timeZone: 'Europe/London',
  ...overrides,
});

describe('the pattern', () => {
  it('plays week k k−1 weeks after week 1, on the first date’s weekday unless another is named', () => {
    expect([1, 2, 3, 10].map((k) => day(matchDay(london(), k)))).toEqual([
      '2026-03-15',
      '2026-03-22',
      '2026-03-29',
      '2026-05-17',
    ]);
    // 2026-03-15 is a Sunday; the first Saturday from it on is the 21st, the first Sunday the day itself.
    expect(day(matchDay(london({ weekday: 'saturday' }), 1))).toBe('2026-03-21');
    expect(day(matchDay(london({ weekday: 'saturday' }), 2))).toBe('2026-03-28');
    expect(day(matchDay(london({ weekday: 'sunday' }), 1))).toBe('2026-03-15');
    expect(day(matchDay(london({ firstDate: '2026-12-31', weekday: 'monday' }), 1))).toBe('2027-01-04');
  });

  it('fills each week’s slots in order: the first time at every venue, then the next time', () => {
    const weeks = roundRobin([1, 2, 3, 4, 5, 6, 7, 8], { rounds: 1 });
    const fixtures = scheduleFixtures(weeks, london({ times: ['10:00', '12:30'], venues: ['Pitch 1', 'Pitch 2'] }));
    expect(fixtures).toHaveLength(28);
    expect(fixtures.slice(0, 4).map((f) => [f.week, f.home, f.away, f.kickoff_at, f.venue])).toEqual([
      [1, 8, 1, '2026-03-15T10:00:00.000Z', 'Pitch 1'],
      [1, 2, 7, '2026-03-15T10:00:00.000Z', 'Pitch 2'],
      [1, 6, 3, '2026-03-15T12:30:00.000Z', 'Pitch 1'],
      [1, 4, 5, '2026-03-15T12:30:00.000Z', 'Pitch 2'],
    ]);
    expect(fixtures[4]).toMatchObject({ week: 2, kickoff_at: '2026-03-22T10:00:00.000Z', venue: 'Pitch 1' });
  });

  it('refuses more fixtures a week than slots, naming the numbers', () => {
    const weeks = roundRobin([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { rounds: 1 });
    expect(() => scheduleFixtures(weeks, london({ times: ['10:00', '12:00'], venues: ['A', 'B'] }))).toThrow(
      'Each week has 5 fixtures but the pattern has only 4 slots (2 kick-off times × 2 venues); add kick-off times or venues',
    );
    expect(() => requireSlots(2, 1, 1)).toThrow(
      'Each week has 2 fixtures but the pattern has only 1 slot (1 kick-off time × 1 venue)',
    );
    expect(() => requireSlots(4, 2, 2)).not.toThrow();
    expect(() => scheduleFixtures(weeks, london({ venues: [] }))).toThrow(ScheduleError);
  });
});

describe('local kick-off times in UTC across daylight saving changes', () => {
  it('keeps 14:00 in London at 14:00Z in winter and 13:00Z in summer (last Sundays of March and October)', () => {
    const weeks = roundRobin([1, 2, 3, 4], { rounds: 2 });
    const venues = ['Pitch 1', 'Pitch 2'];
    const spring = scheduleFixtures(weeks, london({ firstDate: '2026-03-22', venues }));
    expect([...new Set(spring.map((f) => f.kickoff_at))]).toEqual([
      '2026-03-22T14:00:00.000Z',
      '2026-03-29T13:00:00.000Z', // the clocks went forward at 01:00Z that morning
      '2026-04-05T13:00:00.000Z',
      '2026-04-12T13:00:00.000Z',
      '2026-04-19T13:00:00.000Z',
      '2026-04-26T13:00:00.000Z',
    ]);
    const autumn = scheduleFixtures(weeks, london({ firstDate: '2026-10-18', venues }));
    expect([...new Set(autumn.map((f) => f.kickoff_at))].slice(0, 3)).toEqual([
      '2026-10-18T13:00:00.000Z',
      '2026-10-25T14:00:00.000Z', // back to GMT at 01:00Z that morning
      '2026-11-01T14:00:00.000Z',
    ]);
  });

  it('follows other zones’ own dates: New York, Sydney (southern summer), Kolkata (no DST)', () => {
    expect(utc('America/New_York', '2026-03-07', '19:00')).toBe('2026-03-08T00:00:00.000Z');
    expect(utc('America/New_York', '2026-03-08', '19:00')).toBe('2026-03-08T23:00:00.000Z');
    expect(utc('Australia/Sydney', '2026-04-04', '15:00')).toBe('2026-04-04T04:00:00.000Z');
    expect(utc('Australia/Sydney', '2026-04-05', '15:00')).toBe('2026-04-05T05:00:00.000Z');
    expect(utc('Asia/Kolkata', '2026-07-01', '18:30')).toBe('2026-07-01T13:00:00.000Z');
    expect(utc('UTC', '2026-07-01', '18:30')).toBe('2026-07-01T18:30:00.000Z');
  });

  it('reads a time the clocks skip with the offset before the change, and a repeated time as the earlier one', () => {
    // 01:30 on 2026-03-29 does not exist in London: it is read as 01:30 GMT, which is 02:30 BST.
    expect(utc('Europe/London', '2026-03-29', '01:30')).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 on 2026-10-25 happens twice in London (BST, then GMT): the first.
    expect(utc('Europe/London', '2026-10-25', '01:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(utc('Europe/London', '2026-10-25', '02:00')).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('reading the pattern’s fields', () => {
  it('reads real calendar dates only, from 1970 to 2999', () => {
    expect(parseDate('2026-03-14')).toBe(Date.UTC(2026, 2, 14));
    expect(parseDate('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    for (const bad of ['2026-02-29', '2026-13-01', '2026-04-31', '2026-3-14', '14/03/2026', '1969-12-31', '3000-01-01'])
      expect(parseDate(bad), bad).toBeNull();
  });

  it('reads times of day HH:MM from 00:00 to 23:59', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('23:59')).toBe(23 * 60 + 59);
    expect(parseTime('09:05')).toBe(9 * 60 + 5);
    for (const bad of ['24:00', '9:05', '12:60', '12:00:00', '12h00', '']) expect(parseTime(bad), bad).toBeNull();
  });

  it('knows IANA zones, in their own spelling, and refuses anything else', () => {
    expect(canonicalTimeZone('Europe/London')).toBe('Europe/London');
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', '+01:00', 'Europe/London ', '', '../etc'])
      expect(canonicalTimeZone(bad), bad).toBeNull();
  });
});
