import { describe, expect, it } from 'vitest';
import {
  fixturesPerWeek,
  roundRobin,
  ScheduleError,
  scheduleWeeks,
  type Rounds,
  type ScheduleWeek,
} from './schedule.js';

const teamsOf = (n: number) => Array.from({ length: n }, (_, i) => 101 + i * 7);
const SEEDS = [undefined, 1, 42, 2026];

/** Each team's home (H) and away (A) games in week order, byes left out. */
function sides(weeks: ScheduleWeek<number>[], team: number): string {
  return weeks
    .flatMap((w) => w.pairings)
    .map((p) => (p.home === team ? 'H' : p.away === team ? 'A' : ''))
    .join('');
}

const longestRun = (text: string) => Math.max(0, ...(text.match(/H+|A+/g) ?? []).map((run) => run.length));
const breaks = (text: string) => [...text].filter((c, i) => i > 0 && c === text[i - 1]).length;

describe('roundRobin: properties for 2 to 24 teams, both rounds, several seeds', () => {
  for (let n = 2; n <= 24; n++)
    for (const rounds of [1, 2] as Rounds[])
      for (const seed of SEEDS)
        it(`${n} teams, ${rounds} round${rounds === 1 ? '' : 's'}, seed ${seed ?? 'none'}`, () => {
          const teams = teamsOf(n);
          const weeks = roundRobin(teams, { rounds, seed });
          const perRound = n % 2 === 0 ? n - 1 : n;

          // Weeks: n−1 (even) or n (odd) per round, numbered from 1, each with ⌊n/2⌋ fixtures.
          expect(weeks).toHaveLength(perRound * rounds);
          expect(scheduleWeeks(n, rounds)).toBe(perRound * rounds);
          expect(weeks.map((w) => w.week)).toEqual(weeks.map((_, i) => i + 1));
          for (const week of weeks) expect(week.pairings).toHaveLength(fixturesPerWeek(n));

          // Nobody plays twice in a week, or plays and rests in the same week; only the listed teams play.
          for (const week of weeks) {
            const playing = week.pairings.flatMap((p) => [p.home, p.away]);
            if (week.bye !== null) playing.push(week.bye);
            expect(new Set(playing).size).toBe(playing.length);
            for (const team of playing) expect(teams).toContain(team);
            expect(week.bye === null).toBe(n % 2 === 0);
          }

          // Byes: with an odd count every team rests exactly once per round, one team a week.
          if (n % 2 === 1) for (const team of teams) expect(weeks.filter((w) => w.bye === team)).toHaveLength(rounds);

          // Every pair meets once per round; in a double round robin once at each team's home.
          const meetings = new Map<string, number>();
          for (const { home, away } of weeks.flatMap((w) => w.pairings))
            meetings.set(`${home}-${away}`, (meetings.get(`${home}-${away}`) ?? 0) + 1);
          for (const a of teams)
            for (const b of teams) {
              if (a >= b) continue;
              const ab = meetings.get(`${a}-${b}`) ?? 0;
              const ba = meetings.get(`${b}-${a}`) ?? 0;
              if (rounds === 1) expect(ab + ba, `${a} v ${b}`).toBe(1);
              else expect([ab, ba], `${a} v ${b}`).toEqual([1, 1]);
            }
          // Each round on its own is a complete round robin (the second does not borrow from the first).
          const firstRound = weeks.slice(0, perRound).flatMap((w) => w.pairings);
          expect(new Set(firstRound.map((p) => [p.home, p.away].sort().join('-'))).size).toBe((n * (n - 1)) / 2);

          // Home and away: within one for a single round robin, equal for a double one.
          for (const team of teams) {
            const text = sides(weeks, team);
            const home = [...text].filter((c) => c === 'H').length;
            const away = text.length - home;
            if (rounds === 1) expect(Math.abs(home - away), `team ${team}: ${text}`).toBeLessThanOrEqual(1);
            else expect(home, `team ${team}: ${text}`).toBe(away);
            // Never three home or three away games in a row.
            expect(longestRun(text), `team ${team}: ${text}`).toBeLessThanOrEqual(2);
          }

          // No pair meets in two weeks running (unavoidable only for two teams).
          if (n > 2)
            for (let w = 1; w < weeks.length; w++) {
              const before = new Set(weeks[w - 1]!.pairings.map((p) => [p.home, p.away].sort().join('-')));
              for (const p of weeks[w]!.pairings) expect(before.has([p.home, p.away].sort().join('-'))).toBe(false);
            }
        });
});

describe('roundRobin: home and away runs', () => {
  it('breaks the alternation n−2 times in all for an even count and never for an odd one (single round)', () => {
    for (let n = 2; n <= 24; n++) {
      const teams = teamsOf(n);
      const weeks = roundRobin(teams, { rounds: 1 });
      const total = teams.reduce((sum, team) => sum + breaks(sides(weeks, team)), 0);
      expect(total, `${n} teams`).toBe(n % 2 === 0 ? n - 2 : 0);
      // The team in the middle of the circle (the last one) alternates throughout.
      if (n % 2 === 0) expect(breaks(sides(weeks, teams[n - 1]!))).toBe(0);
    }
  });
});

describe('roundRobin: determinism and seeds', () => {
  it('gives the same schedule for the same teams and seed', () => {
    const teams = teamsOf(9);
    expect(roundRobin(teams, { rounds: 2, seed: 7 })).toEqual(roundRobin(teams, { rounds: 2, seed: 7 }));
    expect(roundRobin(teams, { rounds: 1 })).toEqual(roundRobin([...teams], { rounds: 1 }));
  });

  it('follows the order given without a seed, and shuffles it with one', () => {
    const teams = teamsOf(6);
    const plain = roundRobin(teams, { rounds: 1 });
    // Week 1: the middle team (the last) at home to the first, then the pairs either side of it.
    expect(plain[0]!.pairings).toEqual([
      { home: teams[5], away: teams[0] },
      { home: teams[1], away: teams[4] },
      { home: teams[3], away: teams[2] },
    ]);
    const seeded = SEEDS.slice(1).map((seed) => JSON.stringify(roundRobin(teams, { rounds: 1, seed })));
    expect(seeded).not.toContain(JSON.stringify(plain));
    expect(new Set(seeded).size).toBe(seeded.length);
  });

  it('starts the second round from the first round\u2019s second week, home and away swapped', () => {
    const weeks = roundRobin(teamsOf(4), { rounds: 2 });
    const swapped = (w: ScheduleWeek<number>) => w.pairings.map((p) => ({ home: p.away, away: p.home }));
    expect(weeks[3]!.pairings).toEqual(swapped(weeks[1]!));
    expect(weeks[4]!.pairings).toEqual(swapped(weeks[2]!));
    expect(weeks[5]!.pairings).toEqual(swapped(weeks[0]!));
  });

  it('works with any kind of team key', () => {
    const weeks = roundRobin(['Hawks', 'Owls', 'Bears'], { rounds: 1 });
    expect(weeks.map((w) => w.bye)).toEqual(['Hawks', 'Owls', 'Bears']);
    expect(weeks.map((w) => w.pairings)).toEqual([
      [{ home: 'Owls', away: 'Bears' }],
      [{ home: 'Bears', away: 'Hawks' }],
      [{ home: 'Hawks', away: 'Owls' }],
    ]);
  });
});

describe('roundRobin: refusals', () => {
  it('refuses fewer than two teams with a clear error', () => {
    expect(() => roundRobin([], { rounds: 1 })).toThrow(ScheduleError);
    expect(() => roundRobin([], { rounds: 1 })).toThrow('A schedule needs at least two teams; got none');
    expect(() => roundRobin([1], { rounds: 2 })).toThrow('A schedule needs at least two teams; got one');
  });

  it('refuses a team listed twice and a number of rounds other than one or two', () => {
    expect(() => roundRobin([1, 2, 1], { rounds: 1 })).toThrow('A schedule lists each team once');
    expect(() => roundRobin([1, 2], { rounds: 3 as Rounds })).toThrow('one or two rounds; got 3');
  });
});
