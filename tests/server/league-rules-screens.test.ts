/**
 * What the commissioner's "Competition rules" screen reads besides the rules themselves (decision
 * 0039): the adjustments' limit with their list, every awarded fixture of the league in one
 * answer, and the card each award (and its withdrawal) posts to the league's chat channel, whose
 * text says it was awarded and why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwardedFixtures, FixtureSummary } from '../../server/api/league/league-view.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { registerMember, type Member } from '../support/league-setup.js';
import { rulesLeague, type RulesLeague } from '../support/rules-league.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('the rules screen’s reads on $name', (engine) => {
  let server: TestServer;
  let founder: Member;
  let player: Member;
  let outsider: Member;
  let league: RulesLeague;

  beforeAll(async () => {
    server = await startTestServer(engine);
    founder = await registerMember(server, 'founder');
    player = await registerMember(server, 'player');
    outsider = await registerMember(server, 'outsider');
    league = await rulesLeague(server, founder, [[player, 'player']]);
  });
  afterAll(() => server.close());

  const awards = async (who: Member) => {
    const answer = await who.visitor.send<AwardedFixtures>('GET', `/api/leagues/${league.id}/awards`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };

  it('lists the adjustments with the most points one may move (ADJUSTMENT_MAX_POINTS, 100)', async () => {
    const answer = await player.visitor.send('GET', `/api/leagues/${league.id}/adjustments`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ adjustments: [], max_points: 100 });
  });

  it('lists every awarded fixture, with its reason, until the award is withdrawn', async () => {
    expect(await awards(player)).toEqual({ league_id: league.id, fixtures: [] });
    await league.play('Alpha', 'Bravo', 1, 1);
    const fixture = league.fixture('Bravo', 'Charlie');
    const put = await founder.visitor.send<FixtureSummary>('PUT', `/api/fixtures/${fixture}/award`, {
      json: { home_score: 3, away_score: 0, reason: 'Charlie fielded no team' },
    });
    expect(put.status, put.text).toBe(200);
    const listed = await awards(player);
    // Only the awarded one: the played match is not listed.
    expect(listed.fixtures.map((f) => [f.id, f.home_score, f.away_score, f.awarded, f.awarded_reason])).toEqual([
      [fixture, 3, 0, true, 'Charlie fielded no team'],
    ]);
    expect(listed.fixtures[0]).toMatchObject({ home: { name: 'Bravo' }, away: { name: 'Charlie' }, status: 'played' });
    const removed = await founder.visitor.send('DELETE', `/api/fixtures/${fixture}/award`);
    expect(removed.status, removed.text).toBe(200);
    expect((await awards(player)).fixtures).toEqual([]);
  });

  it('refuses the list to a visitor (401), a member of another league (404) and a bad id (400)', async () => {
    const anonymous = new Visitor(server.url);
    const cases: [Visitor, string, number, RegExp][] = [
      [anonymous, `/api/leagues/${league.id}/awards`, 401, /sign/i],
      [outsider.visitor, `/api/leagues/${league.id}/awards`, 404, /not in one of your leagues/],
      [founder.visitor, '/api/leagues/0/awards', 400, /params\/id must be >= 1/],
    ];
    for (const [visitor, path, status, message] of cases) {
      const answer = await visitor.send<{ message: string }>('GET', path);
      expect(answer.status, answer.text).toBe(status);
      expect(answer.body.message).toMatch(message);
    }
  });

  it('posts an award, and its withdrawal, to the league channel as text that says so', async () => {
    const chat = server.app.chatDirectory.client();
    const channelId = `rules-${league.id}`;
    await chat
      .channel('team', channelId, { name: 'League', members: [String(founder.id)], created_by_id: String(founder.id) })
      .create();
    await server.database.db
      .updateTable('leagues')
      .set({ chat_channel: `team:${channelId}` })
      .where('id', '=', league.id)
      .execute();
    const newest = async () => {
      const [channel] = await chat.queryChannels({ type: 'team', id: channelId }, [], { message_limit: 1 });
      return channel!.state.messages.at(-1);
    };
    const fixture = league.fixture('Alpha', 'Charlie');
    const put = await founder.visitor.send('PUT', `/api/fixtures/${fixture}/award`, {
      json: { home_score: 0, away_score: 3, reason: 'Alpha fielded an ineligible player' },
    });
    expect(put.status, put.text).toBe(200);
    const posted = await newest();
    expect(posted?.text).toBe(
      'Awarded result, week 1: Alpha 0–3 Charlie, awarded by the commissioner: Alpha fielded an ineligible player',
    );
    expect(posted?.user?.id).toBe(String(founder.id));
    expect(posted?.attachments).toEqual([
      expect.objectContaining({
        type: 'league_card',
        kind: 'result',
        title: 'Awarded result, week 1',
        awarded: true,
        awarded_reason: 'Alpha fielded an ineligible player',
        score: { home: 0, away: 3 },
      }),
    ]);

    const removed = await founder.visitor.send('DELETE', `/api/fixtures/${fixture}/award`);
    expect(removed.status, removed.text).toBe(200);
    expect((await newest())?.text).toBe(
      'Award withdrawn, week 1: Alpha – Charlie has no result again and is back on the schedule',
    );
  });
});
