/**
 * The demo league's calendar against the moment it is seeded (always given: no wall clock). Week
 * 10 is played on the coming Saturday, that very day on a Saturday; a fixture counts as over once
 * its kick-off plus the match's length has passed, fixture by fixture.
 */
import { describe, expect, it } from 'vitest';
import { SPORTS } from '../../league/sports.js';
import { demoCalendar } from './demo-calendar.js';
import { KICKOFF_MINUTES } from './demo-league-data.js';

const MATCH = SPORTS.football.matchMinutes;
const SLOTS = KICKOFF_MINUTES.map((_, slot) => slot);
const overAt = (now: string, week: number) =>
  SLOTS.map((slot) => demoCalendar(new Date(now), MATCH).isOver(week, slot));
const kickoffs = (now: string, week: number) =>
  SLOTS.map((slot) => demoCalendar(new Date(now), MATCH).kickoff(week, slot));

describe('the demo calendar', () => {
  it('puts week 10 on the coming Saturday: from a Wednesday, three days on, with every match ahead', () => {
    const wednesday = '2026-05-13T09:00:00Z';
    expect(kickoffs(wednesday, 10)).toEqual(
      ['10:00', '11:30', '13:00', '14:30'].map((time) => `2026-05-16T${time}:00.000Z`),
    );
    expect(kickoffs(wednesday, 9)[0]).toBe('2026-05-09T10:00:00.000Z');
    expect(kickoffs(wednesday, 1)[0]).toBe('2026-03-14T10:00:00.000Z');
    expect(overAt(wednesday, 9)).toEqual([true, true, true, true]);
    expect(overAt(wednesday, 10)).toEqual([false, false, false, false]);
  });

  it('on a Saturday morning, before the first kick-off, week 10 is today and nothing of it is over', () => {
    const morning = '2026-05-16T08:00:00Z';
    expect(kickoffs(morning, 10)[0]).toBe('2026-05-16T10:00:00.000Z');
    expect(overAt(morning, 10)).toEqual([false, false, false, false]);
    expect(overAt(morning, 9)).toEqual([true, true, true, true]);
  });

  it('on that Saturday afternoon, the matches whose full time has passed are over, the others not', () => {
    // 10:00 ends 11:30 and 11:30 ends 13:00; the 13:00 match is under way, the 14:30 one ahead.
    expect(overAt('2026-05-16T13:05:00Z', 10)).toEqual([true, true, false, false]);
    // Decided at full time to the minute, not at kick-off.
    expect(overAt('2026-05-16T11:29:00Z', 10)).toEqual([false, false, false, false]);
    expect(overAt('2026-05-16T11:30:00Z', 10)).toEqual([true, false, false, false]);
    expect(overAt('2026-05-16T22:00:00Z', 10)).toEqual([true, true, true, true]);
    expect(overAt('2026-05-16T22:00:00Z', 11)).toEqual([false, false, false, false]);
  });

  it('from a Sunday, week 10 is the next Saturday and all of week 9 is over', () => {
    const sunday = '2026-05-17T07:00:00Z';
    expect(kickoffs(sunday, 10)[0]).toBe('2026-05-23T10:00:00.000Z');
    expect(overAt(sunday, 9)).toEqual([true, true, true, true]);
    expect(overAt(sunday, 10)).toEqual([false, false, false, false]);
  });
});
