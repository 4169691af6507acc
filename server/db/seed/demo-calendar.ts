/**
 * When the demo league's matches are, counted from the moment it is seeded (`now`), and which of
 * them are over by then. Week 10, the current week, is played on the coming Saturday: today, when
 * the league is seeded on a Saturday. So weeks 1–9 lie a week or more in the past, weeks 11–14 in
 * the future, and only week 10 can be part played: a fixture is played in the demo when its match
 * was over at `now` (kick-off plus the match's length), decided fixture by fixture. Seeded on a
 * Saturday morning, week 10 is all ahead; seeded that evening, its early matches have results and
 * the later ones are still to come.
 */
import { CURRENT_WEEK, KICKOFF_MINUTES } from './demo-league-data.js';

const DAY = 86_400_000;
const MINUTE = 60_000;

export interface DemoCalendar {
  /** The day the league was set up: two weeks before week 1. */
  seasonStart: string;
  /** A fixture's kick-off (ISO), from its week and its slot in KICKOFF_MINUTES. */
  kickoff(week: number, slot: number): string;
  /** Transfers go through on the Wednesday evening before the week's matches. */
  transferAt(week: number): string;
  /** Whether the fixture's match was over at `now`: only such a fixture has a result. */
  isOver(week: number, slot: number): boolean;
}

export function demoCalendar(now: Date, matchMinutes: number): DemoCalendar {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const ahead = (6 - new Date(today).getUTCDay() + 7) % 7;
  const saturday = (week: number) => today + ahead * DAY + (week - CURRENT_WEEK) * 7 * DAY;
  const kickoffMs = (week: number, slot: number) => saturday(week) + KICKOFF_MINUTES[slot]! * MINUTE;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    seasonStart: iso(saturday(1) - 14 * DAY),
    kickoff: (week, slot) => iso(kickoffMs(week, slot)),
    transferAt: (week) => iso(saturday(week) - 3 * DAY + 19 * 3_600_000),
    isOver: (week, slot) => kickoffMs(week, slot) + matchMinutes * MINUTE <= now.getTime(),
  };
}
