/**
 * The league rules' own cost (issue #28), measured in the benchmark's process without HTTP: a
 * 20-team double round robin with its kick-off times, and the table of a real 380-fixture season
 * (LaLiga 2022-23, two three-way ties decided head-to-head) under each preset. The goal-difference
 * preset on the same season is the baseline of the head-to-head one, measured in the same run.
 */
import { scheduleFixtures } from '../../server/league/kickoffs.js';
import { loadSeason } from '../../server/league/real-tables/load.js';
import { LA_LIGA_2022_23 } from '../../server/league/real-tables/seasons.js';
import { roundRobin } from '../../server/league/schedule.js';
import { computeTable } from '../../server/league/standings.js';

const POINTS = { win: 3, draw: 1, loss: 0 };

/** Milliseconds per call: p50 and p99 over `runs` calls, after a warm-up. */
function time(runs: number, work: () => unknown): { p50: number; p99: number } {
  for (let i = 0; i < Math.min(50, runs); i++) work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

export function printRuleFigures(runs = 500): void {
  const teams = Array.from({ length: 20 }, (_, i) => i + 1);
  const pattern = {
    firstDate: '2026-08-15',
    times: ['13:00', '15:30'],
    venues: ['Pitch 1', 'Pitch 2', 'Pitch 3', 'Pitch 4', 'Pitch 5'],
    timeZone: 'Europe/London',
  };
  let fixtures = 0;
  const schedule = time(runs, () => {
    fixtures = scheduleFixtures(roundRobin(teams, { rounds: 2 }), pattern).length;
  });

  const season = loadSeason(LA_LIGA_2022_23);
  const table = (preset: 'goal_difference_first' | 'head_to_head_first') =>
    time(runs, () => computeTable(season.teams, season.results, POINTS, { rules: { preset } }));
  const byDifference = table('goal_difference_first');
  const byHeadToHead = table('head_to_head_first');

  const line = (label: string, f: { p50: number; p99: number }, extra = '') =>
    console.log(
      `  ${label.padEnd(62)} p50 ${f.p50.toFixed(3).padStart(7)} ms   p99 ${f.p99.toFixed(3).padStart(7)} ms${extra}`,
    );
  console.log(`\nLeague rules in process (${runs} calls each):`);
  line(`schedule: 20 teams, double round robin (${fixtures} fixtures)`, schedule);
  line(`table: ${season.results.length} fixtures, goal difference first (baseline)`, byDifference);
  line(
    `table: ${season.results.length} fixtures, head-to-head first (2 three-way ties)`,
    byHeadToHead,
    `   ratio p50 ${(byHeadToHead.p50 / byDifference.p50).toFixed(2)}×  p99 ${(byHeadToHead.p99 / byDifference.p99).toFixed(2)}×`,
  );
}
