import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { leagueHelpers } from '../support/league-rows.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('league results, fixture changes and league cards on $name', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;

  const db = () => server.database.db;
  const { fixtureOf, refuse } = leagueHelpers(() => ({ server, league }));
  const fixtureRow = (id: number) =>
    db().selectFrom('fixtures').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server);
  });
  afterAll(() => server.close());

  describe('POST /api/fixtures/:id/result', () => {
    const path = (fixtureId: number) => `/api/fixtures/${fixtureId}/result`;
    const line = (player_id: number, goals = 0, minutes = 90) => ({ player_id, minutes, goals });

    it('lets the fixture’s referee record it once, with player lines, and the commissioner correct it', async () => {
      const fixture = fixtureOf(3, 1);
      const home = league.teams.find((t) => t.id === fixture.home_team_id)!;
      const away = league.teams.find((t) => t.id === fixture.away_team_id)!;
      const { referee, commissioner } = league.members;
      const lines = [line(home.players[0]!, 2), line(home.players[1]!, 0, 45), line(away.players[0]!, 1)];
      const answer = await referee.visitor.send('POST', path(fixture.id), {
        json: {
          home_score: 2,
          away_score: 1,
          appearances: [{ ...lines[0], assists: 1, yellow_cards: 1 }, ...lines.slice(1)],
        },
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({
        id: fixture.id,
        status: 'played',
        home_score: 2,
        away_score: 1,
        home: { id: home.id },
      });
      expect(await fixtureRow(fixture.id)).toMatchObject({ status: 'played', home_score: 2, away_score: 1 });
      const stored = await db()
        .selectFrom('appearances')
        .selectAll()
        .where('fixture_id', '=', fixture.id)
        .orderBy('player_id')
        .execute();
      expect(stored).toHaveLength(3);
      expect(stored.find((a) => a.player_id === home.players[0])).toMatchObject({
        team_id: home.id,
        goals: 2,
        assists: 1,
        yellow_cards: 1,
        red_cards: 0,
      });
      expect(stored.find((a) => a.player_id === away.players[0])).toMatchObject({ team_id: away.id, goals: 1 });

      await refuse(
        referee.visitor,
        'POST',
        path(fixture.id),
        { home_score: 3, away_score: 1 },
        403,
        /already recorded; only the commissioner may correct/,
      );
      await refuse(
        commissioner.visitor,
        'POST',
        path(fixture.id),
        { home_score: 1, away_score: 1 },
        422,
        /scored 2 goals, more than its score of 1 in the lines recorded before/,
      );

      const corrected = await commissioner.visitor.send('POST', path(fixture.id), {
        json: { home_score: 3, away_score: 1 },
      });
      expect(corrected.status).toBe(200);
      expect(await fixtureRow(fixture.id)).toMatchObject({ home_score: 3, away_score: 1 });
      const kept = await db()
        .selectFrom('appearances')
        .select('player_id')
        .where('fixture_id', '=', fixture.id)
        .execute();
      expect(kept).toHaveLength(3);

      const replaced = await commissioner.visitor.send('POST', path(fixture.id), {
        json: { home_score: 0, away_score: 0, appearances: [line(away.players[2]!)] },
      });
      expect(replaced.status).toBe(200);
      const now = await db()
        .selectFrom('appearances')
        .select(['player_id', 'goals'])
        .where('fixture_id', '=', fixture.id)
        .execute();
      expect(now).toEqual([{ player_id: away.players[2], goals: 0 }]);
    });

    it('refuses results that break the rules', async () => {
      const fixture = fixtureOf(3, 0);
      const home = league.teams.find((t) => t.id === fixture.home_team_id)!;
      const stranger = league.teams.find((t) => t.id !== fixture.home_team_id && t.id !== fixture.away_team_id)!;
      const { commissioner } = league.members;
      const send = (json: unknown, status: number, message: RegExp) =>
        refuse(commissioner.visitor, 'POST', path(fixture.id), json, status, message);
      await send({ home_score: 100, away_score: 0 }, 400, /home_score must be <= 99/);
      await send({ home_score: -1, away_score: 0 }, 400, /home_score must be >= 0/);
      await send({ home_score: 1.5, away_score: 0 }, 400, /home_score must be integer/);
      await send({ home_score: '2', away_score: 0 }, 400, /home_score must be integer/);
      await send({ home_score: 2 }, 400, /away_score/);
      await send(
        { home_score: 1, away_score: 0, appearances: [line(home.players[0]!, 0, 91)] },
        422,
        /91 minutes; a football match lasts 90/,
      );
      await send(
        { home_score: 1, away_score: 0, appearances: [line(home.players[0]!, 0, 0)] },
        400,
        /minutes must be >= 1/,
      );
      await send(
        { home_score: 1, away_score: 0, appearances: [line(home.players[0]!, 2)] },
        422,
        /scored 2 goals, more than its score of 1/,
      );
      await send(
        { home_score: 1, away_score: 0, appearances: [line(stranger.players[0]!)] },
        422,
        /not in the squad of/,
      );
      await send(
        { home_score: 1, away_score: 0, appearances: [line(home.players[0]!), line(home.players[0]!)] },
        422,
        /more than one line/,
      );
      await send({ home_score: 1, away_score: 0, extra: true }, 400, /additional properties/);

      const future = league.fixtures.find((f) => f.week === 5)!;
      await refuse(
        commissioner.visitor,
        'POST',
        path(future.id),
        { home_score: 1, away_score: 0 },
        409,
        /week 5, after the current week 3/,
      );
      await refuse(
        commissioner.visitor,
        'POST',
        path(99999999),
        { home_score: 1, away_score: 0 },
        404,
        /does not exist/,
      );
      await refuse(
        commissioner.visitor,
        'POST',
        '/api/fixtures/abc/result',
        { home_score: 1, away_score: 0 },
        400,
        /params\/id must be integer/,
      );
    });

    it('lets only the commissioner and the fixture’s referee record it, and not a postponed one', async () => {
      const fixture = fixtureOf(3, 0);
      const json = { home_score: 1, away_score: 0 };
      const { coach, player, outsider, commissioner } = league.members;
      await refuse(league.anonymous, 'POST', path(fixture.id), json, 401, /not signed in/);
      await refuse(outsider.visitor, 'POST', path(fixture.id), json, 404, /not in one of your leagues/);
      await refuse(
        coach.visitor,
        'POST',
        path(fixture.id),
        json,
        403,
        /Only the commissioner or the fixture's referee/,
      );
      await refuse(
        player.visitor,
        'POST',
        path(fixture.id),
        json,
        403,
        /Only the commissioner or the fixture's referee/,
      );
      await db().updateTable('fixtures').set({ status: 'postponed' }).where('id', '=', fixture.id).execute();
      try {
        await refuse(commissioner.visitor, 'POST', path(fixture.id), json, 409, /postponed; reschedule it/);
      } finally {
        await db().updateTable('fixtures').set({ status: 'scheduled' }).where('id', '=', fixture.id).execute();
      }
    });
  });

  describe('PATCH /api/fixtures/:id', () => {
    const path = (id: number) => `/api/fixtures/${id}`;

    it('lets the commissioner move, re-referee, postpone and reschedule a fixture', async () => {
      const fixture = league.fixtures.find((f) => f.week === 5)!;
      const { commissioner, referee } = league.members;
      const moved = await commissioner.visitor.send('PATCH', path(fixture.id), {
        json: { kickoff_at: '2026-09-05T15:30:00+02:00', venue: ' Riverside Park, pitch 4 ' },
      });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body).toMatchObject({ kickoff_at: '2026-09-05T13:30:00.000Z', venue: 'Riverside Park, pitch 4' });
      expect(await fixtureRow(fixture.id)).toMatchObject({
        kickoff_at: '2026-09-05T13:30:00.000Z',
        venue: 'Riverside Park, pitch 4',
      });

      const named = await commissioner.visitor.send('PATCH', path(fixture.id), {
        json: { referee_user_id: null, referee_name: 'Sam Whistle' },
      });
      expect(named.body).toMatchObject({ referee_user_id: null, referee_name: 'Sam Whistle' });
      const member = await commissioner.visitor.send('PATCH', path(fixture.id), {
        json: { referee_user_id: referee.id },
      });
      expect(member.body).toMatchObject({ referee_user_id: referee.id, referee_name: 'Referee Tester' });

      await commissioner.visitor.send('PATCH', path(fixture.id), { json: { status: 'postponed' } });
      expect((await fixtureRow(fixture.id)).status).toBe('postponed');
      await commissioner.visitor.send('PATCH', path(fixture.id), { json: { status: 'scheduled' } });
      expect((await fixtureRow(fixture.id)).status).toBe('scheduled');
    });

    it('refuses anyone but the commissioner, played fixtures and bad changes', async () => {
      const fixture = league.fixtures.find((f) => f.week === 6)!;
      const played = league.fixtures.find((f) => f.week === 1)!;
      const { commissioner, coach, referee, outsider } = league.members;
      const json = { venue: 'Elsewhere' };
      await refuse(league.anonymous, 'PATCH', path(fixture.id), json, 401, /not signed in/);
      await refuse(outsider.visitor, 'PATCH', path(fixture.id), json, 404, /not in one of your leagues/);
      await refuse(coach.visitor, 'PATCH', path(fixture.id), json, 403, /Only the commissioner may change a fixture/);
      await refuse(referee.visitor, 'PATCH', path(fixture.id), json, 403, /Only the commissioner/);
      await refuse(commissioner.visitor, 'PATCH', path(played.id), json, 409, /has been played and cannot be changed/);
      const bad: [unknown, number, RegExp][] = [
        [{}, 400, /must NOT have fewer than 1 properties/],
        [{ kickoff_at: 'tomorrow' }, 400, /not a date and time/],
        [{ kickoff_at: '2026-02-30T10:00:00Z' }, 400, /not a date and time/],
        [{ status: 'played' }, 400, /status must be equal to one of the allowed values/],
        [{ venue: '   ' }, 400, /venue must not be blank/],
        [{ referee_user_id: coach.id }, 422, /not a referee of this league/],
        [{ referee_user_id: outsider.id }, 422, /not a referee of this league/],
        [{ home_score: 3 }, 400, /additional properties/],
      ];
      for (const [body, status, message] of bad)
        await refuse(commissioner.visitor, 'PATCH', path(fixture.id), body, status, message);
    });
  });

  describe('league cards in the chat', () => {
    it('posts results, transfers and fixture changes to the league channel as the member who made them', async () => {
      const own = await buildLeague(server);
      const { commissioner, referee } = own.members;
      const chat = server.app.chatDirectory.client();
      const channelId = `league-${own.id}`;
      await chat
        .channel('team', channelId, {
          name: 'League',
          members: [String(commissioner.id), String(referee.id)],
          created_by_id: String(commissioner.id),
        })
        .create();
      await db()
        .updateTable('leagues')
        .set({ chat_channel: `team:${channelId}` })
        .where('id', '=', own.id)
        .execute();
      const newest = async () => {
        const [channel] = await chat.queryChannels({ type: 'team', id: channelId }, [], { message_limit: 1 });
        return channel!.state.messages.at(-1);
      };
      const teamOf = (id: number) => ({ id, name: own.teams.find((t) => t.id === id)!.name });

      const fixture = own.fixtures.find((f) => f.week === 3)!;
      const [home, away] = [teamOf(fixture.home_team_id), teamOf(fixture.away_team_id)];
      const result = await referee.visitor.send('POST', `/api/fixtures/${fixture.id}/result`, {
        json: { home_score: 2, away_score: 1 },
      });
      expect(result.status).toBe(200);
      const posted = await newest();
      expect(posted?.text).toBe(`Result, week 3: ${home.name} 2–1 ${away.name}`);
      expect(posted?.user?.id).toBe(String(referee.id));
      expect(posted?.attachments).toEqual([
        expect.objectContaining({
          type: 'league_card',
          kind: 'result',
          title: 'Result, week 3',
          text: `${home.name} 2–1 ${away.name}`,
          title_link: `${server.config.publicUrl}/league?week=3`,
          league_id: own.id,
          fixture_id: fixture.id,
          home,
          away,
          score: { home: 2, away: 1 },
        }),
      ]);

      const playerId = own.teams[1]!.players[3]!;
      const player = await db()
        .selectFrom('players')
        .select('name')
        .where('id', '=', playerId)
        .executeTakeFirstOrThrow();
      const [from, to] = [teamOf(own.teams[1]!.id), teamOf(own.teams[2]!.id)];
      const transfer = await commissioner.visitor.send('POST', `/api/leagues/${own.id}/transfers`, {
        json: { kind: 'moved', player_id: playerId, team_id: to.id },
      });
      expect(transfer.status).toBe(201);
      const moved = await newest();
      expect(moved?.text).toBe(`Transfer: ${player.name} moves from ${from.name} to ${to.name}`);
      expect(moved?.user?.id).toBe(String(commissioner.id));
      expect(moved?.attachments?.[0]).toMatchObject({
        type: 'league_card',
        kind: 'transfer',
        title_link: `${server.config.publicUrl}/roster/${to.id}`,
        player: { id: playerId, name: player.name },
        from_team: from,
        to_team: to,
      });

      const later = own.fixtures.find((f) => f.week === 5)!;
      await commissioner.visitor.send('PATCH', `/api/fixtures/${later.id}`, { json: { status: 'postponed' } });
      const change = await newest();
      const [h, a] = [teamOf(later.home_team_id), teamOf(later.away_team_id)];
      expect(change?.text).toBe(`Fixture change, week 5: ${h.name} – ${a.name} is postponed`);
      expect(change?.attachments?.[0]).toMatchObject({
        kind: 'fixture',
        title_link: `${server.config.publicUrl}/league?week=5`,
        status: 'postponed',
      });

      // The chat service down: the result is saved all the same, and no card appears later.
      const dead = createServer();
      await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
      const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}/chat`;
      await new Promise((resolve) => dead.close(resolve));
      const other = own.fixtures.find((f) => f.week === 3 && f.id !== fixture.id)!;
      server.app.chatDirectory.setBaseUrl(deadUrl);
      try {
        const offline = await referee.visitor.send('POST', `/api/fixtures/${other.id}/result`, {
          json: { home_score: 0, away_score: 4 },
        });
        expect(offline.status).toBe(200);
      } finally {
        server.app.chatDirectory.setBaseUrl(null);
      }
      expect(await fixtureRow(other.id)).toMatchObject({ status: 'played', home_score: 0, away_score: 4 });
      expect((await newest())?.text).toBe(change?.text);
    });
  });
});
