/**
 * Round-robin schedules by the circle method (docs/decisions/0032): pure, no I/O, the same
 * schedule for the same input. Every pair of teams meets once per round (`rounds` 1: single,
 * 2: double, the second time with home and away swapped), a team plays at most once a week, and
 * with an odd number of teams one team rests each week (a bye), every team once per round.
 *
 * The circle: with n teams (n even; an odd count gets a "bye" team), team n−1 stays in the middle
 * and teams 0…n−2 sit on a circle that turns one place a week. In week r the middle team meets
 * team r, and the teams k places either side of r meet each other (k = 1…n/2−1). Who is at home:
 * the middle team in even weeks, and for the pair k places from r the one ahead of r when k is
 * odd, the one behind when k is even. Each team then alternates home and away, except that a team
 * of an even count has two home or two away games in a row once (the n−2 "breaks" a single round
 * robin cannot go below), and an odd count has none; home and away games differ by at most one.
 *
 * The second round plays the first round's weeks with home and away swapped, starting from its
 * second week and ending with its first, so no pair meets in two weeks running and no team has
 * more than two home or two away games in a row; every team has as many home as away games.
 */

import { Dice } from '../db/seed/random.js';

export type Rounds = 1 | 2;

export interface ScheduleOptions {
  /** 1: every pair meets once; 2: twice, once at each team's home. */
  rounds: Rounds;
  /** Shuffles the teams' order first (mulberry32: the same seed, the same shuffle); absent: the order given. */
  seed?: number;
}

export interface Pairing<T> {
  home: T;
  away: T;
}

export interface ScheduleWeek<T> {
  /** 1-based. */
  week: number;
  pairings: Pairing<T>[];
  /** The team that rests this week (an odd number of teams), else null. */
  bye: T | null;
}

/** A schedule that cannot be made from what was asked (fewer than two teams, a pattern too small). */
export class ScheduleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScheduleError';
  }
}

/** Weeks a schedule of `teamCount` teams takes: n−1 per round for an even count, n for an odd one. */
export function scheduleWeeks(teamCount: number, rounds: Rounds): number {
  return (teamCount % 2 === 0 ? teamCount - 1 : teamCount) * rounds;
}

/** Fixtures in each week of a schedule of `teamCount` teams. */
export function fixturesPerWeek(teamCount: number): number {
  return Math.floor(teamCount / 2);
}

/** One round by the circle method, as [home, away] positions; `size` is even, position size−1 is the middle. */
function circleRound(size: number): [number, number][][] {
  const middle = size - 1;
  const circle = size - 1;
  const weeks: [number, number][][] = [];
  for (let r = 0; r < circle; r++) {
    const games: [number, number][] = [r % 2 === 0 ? [middle, r] : [r, middle]];
    for (let k = 1; k < size / 2; k++) {
      const ahead = (r + k) % circle;
      const behind = (((r - k) % circle) + circle) % circle;
      games.push(k % 2 === 1 ? [ahead, behind] : [behind, ahead]);
    }
    weeks.push(games);
  }
  return weeks;
}

/**
 * The weeks of a round-robin schedule of `teams` (distinct; compared with ===). Throws a
 * ScheduleError for fewer than two teams or a team listed twice.
 */
export function roundRobin<T>(teams: readonly T[], options: ScheduleOptions): ScheduleWeek<T>[] {
  if (teams.length < 2)
    throw new ScheduleError(`A schedule needs at least two teams; got ${teams.length === 0 ? 'none' : 'one'}`);
  if (new Set(teams).size !== teams.length) throw new ScheduleError('A schedule lists each team once');
  if (options.rounds !== 1 && options.rounds !== 2)
    throw new ScheduleError(`A schedule has one or two rounds; got ${String(options.rounds)}`);
  const order = options.seed === undefined ? [...teams] : new Dice(options.seed).shuffle(teams);
  // An odd count plays against an absent team in the middle: whoever meets it has the bye.
  const size = order.length % 2 === 0 ? order.length : order.length + 1;
  const absent = size === order.length ? -1 : size - 1;
  const first = circleRound(size);
  const rounds = options.rounds === 1 ? [first] : [first, first.map((_, i) => swap(first[(i + 1) % first.length]!))];
  return rounds.flat().map((games, i) => {
    const week: ScheduleWeek<T> = { week: i + 1, pairings: [], bye: null };
    for (const [home, away] of games) {
      if (home === absent) week.bye = order[away]!;
      else if (away === absent) week.bye = order[home]!;
      else week.pairings.push({ home: order[home]!, away: order[away]! });
    }
    return week;
  });
}

function swap(games: [number, number][]): [number, number][] {
  return games.map(([home, away]) => [away, home]);
}
