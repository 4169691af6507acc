/**
 * A league's members on each engine (docs/decisions/0034): the list, role and team changes, the
 * rule that a league keeps a commissioner (also when two commissioners demote each other at
 * once), removal and leaving (the next read is a 404), the membership events, and the supporter:
 * reads everything a player reads, writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import type { Visitor } from '../support/http-client.js';
import { invitationRow, invite, joinWith, membershipRow, recording } from '../support/invitations.js';
import { buildLeague, type BuiltLeague, type BuiltMember } from '../support/league-builder.js';
import { leagueHelpers } from '../support/league-rows.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Member {
  user_id: number;
  name: string;
  role: string;
  team: { id: number } | null;
  joined_at: string | null;
  invitation_id: number | null;
}

describe.each(ENGINES)('league members on $name', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;
  const { fixtureOf, refuse } = leagueHelpers(() => ({ server, league }));
  const db = () => server.database.db;
  /** A small league of its own, for tests that change who is in it. */
  const small = () => buildLeague(server, { teams: 2, squad: 1, freeAgents: 0, weeks: 1, currentWeek: 1 });
  const membersOf = (l: { id: number }) => `/api/leagues/${l.id}/members`;
  const patch = (who: Visitor, l: { id: number }, userId: number, json: unknown) =>
    who.send('PATCH', `${membersOf(l)}/${userId}`, { json });
  const commissionerCount = async (leagueId: number) =>
    (
      await db()
        .selectFrom('league_members')
        .select('user_id')
        .where('league_id', '=', leagueId)
        .where('role', '=', 'commissioner')
        .execute()
    ).length;

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server);
  });
  afterAll(() => server.close());

  describe('GET /api/leagues/:id/members', () => {
    it('lists every member with name, picture, role and team, by role; management details for the commissioner', async () => {
      const l = await small();
      const { token, id: invitationId } = await invite(l.members.commissioner.visitor, l.id, { role: 'supporter' });
      const fan = await joinWith(server, 'fan', token);

      const asPlayer = await l.members.player.visitor.send('GET', membersOf(l));
      expect(asPlayer.status).toBe(200);
      const members = asPlayer.body.members as Member[];
      expect(members.map((m) => [m.user_id, m.role, m.team?.id ?? null])).toEqual([
        [l.members.commissioner.id, 'commissioner', null],
        [l.members.coach.id, 'coach', l.teams[0]!.id],
        [l.members.otherCoach.id, 'coach', l.teams[1]!.id],
        [l.members.player.id, 'player', l.teams[0]!.id],
        [l.members.referee.id, 'referee', null],
        [fan.id, 'supporter', null],
      ]);
      expect(members[0]).toMatchObject({ name: 'Commissioner Tester', avatar_url: null });
      expect(asPlayer.body.can_manage).toBe(false);
      expect(members.every((m) => m.joined_at === null && m.invitation_id === null)).toBe(true);

      const asCommissioner = await l.members.commissioner.visitor.send('GET', membersOf(l));
      expect(asCommissioner.body.can_manage).toBe(true);
      const joined = (asCommissioner.body.members as Member[]).find((m) => m.user_id === fan.id)!;
      expect(joined.invitation_id).toBe(invitationId);
      expect(Date.now() - Date.parse(joined.joined_at!)).toBeLessThan(60_000);

      expect((await l.members.outsider.visitor.send('GET', membersOf(l))).status).toBe(404);
      expect((await l.anonymous.send('GET', membersOf(l))).status).toBe(401);
    });
  });

  describe('PATCH /api/leagues/:id/members/:userId', () => {
    it("changes a member's role and team, and records the chat change with it", async () => {
      const l = await small();
      const { commissioner, player } = l.members;
      let answer = await patch(commissioner.visitor, l, player.id, { team_id: l.teams[1]!.id });
      const recorded = await recording(server, l.id, async () => {
        answer = await patch(commissioner.visitor, l, player.id, { role: 'coach' });
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ user_id: player.id, role: 'coach', team: { id: l.teams[1]!.id } });
      expect(recorded).toBe(1);
      const mine = await player.visitor.send('GET', `/api/leagues/${l.id}`);
      expect(mine.body).toMatchObject({ my_role: 'coach', my_team: { id: l.teams[1]!.id } });

      // A role without a team drops it; nothing changed records nothing.
      answer = await patch(commissioner.visitor, l, player.id, { role: 'supporter' });
      expect(answer.body).toMatchObject({ role: 'supporter', team: null });
      const silent = await recording(server, l.id, async () => {
        expect((await patch(commissioner.visitor, l, player.id, { role: 'supporter' })).status).toBe(200);
      });
      expect(silent).toBe(0);
    });

    it('refuses bad changes, naming what is wrong, and changes nothing', async () => {
      const { commissioner, referee, player, outsider, coach } = league.members;
      const path = (userId: number) => `${membersOf(league)}/${userId}`;
      const cases: [Visitor, number, unknown, number, RegExp][] = [
        [commissioner.visitor, referee.id, { team_id: league.teams[0]!.id }, 422, /A referee has no team/],
        [commissioner.visitor, player.id, { role: 'supporter', team_id: league.teams[0]!.id }, 422, /supporter has/],
        [commissioner.visitor, player.id, { team_id: 2147483647 }, 422, /is not a team of this league/],
        [commissioner.visitor, player.id, { role: 'captain' }, 400, /role must be equal to one of the allowed values/],
        [commissioner.visitor, player.id, {}, 400, /must NOT have fewer than 1 properties/],
        [commissioner.visitor, player.id, { role: 'coach', note: 1 }, 400, /additional properties/],
        [commissioner.visitor, outsider.id, { role: 'player' }, 404, /is not a member of this league/],
        [coach.visitor, player.id, { role: 'supporter' }, 403, /Only the commissioner may change members' roles/],
        [outsider.visitor, player.id, { role: 'supporter' }, 404, /does not exist or is not in one of your leagues/],
        [league.anonymous, player.id, { role: 'supporter' }, 401, /not signed in/],
      ];
      for (const [who, userId, json, status, message] of cases)
        await refuse(who, 'PATCH', path(userId), json, status, message);
      const noCsrf = await commissioner.visitor.send('PATCH', path(player.id), {
        json: { role: 'supporter' },
        csrf: false,
      });
      expect(noCsrf.status).toBe(403);
      expect(await membershipRow(server, league.id, player.id)).toMatchObject({ role: 'player' });
    });

    it('keeps the only commissioner; a second one may then step down', async () => {
      const l = await small();
      const { commissioner, coach } = l.members;
      const refused = await patch(commissioner.visitor, l, commissioner.id, { role: 'player' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(
        /Commissioner Tester is the league's only commissioner; make another member commissioner first/,
      );
      expect((await patch(commissioner.visitor, l, coach.id, { role: 'commissioner' })).body).toMatchObject({
        role: 'commissioner',
        team: null,
      });
      expect((await patch(commissioner.visitor, l, commissioner.id, { role: 'supporter' })).status).toBe(200);
      expect((await patch(commissioner.visitor, l, coach.id, { role: 'player' })).status).toBe(403);
      expect(await commissionerCount(l.id)).toBe(1);
    });

    it('leaves a commissioner when two commissioners demote each other at once', async () => {
      const l = await small();
      const a = l.members.commissioner;
      const b = l.members.referee;
      for (let round = 0; round < 3; round++) {
        // Whoever is left promotes the other again.
        const [first, second] = (await membershipRow(server, l.id, a.id))?.role === 'commissioner' ? [a, b] : [b, a];
        expect((await patch(first.visitor, l, second.id, { role: 'commissioner' })).status).toBe(200);
        const answers = await Promise.all([
          patch(a.visitor, l, b.id, { role: 'referee' }),
          patch(b.visitor, l, a.id, { role: 'referee' }),
        ]);
        expect(answers.map((x) => x.status).sort(), answers.map((x) => x.text).join(' | ')).toEqual([200, 403]);
        expect(await commissionerCount(l.id)).toBe(1);
      }
    });

    it('takes a coach who moves or changes role off the team they coached', async () => {
      const l = await small();
      const { commissioner, coach } = l.members;
      const teamA = l.teams[0]!.id;
      expect((await patch(commissioner.visitor, l, coach.id, { team_id: l.teams[1]!.id })).status).toBe(200);
      const team = await db()
        .selectFrom('teams')
        .select('coach_user_id')
        .where('id', '=', teamA)
        .executeTakeFirstOrThrow();
      expect(team.coach_user_id).toBeNull();
      const detail = await coach.visitor.send('GET', `/api/teams/${teamA}`);
      expect(detail.body.can).toEqual({ manage_squad: false, set_sheet: false });
    });
  });

  describe('DELETE /api/leagues/:id/members/:userId and /members/me', () => {
    it('removes a member, whose very next read of the league is a 404', async () => {
      const l = await small();
      const { commissioner, player } = l.members;
      // Reads first, so the league's snapshot is in memory when the member goes.
      for (const path of [`/api/leagues/${l.id}`, `/api/teams/${l.teams[0]!.id}`, membersOf(l)])
        expect((await player.visitor.send('GET', path)).status).toBe(200);
      const recorded = await recording(server, l.id, async () => {
        const removed = await commissioner.visitor.send('DELETE', `${membersOf(l)}/${player.id}`);
        expect(removed.status, removed.text).toBe(204);
      });
      expect(recorded).toBe(1);
      for (const path of [
        `/api/leagues/${l.id}`,
        `/api/leagues/${l.id}/fixtures`,
        `/api/teams/${l.teams[0]!.id}`,
        `/api/leagues/${l.id}/players`,
        `/api/players/${l.teams[0]!.players[0]}`,
        membersOf(l),
      ]) {
        const answer = await player.visitor.send('GET', path);
        expect(answer.status, path).toBe(404);
      }
      const list = await player.visitor.send('GET', '/api/leagues');
      expect(list.body.leagues).toEqual([]);
      expect(await membershipRow(server, l.id, player.id)).toBeUndefined();
    });

    it('refuses to remove the only commissioner, a non-member, or by anyone but the commissioner', async () => {
      const l = await small();
      const { commissioner, coach, player, outsider } = l.members;
      const path = (userId: number) => `${membersOf(l)}/${userId}`;
      const only = await commissioner.visitor.send('DELETE', path(commissioner.id));
      expect(only.status).toBe(409);
      expect(only.body.message).toMatch(
        /You are the league's only commissioner; make another member commissioner before leaving/,
      );
      const notMember = await commissioner.visitor.send('DELETE', path(outsider.id));
      expect([notMember.status, notMember.body.message]).toEqual([
        404,
        `User ${outsider.id} is not a member of this league`,
      ]);
      const byCoach = await coach.visitor.send('DELETE', path(player.id));
      expect([byCoach.status, byCoach.body.message]).toEqual([403, 'Only the commissioner may remove members']);
      expect((await outsider.visitor.send('DELETE', path(player.id))).status).toBe(404);
      expect((await commissioner.visitor.send('DELETE', path(player.id), { csrf: false })).status).toBe(403);
      expect(await membershipRow(server, l.id, player.id)).toBeDefined();
      expect(await membershipRow(server, l.id, commissioner.id)).toBeDefined();
    });

    it('lets a member leave; the only commissioner leaves only last, and then the open links are revoked', async () => {
      const l = await small();
      const { commissioner, coach, otherCoach, player, referee } = l.members;
      const leave = (m: BuiltMember) => m.visitor.send('DELETE', `${membersOf(l)}/me`);
      const open = await invite(commissioner.visitor, l.id, { role: 'supporter', max_uses: 5 });

      expect((await leave(player)).status).toBe(204);
      expect((await player.visitor.send('GET', `/api/leagues/${l.id}`)).status).toBe(404);
      expect((await leave(player)).status).toBe(404);

      const refused = await leave(commissioner);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/only commissioner; make another member commissioner before leaving/);
      for (const m of [coach, otherCoach, referee]) expect((await leave(m)).status).toBe(204);
      expect((await invitationRow(server, open.id)).revoked_at).toBeNull();
      expect((await leave(commissioner)).status).toBe(204);
      expect((await invitationRow(server, open.id)).revoked_at).not.toBeNull();
      expect(await db().selectFrom('league_members').select('user_id').where('league_id', '=', l.id).execute()).toEqual(
        [],
      );
    });
  });

  describe('the supporter', () => {
    let fan: BuiltMember;
    beforeAll(async () => {
      const { token } = await invite(league.members.commissioner.visitor, league.id, { role: 'supporter' });
      fan = await joinWith(server, 'supporter', token);
    });

    it('reads everything a player reads', async () => {
      const fixture = fixtureOf(3, 0);
      const team = league.teams[0]!;
      const leagues = await fan.visitor.send('GET', '/api/leagues');
      expect(leagues.body.leagues).toEqual([
        expect.objectContaining({ id: league.id, my_role: 'supporter', my_team: null }),
      ]);
      for (const path of [
        `/api/leagues/${league.id}`,
        `/api/leagues/${league.id}/fixtures?week=2`,
        `/api/fixtures/${fixture.id}`,
        `/api/teams/${team.id}`,
        `/api/leagues/${league.id}/players?q=player`,
        `/api/players/${team.players[0]}`,
        `/api/leagues/${league.id}/transfers`,
        membersOf(league),
      ]) {
        const [asFan, asPlayer] = await Promise.all([
          fan.visitor.send('GET', path),
          league.members.player.visitor.send('GET', path),
        ]);
        expect(asFan.status, path).toBe(200);
        expect(asFan.status).toBe(asPlayer.status);
      }
      const detail = await fan.visitor.send('GET', `/api/fixtures/${fixture.id}`);
      expect(detail.body.can).toEqual({
        set_home_sheet: false,
        set_away_sheet: false,
        record_result: false,
        change: false,
      });
      const teamDetail = await fan.visitor.send('GET', `/api/teams/${team.id}`);
      expect(teamDetail.body.can).toEqual({ manage_squad: false, set_sheet: false });
    });

    it('writes nothing: sheet, transfer, result, fixture, player, week, invitations, members', async () => {
      const fixture = fixtureOf(3, 0);
      const team = league.teams[0]!;
      const writes: [string, string, unknown, RegExp][] = [
        [
          'PUT',
          `/api/fixtures/${fixture.id}/sheets/${team.id}`,
          { starters: team.players.slice(0, 11), substitutes: [] },
          /Only the coach of/,
        ],
        [
          'POST',
          `/api/leagues/${league.id}/transfers`,
          { kind: 'registered', player_id: league.freeAgents[0], team_id: team.id },
          /Only the commissioner or a coach/,
        ],
        [
          'POST',
          `/api/fixtures/${fixture.id}/result`,
          { home_score: 1, away_score: 0 },
          /Only the commissioner or the fixture's referee/,
        ],
        [
          'PATCH',
          `/api/fixtures/${fixture.id}`,
          { venue: 'Somewhere else' },
          /Only the commissioner may change a fixture/,
        ],
        [
          'PATCH',
          `/api/players/${team.players[1]}`,
          { status: 'injured' },
          /Only the commissioner may set a player's status/,
        ],
        ['POST', `/api/leagues/${league.id}/advance-week`, undefined, /Only the commissioner may advance the week/],
        [
          'POST',
          `/api/leagues/${league.id}/invitations`,
          { role: 'supporter' },
          /Only the commissioner may invite members/,
        ],
        ['PATCH', `${membersOf(league)}/${league.members.player.id}`, { role: 'supporter' }, /Only the commissioner/],
        [
          'DELETE',
          `${membersOf(league)}/${league.members.player.id}`,
          undefined,
          /Only the commissioner may remove members/,
        ],
      ];
      for (const [method, path, json, message] of writes) await refuse(fan.visitor, method, path, json, 403, message);
      const list = await fan.visitor.send('GET', `/api/leagues/${league.id}/invitations`);
      expect(list.status).toBe(403);
    });

    it('is what a referee made supporter becomes: no result for the fixtures that name them', async () => {
      const l = await small();
      const { commissioner, referee } = l.members;
      const fixture = l.fixtures.find((f) => f.status === 'scheduled')!;
      const before = await referee.visitor.send('GET', `/api/fixtures/${fixture.id}`);
      expect((before.body.can as { record_result: boolean }).record_result).toBe(true);
      expect((await patch(commissioner.visitor, l, referee.id, { role: 'supporter' })).status).toBe(200);
      const after = await referee.visitor.send('GET', `/api/fixtures/${fixture.id}`);
      expect((after.body.can as { record_result: boolean }).record_result).toBe(false);
      await refuse(
        referee.visitor,
        'POST',
        `/api/fixtures/${fixture.id}/result`,
        { home_score: 2, away_score: 2 },
        403,
        /Only the commissioner or the fixture's referee may record its result/,
        l,
      );
    });
  });
});
