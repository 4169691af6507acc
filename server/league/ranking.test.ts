/**
 * Every tie-break criterion, adjustment, awarded result and decision on small hand-made tables
 * (the real seasons are in real-tables.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { SPORTS } from './sports.js';
import { computeTable, type PlayedResult, type StandingsOptions } from './standings.js';

const football = SPORTS.football.points;
const NAMES = ['', 'Ash', 'Birch', 'Cedar', 'Dogwood', 'Elm'];
const teams = (count: number) => NAMES.slice(1, count + 1).map((name, index) => ({ id: index + 1, name }));

let nextId = 1;
function game(home: number, away: number, homeScore: number, awayScore: number, awarded?: boolean): PlayedResult {
  const id = nextId++;
  return {
    id,
    week: id,
    kickoff_at: '2026-03-01T15:00:00.000Z',
    home_team_id: home,
    away_team_id: away,
    home_score: homeScore,
    away_score: awayScore,
    ...(awarded === undefined ? {} : { awarded }),
  };
}

function table(count: number, results: PlayedResult[], options?: StandingsOptions) {
  const computed = computeTable(teams(count), results, football, options);
  return {
    ...computed,
    order: computed.rows.map((r) => [r.rank, r.team.name, r.decided_by]),
    row: (name: string) => computed.rows.find((r) => r.team.name === name)!,
  };
}

const H2H: StandingsOptions = { rules: { preset: 'head_to_head_first' } };

describe('goal difference first and head-to-head first', () => {
  // Ash beat Birch 1-0; Birch beat Cedar 4-0: Ash and Birch on 3 points, Birch +3, Ash +1.
  const results = () => [game(1, 2, 1, 0), game(2, 3, 4, 0)];

  it('ranks by goal difference, and says so', () => {
    const t = table(3, results());
    expect(t.tie_break).toEqual({ preset: 'goal_difference_first', criteria: expect.any(Array) });
    expect(t.order).toEqual([
      [1, 'Birch', 'goal_difference'],
      [2, 'Ash', 'points'],
      [3, 'Cedar', null],
    ]);
  });

  it('ranks by the match between the teams level, and says so', () => {
    const t = table(3, results(), H2H);
    expect(t.tie_break).toEqual({
      preset: 'head_to_head_first',
      criteria: ['points', 'head_to_head', 'goal_difference', 'goals_for', 'won'],
    });
    expect(t.order).toEqual([
      [1, 'Ash', 'head_to_head'],
      [2, 'Birch', 'points'],
      [3, 'Cedar', null],
    ]);
  });
});

describe('head-to-head among three teams', () => {
  // Ash, Birch and Cedar beat each other in turn and draw with Dogwood: all on 4 points, goal
  // difference 0. Among the three, Ash scored 3, Birch 2, Cedar 2; Birch beat Cedar 1-0, but
  // Cedar scored more over the season (3-3 with Dogwood).
  const results = () => [
    game(1, 2, 2, 1),
    game(3, 1, 2, 1),
    game(2, 3, 1, 0),
    game(1, 4, 1, 1),
    game(2, 4, 0, 0),
    game(3, 4, 3, 3),
  ];

  it('applies the mini-table again to the two teams it leaves level', () => {
    const t = table(4, results(), H2H);
    expect(t.order).toEqual([
      [1, 'Ash', 'head_to_head'],
      [2, 'Birch', 'head_to_head'],
      [3, 'Cedar', 'points'],
      [4, 'Dogwood', null],
    ]);
    expect(t.row('Cedar').goals_for).toBeGreaterThan(t.row('Birch').goals_for);
  });

  it('ranks the same teams by goals scored when goal difference comes first', () => {
    expect(table(4, results()).order).toEqual([
      [1, 'Cedar', 'goals_for'],
      [2, 'Ash', 'goals_for'],
      [3, 'Birch', 'points'],
      [4, 'Dogwood', null],
    ]);
  });

  it('hands a mini-table that separates nobody over to the next criterion', () => {
    // A circle of 1-0 wins among the three; Dogwood beats them by one, two and three goals.
    const circle = [game(1, 2, 1, 0), game(2, 3, 1, 0), game(3, 1, 1, 0)];
    const t = table(4, [...circle, game(4, 1, 1, 0), game(4, 2, 2, 0), game(4, 3, 3, 0)], H2H);
    expect(t.order).toEqual([
      [1, 'Dogwood', 'points'],
      [2, 'Ash', 'goal_difference'],
      [3, 'Birch', 'goal_difference'],
      [4, 'Cedar', null],
    ]);
  });
});

describe('custom rule lists', () => {
  it('stops where the list stops: teams level on its last criterion share a rank', () => {
    const results = [game(1, 3, 3, 0), game(2, 3, 1, 0)];
    expect(table(3, results, { rules: { criteria: ['points'] } }).order).toEqual([
      [1, 'Ash', null],
      [1, 'Birch', 'points'],
      [3, 'Cedar', null],
    ]);
    expect(table(3, results, { rules: { criteria: ['points', 'head_to_head'] } }).row('Birch').rank).toBe(1);
    expect(table(3, results, { rules: { criteria: ['points', 'goal_difference'] } }).row('Birch').rank).toBe(2);
  });

  it('applies head-to-head where the list puts it, after goal difference', () => {
    // Ash, Birch and Dogwood on 3 points; Dogwood +1, Ash and Birch 0. Birch beat Ash 2-1, but
    // Ash scored more (4 to 3).
    const results = [game(2, 1, 2, 1), game(1, 3, 3, 2), game(4, 2, 2, 1)];
    const rules = { criteria: ['points', 'goal_difference', 'head_to_head', 'goals_for'] } as const;
    const t = table(4, results, { rules });
    expect(t.tie_break).toEqual({ preset: null, criteria: [...rules.criteria] });
    expect(t.order).toEqual([
      [1, 'Dogwood', 'goal_difference'],
      [2, 'Birch', 'head_to_head'],
      [3, 'Ash', 'points'],
      [4, 'Cedar', null],
    ]);
    expect(table(4, results).order.slice(1, 3)).toEqual([
      [2, 'Ash', 'goals_for'],
      [3, 'Birch', 'points'],
    ]);
  });
});

describe('points adjustments', () => {
  it('change the points, and the row lists them with their reasons', () => {
    const results = [game(1, 3, 1, 0), game(2, 3, 1, 0)];
    const t = table(3, results, {
      adjustments: [
        { team_id: 1, points: -3, reason: 'Fielded an ineligible player' },
        { team_id: 3, points: 2, reason: 'Restored on appeal' },
        { team_id: 3, points: -1, reason: 'Late kick-off' },
        { team_id: 99, points: -5, reason: 'Not a team of this table' },
      ],
    });
    expect(t.order).toEqual([
      [1, 'Birch', 'points'],
      [2, 'Cedar', 'points'],
      [3, 'Ash', null],
    ]);
    expect(t.row('Ash')).toMatchObject({
      points: 0,
      points_adjustment: -3,
      adjustments: [{ points: -3, reason: 'Fielded an ineligible player' }],
      won: 1,
    });
    expect(t.row('Cedar')).toMatchObject({ points: 1, points_adjustment: 1 });
    expect(t.row('Cedar').adjustments.map((a) => a.reason)).toEqual(['Restored on appeal', 'Late kick-off']);
    expect(t.row('Birch')).toMatchObject({ points_adjustment: 0, adjustments: [] });
  });

  it('never enter the mini-table, which counts matches only', () => {
    // Ash 4 points -1 = 3, Birch 3: level. Their match was 1-1, so the mini-table is level
    // (counting the deduction would put Birch above) and Ash's better goal difference decides.
    const results = [game(1, 2, 1, 1), game(1, 3, 2, 0), game(2, 3, 0, 0), game(2, 4, 0, 0)];
    const t = table(4, results, { ...H2H, adjustments: [{ team_id: 1, points: -1, reason: 'Fine' }] });
    expect(t.order.slice(0, 2)).toEqual([
      [1, 'Ash', 'goal_difference'],
      [2, 'Birch', 'points'],
    ]);
  });
});

describe('awarded results', () => {
  it('count like any result and carry their mark into the form', () => {
    const t = table(2, [game(1, 2, 1, 1), game(2, 1, 3, 0, true)]);
    expect(t.row('Birch')).toMatchObject({ points: 4, won: 1, goals_for: 4, form: ['D', 'W'] });
    expect(t.row('Birch').form_entries.map((e) => [e.result, e.awarded])).toEqual([
      ['D', false],
      ['W', true],
    ]);
    expect(t.row('Ash').form_entries.at(-1)).toEqual({ fixture_id: expect.any(Number), result: 'L', awarded: true });
  });
});

describe("commissioner's decisions", () => {
  // Ash and Birch drew 1-1 and each beat Cedar 2-0: level on every rule.
  const results = () => [game(1, 2, 1, 1), game(1, 3, 2, 0), game(2, 3, 2, 0)];
  const playOff = { team_ids: [2, 1], reason: 'Play-off: Birch 2-1 Ash' };

  it('place teams still level after every rule, with the reason on each row', () => {
    for (const options of [{ decisions: [playOff] }, { ...H2H, decisions: [playOff] }]) {
      const t = table(3, results(), options);
      expect(t.order).toEqual([
        [1, 'Birch', 'decision'],
        [2, 'Ash', 'points'],
        [3, 'Cedar', null],
      ]);
      expect(t.row('Birch').decision).toEqual({ reason: playOff.reason });
      expect(t.row('Ash').decision).toEqual({ reason: playOff.reason });
      expect(t.row('Cedar').decision).toBeNull();
    }
  });

  it('leave them sharing the rank, listed by name, without a decision', () => {
    expect(table(3, results()).order).toEqual([
      [1, 'Ash', null],
      [1, 'Birch', 'points'],
      [3, 'Cedar', null],
    ]);
  });

  it('never override a rule that separates the teams', () => {
    const t = table(3, [game(1, 2, 2, 1), game(1, 3, 2, 0), game(2, 3, 2, 0)], { decisions: [playOff] });
    expect(t.order.slice(0, 2)).toEqual([
      [1, 'Ash', 'points'],
      [2, 'Birch', 'points'],
    ]);
    expect(t.rows.every((r) => r.decision === null)).toBe(true);
  });

  it('place only a group whose every team they name', () => {
    // Three teams level on everything (all 0-0); the decision names two of them.
    const draws = [game(1, 2, 0, 0), game(2, 3, 0, 0), game(3, 1, 0, 0)];
    const partial = table(3, draws, { decisions: [{ team_ids: [3, 2], reason: 'Drawing of lots' }] });
    expect(partial.order).toEqual([
      [1, 'Ash', null],
      [1, 'Birch', null],
      [1, 'Cedar', null],
    ]);
    const whole = table(3, draws, { decisions: [{ team_ids: [3, 1, 2], reason: 'Drawing of lots' }] });
    expect(whole.order).toEqual([
      [1, 'Cedar', 'decision'],
      [2, 'Ash', 'decision'],
      [3, 'Birch', null],
    ]);
  });
});
