/**
 * The competition rules (issue #28 item 5, docs/decisions/0031, docs/api.md "Competition
 * rules"): the commissioner deducts or adds points, awards a result and orders teams level after
 * every rule, each with its reason; the next read of the league ranks by them at once (the
 * revision triggers drop the cached table). Refusals: league-rules-refusals.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureView } from '../../server/api/league/league-writes.js';
import type { AdjustmentView, DecisionView } from '../../server/api/league/rules-writes.js';
import { ENGINES } from '../support/engines.js';
import { registerMember, type Member } from '../support/league-setup.js';
import { rulesLeague } from '../support/rules-league.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('competition rules on $name', (engine) => {
  let server: TestServer;
  let founder: Member;
  let player: Member;

  beforeAll(async () => {
    server = await startTestServer(engine);
    founder = await registerMember(server, 'founder');
    player = await registerMember(server, 'player');
  });
  afterAll(() => server.close());

  it('a deduction shows on the next read with its reason and re-orders the table; removing it restores it', async () => {
    const league = await rulesLeague(server, founder, [[player, 'player']]);
    await league.play('Alpha', 'Charlie', 2, 0);
    expect(await league.table()).toEqual([
      ['Alpha', 3],
      ['Bravo', 0],
      ['Charlie', 0],
    ]);
    const added = await founder.visitor.send<AdjustmentView>('POST', `/api/leagues/${league.id}/adjustments`, {
      json: { team_id: league.teams.Alpha, points: -4, reason: '  Fielded an ineligible player ' },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      league_id: league.id,
      team: { id: league.teams.Alpha, name: 'Alpha' },
      points: -4,
      reason: 'Fielded an ineligible player',
      by_user_id: founder.id,
    });
    expect(await league.table()).toEqual([
      ['Bravo', 0],
      ['Charlie', 0],
      ['Alpha', -1],
    ]);
    const alpha = (await league.detail(player)).standings.find((row) => row.team.name === 'Alpha')!;
    expect(alpha).toMatchObject({
      rank: 3,
      points: -1,
      points_adjustment: -4,
      adjustments: [{ points: -4, reason: 'Fielded an ineligible player' }],
    });

    // Any member lists them; only the commissioner removes one.
    const list = await player.visitor.send('GET', `/api/leagues/${league.id}/adjustments`);
    expect(list.status, list.text).toBe(200);
    expect(list.body).toEqual({ adjustments: [added.body], max_points: 100 });
    const removed = await founder.visitor.send('DELETE', `/api/leagues/${league.id}/adjustments/${added.body.id}`);
    expect(removed.status, removed.text).toBe(204);
    expect((await league.table())[0]).toEqual(['Alpha', 3]);
    const again = await founder.visitor.send('DELETE', `/api/leagues/${league.id}/adjustments/${added.body.id}`);
    expect(again.status, again.text).toBe(404);
  });

  it('an addition lifts a team, and several adjustments add up', async () => {
    const league = await rulesLeague(server, founder);
    for (const points of [2, -1])
      expect(
        (
          await founder.visitor.send('POST', `/api/leagues/${league.id}/adjustments`, {
            json: { team_id: league.teams.Charlie, points, reason: `Adjusted by ${points}` },
          })
        ).status,
      ).toBe(201);
    expect(await league.table()).toEqual([
      ['Charlie', 1],
      ['Alpha', 0],
      ['Bravo', 0],
    ]);
    const charlie = (await league.detail()).standings[0]!;
    expect(charlie.points_adjustment).toBe(1);
    expect(charlie.adjustments.map((a) => a.points)).toEqual([2, -1]);
  });

  it('an awarded result counts, is marked on the fixture and in the form, and re-orders the table', async () => {
    const league = await rulesLeague(server, founder, [[player, 'player']]);
    await league.play('Alpha', 'Charlie', 2, 0);
    const fixtureId = league.fixture('Alpha', 'Bravo');
    await league.table(); // cached before the award: the award must still show at once
    const awarded = await founder.visitor.send<FixtureView>('PUT', `/api/fixtures/${fixtureId}/award`, {
      json: { home_score: 0, away_score: 3, reason: 'Alpha fielded an ineligible player' },
    });
    expect(awarded.status, awarded.text).toBe(200);
    expect(awarded.body).toMatchObject({
      id: fixtureId,
      status: 'played',
      home_score: 0,
      away_score: 3,
      awarded: true,
      awarded_reason: 'Alpha fielded an ineligible player',
    });
    // Bravo 3 (difference +3) now ranks above Alpha 3 (difference −1).
    expect(await league.table()).toEqual([
      ['Bravo', 3],
      ['Alpha', 3],
      ['Charlie', 0],
    ]);
    const bravo = (await league.detail(player)).standings[0]!;
    expect(bravo.form_entries).toEqual([{ fixture_id: fixtureId, result: 'W', awarded: true }]);

    const week = await league.week(player);
    const shown = week.fixtures.find((f) => f.id === fixtureId)!;
    expect(shown).toMatchObject({ awarded: true, awarded_reason: 'Alpha fielded an ineligible player' });
    expect(week.fixtures.filter((f) => f.id !== fixtureId).map((f) => [f.awarded, f.awarded_reason])).toEqual([
      [false, null],
      [false, null],
    ]);
    const detail = await player.visitor.send('GET', `/api/fixtures/${fixtureId}`);
    expect(detail.body).toMatchObject({ awarded: true, awarded_reason: 'Alpha fielded an ineligible player' });
  });

  it('withdrawing an award returns the fixture to scheduled without a score', async () => {
    const league = await rulesLeague(server, founder);
    const fixtureId = league.fixture('Bravo', 'Charlie');
    await founder.visitor.send('PUT', `/api/fixtures/${fixtureId}/award`, {
      json: { home_score: 3, away_score: 0, reason: 'Charlie did not turn up' },
    });
    expect((await league.table())[0]).toEqual(['Bravo', 3]);
    const withdrawn = await founder.visitor.send('DELETE', `/api/fixtures/${fixtureId}/award`);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body).toMatchObject({
      status: 'scheduled',
      home_score: null,
      away_score: null,
      awarded: false,
      awarded_reason: null,
    });
    expect((await league.detail()).standings.map((row) => row.points)).toEqual([0, 0, 0]);
    const twice = await founder.visitor.send('DELETE', `/api/fixtures/${fixtureId}/award`);
    expect(twice.status, twice.text).toBe(409);
    expect(twice.body.message).toMatch(/was not awarded/);
  });

  it('a result recorded on an awarded fixture replaces the award', async () => {
    const league = await rulesLeague(server, founder);
    const fixtureId = league.fixture('Alpha', 'Bravo');
    await founder.visitor.send('PUT', `/api/fixtures/${fixtureId}/award`, {
      json: { home_score: 3, away_score: 0, reason: 'Bravo withdrew' },
    });
    const recorded = await founder.visitor.send('POST', `/api/fixtures/${fixtureId}/result`, {
      json: { home_score: 1, away_score: 1 },
    });
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.body).toMatchObject({ home_score: 1, away_score: 1, awarded: false, awarded_reason: null });
    expect((await league.detail()).standings[0]!.form_entries).toEqual([
      { fixture_id: fixtureId, result: 'D', awarded: false },
    ]);
  });

  it('a decision orders two teams level after every rule, with its reason; removing it restores name order', async () => {
    const league = await rulesLeague(server, founder, [[player, 'player']]);
    await league.play('Bravo', 'Charlie', 1, 1);
    expect(await league.table()).toEqual([
      ['Bravo', 1],
      ['Charlie', 1],
      ['Alpha', 0],
    ]);
    const decided = await founder.visitor.send<DecisionView>('POST', `/api/leagues/${league.id}/decisions`, {
      json: { team_ids: [league.teams.Charlie, league.teams.Bravo], reason: 'Charlie won the play-off 2–1' },
    });
    expect(decided.status, decided.text).toBe(201);
    expect(decided.body).toMatchObject({
      league_id: league.id,
      teams: [{ name: 'Charlie' }, { name: 'Bravo' }],
      reason: 'Charlie won the play-off 2–1',
      by_user_id: founder.id,
    });
    const rows = (await league.detail(player)).standings;
    expect(rows.map((row) => [row.rank, row.team.name, row.decided_by, row.decision])).toEqual([
      [1, 'Charlie', 'decision', { reason: 'Charlie won the play-off 2–1' }],
      [2, 'Bravo', 'points', { reason: 'Charlie won the play-off 2–1' }],
      [3, 'Alpha', null, null],
    ]);
    const list = await player.visitor.send('GET', `/api/leagues/${league.id}/decisions`);
    expect(list.body).toEqual({ decisions: [decided.body] });

    const removed = await founder.visitor.send('DELETE', `/api/leagues/${league.id}/decisions/${decided.body.id}`);
    expect(removed.status, removed.text).toBe(204);
    expect((await league.detail()).standings.map((row) => [row.rank, row.team.name])).toEqual([
      [1, 'Bravo'],
      [1, 'Charlie'],
      [3, 'Alpha'],
    ]);
  });
});
