import { describe, expect, it } from 'vitest';
import { computeStandings, type PlayedResult } from './standings.js';
import { SPORTS } from './sports.js';

const football = SPORTS.football.points;
const team = (id: number, name: string) => ({ id, name });

let nextId = 1;
function game(week: number, home: number, away: number, homeScore: number, awayScore: number): PlayedResult {
  return {
    id: nextId++,
    week,
    kickoff_at: `2026-03-${String(week).padStart(2, '0')}T15:00:00.000Z`,
    home_team_id: home,
    away_team_id: away,
    home_score: homeScore,
    away_score: awayScore,
  };
}

describe('computeStandings', () => {
  it('counts played, won, drawn, lost, goals and points', () => {
    const table = computeStandings(
      [team(1, 'Hawks'), team(2, 'Owls'), team(3, 'Bears')],
      [game(1, 1, 2, 2, 1), game(2, 2, 3, 0, 0), game(3, 3, 1, 3, 1)],
      football,
    );
    expect(
      table.map((r) => [r.rank, r.team.name, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against]),
    ).toEqual([
      [1, 'Bears', 2, 1, 1, 0, 3, 1],
      [2, 'Hawks', 2, 1, 0, 1, 3, 4],
      [3, 'Owls', 2, 0, 1, 1, 1, 2],
    ]);
    expect(table.map((r) => [r.points, r.goal_difference])).toEqual([
      [4, 2],
      [3, -1],
      [1, -1],
    ]);
  });

  it('orders by points, then goal difference, then goals scored, before names', () => {
    const teams = (a: string, b: string) => [team(1, a), team(2, b), team(3, 'F1'), team(4, 'F2')];
    const top2 = (table: { rank: number; team: { name: string } }[]) =>
      table.slice(0, 2).map((r) => [r.rank, r.team.name]);
    // Ann draws 5-5 (1 point), Zed wins 1-0 (3 points): points first, goals do not matter.
    expect(top2(computeStandings(teams('Ann', 'Zed'), [game(1, 1, 3, 5, 5), game(1, 2, 4, 1, 0)], football))).toEqual([
      [1, 'Zed'],
      [2, 'Ann'],
    ]);
    // Both 3 points; Zed +3, Ann +1.
    expect(top2(computeStandings(teams('Ann', 'Zed'), [game(1, 1, 3, 1, 0), game(1, 2, 4, 3, 0)], football))).toEqual([
      [1, 'Zed'],
      [2, 'Ann'],
    ]);
    // Both 3 points and +1; Yak scored 3, Bee 1.
    expect(top2(computeStandings(teams('Bee', 'Yak'), [game(1, 1, 3, 1, 0), game(1, 2, 4, 3, 2)], football))).toEqual([
      [1, 'Yak'],
      [2, 'Bee'],
    ]);
  });

  it('uses wins as the last sporting tie-break', () => {
    // With a point for a loss, a win and a loss (3) equal three draws (3).
    const table = computeStandings(
      [team(1, 'Zulu'), team(2, 'Alpha'), team(3, 'P'), team(4, 'Q')],
      [
        game(1, 1, 3, 2, 1), // Zulu W
        game(2, 1, 4, 0, 1), // Zulu L → 3 points, 2:2, 1 win
        game(1, 2, 4, 1, 1), // Alpha D
        game(2, 2, 3, 1, 1), // Alpha D
        game(3, 2, 3, 0, 0), // Alpha D → 3 points, 2:2, no win
      ],
      { win: 2, draw: 1, loss: 1 },
    );
    const zulu = table.find((r) => r.team.name === 'Zulu')!;
    const alpha = table.find((r) => r.team.name === 'Alpha')!;
    expect([zulu.points, zulu.goal_difference, zulu.goals_for, zulu.won]).toEqual([3, 0, 2, 1]);
    expect([alpha.points, alpha.goal_difference, alpha.goals_for, alpha.won]).toEqual([3, 0, 2, 0]);
    expect(zulu.rank).toBeLessThan(alpha.rank);
  });

  it('lets teams level after wins share a rank, listed by name without regard to case', () => {
    const table = computeStandings(
      [team(1, 'Delta'), team(2, 'charlie'), team(3, 'Bravo'), team(4, 'Alpha')],
      [game(1, 4, 1, 3, 0), game(1, 2, 3, 1, 1), game(2, 2, 1, 2, 1), game(2, 3, 4, 2, 1)],
      football,
    );
    // Bravo and charlie: D 1-1, W 2-1 → 4 points, 3:2, 1 win each. Alpha: W 3-0, L 1-2.
    expect(table.map((r) => [r.rank, r.team.name, r.points])).toEqual([
      [1, 'Bravo', 4],
      [1, 'charlie', 4],
      [3, 'Alpha', 3],
      [4, 'Delta', 0],
    ]);
  });

  it('shares ranks like 1, 2, 2, 4', () => {
    const table = computeStandings(
      [team(1, 'Top'), team(2, 'Yew'), team(3, 'Ash'), team(4, 'Low')],
      [game(1, 1, 4, 2, 0), game(1, 2, 3, 1, 1)],
      football,
    );
    expect(table.map((r) => [r.rank, r.team.name])).toEqual([
      [1, 'Top'],
      [2, 'Ash'],
      [2, 'Yew'],
      [4, 'Low'],
    ]);
  });

  it('keeps the last five results, oldest first, whatever order the results come in', () => {
    const results = [
      game(6, 1, 2, 0, 1), // L
      game(1, 1, 2, 1, 0), // W (dropped: six games)
      game(3, 2, 1, 2, 2), // D
      game(2, 1, 2, 0, 3), // L
      game(5, 2, 1, 0, 4), // W
      game(4, 1, 2, 1, 1), // D
    ];
    const table = computeStandings([team(1, 'Home'), team(2, 'Away')], results, football);
    expect(table.find((r) => r.team.id === 1)!.form).toEqual(['L', 'D', 'D', 'W', 'L']);
    expect(table.find((r) => r.team.id === 2)!.form).toEqual(['W', 'D', 'D', 'L', 'W']);
    expect(table.find((r) => r.team.id === 1)!.played).toBe(6);
  });

  it('lists every team, with zeros for teams that have not played', () => {
    const table = computeStandings(
      [team(1, 'Busy'), team(2, 'Idle'), team(3, 'Other')],
      [game(1, 1, 3, 0, 1)],
      football,
    );
    expect(table.map((r) => r.team.name)).toEqual(['Other', 'Idle', 'Busy']);
    expect(table[1]).toEqual({
      rank: 2,
      team: { id: 2, name: 'Idle' },
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      goals_for: 0,
      goals_against: 0,
      goal_difference: 0,
      points: 0,
      form: [],
      form_entries: [],
      points_adjustment: 0,
      adjustments: [],
      // Idle (0 points, 0:0) is above Busy (0 points, 0:1) on goal difference.
      decided_by: 'goal_difference',
      decision: null,
    });
    expect(computeStandings([team(1, 'B'), team(2, 'A')], [], football).map((r) => [r.rank, r.team.name])).toEqual([
      [1, 'A'],
      [1, 'B'],
    ]);
  });

  it("applies the league's points, e.g. basketball's point for a loss or hockey's two for a win", () => {
    const results = [game(1, 1, 2, 80, 75), game(2, 2, 1, 70, 70)];
    const basketball = computeStandings([team(1, 'Hoops'), team(2, 'Dunks')], results, SPORTS.basketball.points);
    expect(basketball.map((r) => [r.team.name, r.points])).toEqual([
      ['Hoops', 3],
      ['Dunks', 2],
    ]);
    const hockey = computeStandings([team(1, 'Hoops'), team(2, 'Dunks')], results, SPORTS.hockey.points);
    expect(hockey.map((r) => [r.team.name, r.points])).toEqual([
      ['Hoops', 3],
      ['Dunks', 1],
    ]);
  });

  it('ignores results of teams it was not given', () => {
    const table = computeStandings([team(1, 'Only')], [game(1, 1, 99, 1, 0)], football);
    expect(table).toHaveLength(1);
    expect(table[0]).toMatchObject({ played: 1, won: 1, points: 3 });
  });
});
