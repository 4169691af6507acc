/**
 * What the competition rules' routes refuse (docs/api.md "Competition rules", decision 0031):
 * only the commissioner writes (player and coach 403), a member of another league learns
 * nothing (404), a visitor is signed out (401); bad bodies are 400s naming the field, teams of
 * another league 422, a team already in a decision or an award to withdraw that is not one 409.
 * Every refusal changes nothing (league-rows.ts). Happy paths: league-rules.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { refusals } from '../support/league-rows.js';
import { registerMember, type Member } from '../support/league-setup.js';
import { rulesLeague, type RulesLeague } from '../support/rules-league.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('competition rules refused on $name', (engine) => {
  let server: TestServer;
  let founder: Member;
  let player: Member;
  let coach: Member;
  let outsider: Member;
  let league: RulesLeague;
  let other: RulesLeague;
  const refuse = refusals(() => server);

  beforeAll(async () => {
    server = await startTestServer(engine);
    founder = await registerMember(server, 'founder');
    player = await registerMember(server, 'player');
    coach = await registerMember(server, 'coach');
    outsider = await registerMember(server, 'outsider');
    league = await rulesLeague(server, founder, [
      [player, 'player'],
      [coach, 'coach'],
    ]);
    other = await rulesLeague(server, outsider);
  });
  afterAll(() => server.close());

  const adjustment = () => ({ team_id: league.teams.Alpha, points: -3, reason: 'Late registration' });
  const decision = () => ({ team_ids: [league.teams.Bravo, league.teams.Alpha], reason: 'Drawing of lots' });
  const award = { home_score: 3, away_score: 0, reason: 'Walkover' };
  const writes = (): [string, string, unknown][] => [
    ['POST', `/api/leagues/${league.id}/adjustments`, adjustment()],
    ['POST', `/api/leagues/${league.id}/decisions`, decision()],
    ['PUT', `/api/fixtures/${league.fixture('Alpha', 'Bravo')}/award`, award],
  ];

  it('only the commissioner writes: a player and a coach get 403, and nothing changes', async () => {
    for (const who of [player, coach])
      for (const [method, path, json] of writes())
        await refuse(league, who.visitor, method, path, json, 403, /Only the commissioner may/);
  });

  it('a member of another league gets 404 for every route, reads included', async () => {
    for (const [method, path, json] of writes())
      await refuse(
        league,
        outsider.visitor,
        method,
        path,
        json,
        404,
        /does not exist or is not in one of your leagues/,
      );
    for (const path of ['adjustments', 'decisions']) {
      const answer = await outsider.visitor.send('GET', `/api/leagues/${league.id}/${path}`);
      expect(answer.status, answer.text).toBe(404);
    }
  });

  it('a signed-out visitor gets 401 before the body is looked at', async () => {
    const anonymous = new Visitor(server.url);
    for (const [method, path] of writes()) await refuse(league, anonymous, method, path, { junk: true }, 401, /sign/i);
    expect((await anonymous.send('GET', `/api/leagues/${league.id}/adjustments`)).status).toBe(401);
  });

  it('refuses adjustments of 0, past ADJUSTMENT_MAX_POINTS (100), not whole, or without a reason', async () => {
    const path = `/api/leagues/${league.id}/adjustments`;
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ points: 0 }, /body\/points must not be 0/],
      [{ points: 101 }, /body\/points must be from -100 to 100 \(ADJUSTMENT_MAX_POINTS\); it is 101/],
      [{ points: -101 }, /body\/points must be from -100 to 100/],
      [{ points: 1.5 }, /body\/points must be integer/],
      [{ points: '3' }, /body\/points must be integer/],
      [{ reason: '' }, /body\/reason must not be blank/],
      [{ reason: '   ' }, /body\/reason must not be blank/],
      [{ reason: 'x'.repeat(201) }, /body\/reason must NOT have more than 200 characters/],
      [{ reason: 'A\nB' }, /body\/reason must not contain control characters/],
      [{ team_id: other.teams.Alpha }, /^Team \d+ is not a team of this league$/],
    ];
    for (const [changes, message] of bad) {
      const status = 'team_id' in changes ? 422 : 400;
      await refuse(league, founder.visitor, 'POST', path, { ...adjustment(), ...changes }, status, message);
    }
    await refuse(league, founder.visitor, 'POST', path, { team_id: league.teams.Alpha, points: -3 }, 400, /reason/);
    // The limit itself is allowed, either way.
    for (const points of [100, -100])
      expect((await founder.visitor.send('POST', path, { json: { ...adjustment(), points } })).status).toBe(201);
  });

  it('refuses decisions of one team, a team twice, a team of another league, or a team already decided', async () => {
    const path = `/api/leagues/${league.id}/decisions`;
    const { Alpha, Bravo, Charlie } = league.teams;
    const bad: [unknown, number, RegExp][] = [
      [[Alpha], 400, /body\/team_ids must NOT have fewer than 2 items/],
      [[Alpha, Bravo, Alpha], 400, new RegExp(`body/team_ids names team ${Alpha} more than once`)],
      [[Alpha, other.teams.Bravo], 422, /is not a team of this league/],
    ];
    for (const [team_ids, status, message] of bad)
      await refuse(league, founder.visitor, 'POST', path, { ...decision(), team_ids }, status, message);
    await refuse(league, founder.visitor, 'POST', path, { ...decision(), reason: '' }, 400, /body\/reason/);
    const first = await founder.visitor.send<{ id: number }>('POST', path, { json: decision() });
    expect(first.status, first.text).toBe(201);
    await refuse(
      league,
      founder.visitor,
      'POST',
      path,
      { team_ids: [Charlie, Bravo], reason: 'Play-off' },
      409,
      new RegExp(`Team ${Bravo} is already ordered by decision ${first.body.id}`),
    );
    await refuse(
      league,
      founder.visitor,
      'DELETE',
      `/api/leagues/${other.id}/decisions/${first.body.id}`,
      undefined,
      404,
      /not in one of your leagues/,
    );
    await refuse(league, founder.visitor, 'DELETE', `${path}/999999`, undefined, 404, /Decision 999999 does not exist/);
  });

  it('refuses awards with scores out of 0..99 or without a reason, and withdrawing what is not awarded', async () => {
    const path = `/api/fixtures/${league.fixture('Bravo', 'Charlie')}/award`;
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ home_score: -1 }, /body\/home_score must be >= 0/],
      [{ away_score: 100 }, /body\/away_score must be <= 99/],
      [{ home_score: 2.5 }, /body\/home_score must be integer/],
      [{ reason: '' }, /body\/reason must not be blank/],
    ];
    for (const [changes, message] of bad)
      await refuse(league, founder.visitor, 'PUT', path, { ...award, ...changes }, 400, message);
    await refuse(league, founder.visitor, 'DELETE', path, undefined, 409, /was not awarded/);
    await refuse(league, player.visitor, 'DELETE', path, undefined, 403, /Only the commissioner may/);
    await refuse(
      league,
      founder.visitor,
      'PUT',
      '/api/fixtures/999999/award',
      award,
      404,
      /Fixture 999999 does not exist/,
    );
  });
});
