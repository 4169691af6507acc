/**
 * A league's teams (issue #28 item 2, docs/decisions/0033): the commissioner creates, renames,
 * colours teams and names a member their coach. One name per team in a league, whatever its
 * case. Every refusal names what is wrong and changes nothing. Crests and removing a team:
 * team-crests.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeagueDetail } from '../../server/api/league/league-view.js';
import { ENGINES } from '../support/engines.js';
import { HOSTILE_NAMES } from '../support/hostile-texts.js';
import type { Visitor } from '../support/http-client.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { leagueHelpers } from '../support/league-rows.js';
import { COLOURS, registerMember, setupHelpers, type Member, type TeamAnswer } from '../support/league-setup.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('teams of a league on $name', (engine) => {
  let server: TestServer;
  let founder: Member;
  let member: Member;
  let other: Member;
  let referee: Member;
  let stranger: Member;
  let built: BuiltLeague;

  const db = () => server.database.db;
  const { refuse } = leagueHelpers(() => ({ server, league: built }));
  const { startLeague, addTeam, membership } = setupHelpers(() => ({ server, founder }));
  const changeTeam = (teamId: number, json: unknown, who = founder) =>
    who.visitor.send<TeamAnswer>('PATCH', `/api/teams/${teamId}`, { json });

  beforeAll(async () => {
    server = await startTestServer(engine, { LEAGUE_MAX_TEAMS: '4' });
    founder = await registerMember(server, 'founder');
    member = await registerMember(server, 'member');
    other = await registerMember(server, 'other');
    referee = await registerMember(server, 'referee');
    stranger = await registerMember(server, 'stranger');
    built = await buildLeague(server);
  });
  afterAll(() => server.close());

  describe('creating and changing teams', () => {
    it('creates a team: name trimmed, a short name from it, colours in lower case, no crest, no coach', async () => {
      const leagueId = await startLeague();
      const answer = await addTeam(leagueId, { name: '  Old Town Owls ' });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toEqual({
        id: expect.any(Number),
        league_id: leagueId,
        name: 'Old Town Owls',
        short_name: 'OLD',
        colour_primary: '#0b3d91',
        colour_secondary: '#ffd23f',
        crest_url: null,
        coach_user_id: null,
        coach_name: '',
      });
      const named = await addTeam(leagueId, { name: 'Bayside Bears', short_name: ' BAY ', coach_name: 'Sam Outside' });
      expect(named.body).toMatchObject({ short_name: 'BAY', coach_user_id: null, coach_name: 'Sam Outside' });
      const league = await founder.visitor.send<LeagueDetail>('GET', `/api/leagues/${leagueId}`);
      expect(league.body.teams).toBe(2);
      expect(league.body.standings.map((row) => [row.team.name, row.played, row.points, row.team.crest_url])).toEqual([
        ['Bayside Bears', 0, 0, null],
        ['Old Town Owls', 0, 0, null],
      ]);
      const team = await founder.visitor.send('GET', `/api/teams/${answer.body.id}`);
      expect(team.status).toBe(200);
      expect(team.body).toMatchObject({ name: 'Old Town Owls', crest_url: null, squad: [], next_fixture: null });
    });

    it('renames, recolours and re-codes a team; the next read of the league shows it', async () => {
      const leagueId = await startLeague();
      const team = (await addTeam(leagueId, { name: 'Canal Street Comets' })).body;
      await founder.visitor.send('GET', `/api/leagues/${leagueId}`);
      const answer = await changeTeam(team.id, {
        name: 'Canal St Comets',
        short_name: 'CSC',
        colours: { secondary: '#FFFFFF' },
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({
        name: 'Canal St Comets',
        short_name: 'CSC',
        colour_primary: '#0b3d91',
        colour_secondary: '#ffffff',
      });
      const league = await founder.visitor.send<LeagueDetail>('GET', `/api/leagues/${leagueId}`);
      expect(league.body.standings[0]!.team).toMatchObject({
        name: 'Canal St Comets',
        short_name: 'CSC',
        colour_secondary: '#ffffff',
      });
    });

    it('refuses a second team of the same name in any case, naming it; a team may change its own case', async () => {
      const leagueId = await startLeague();
      const hawks = (await addTeam(leagueId, { name: 'Harbour Hawks' })).body;
      const doctors = (await addTeam(leagueId, { name: 'Ärzte FC' })).body;
      const target = { id: leagueId };
      const path = `/api/leagues/${leagueId}/teams`;
      const body = (name: string) => ({ name, colours: COLOURS });
      await refuse(
        founder.visitor,
        'POST',
        path,
        body('harbour HAWKS'),
        409,
        /^body\/name: this league already has a team named 'Harbour Hawks'/,
        target,
      );
      await refuse(
        founder.visitor,
        'POST',
        path,
        body(' Harbour Hawks'),
        409,
        /already has a team named 'Harbour Hawks'/,
        target,
      );
      // Beyond ASCII too (SQLite's lower() would not see these as one name).
      await refuse(founder.visitor, 'POST', path, body('ärzte fc'), 409, /already has a team named 'Ärzte FC'/, target);
      await refuse(
        founder.visitor,
        'PATCH',
        `/api/teams/${doctors.id}`,
        { name: 'HARBOUR hawks' },
        409,
        /named 'Harbour Hawks'/,
        target,
      );
      const recased = await changeTeam(hawks.id, { name: 'HARBOUR HAWKS' });
      expect(recased.status, recased.text).toBe(200);
      // Two commissioners' sessions adding one name at once: the league's lock lets exactly one in.
      const race = await Promise.all([
        addTeam(leagueId, { name: 'Old Town Owls' }),
        addTeam(leagueId, { name: 'old town owls' }),
      ]);
      expect(race.map((answer) => answer.status).sort()).toEqual([201, 409]);
      // The same name in another league is fine.
      const elsewhere = await addTeam(await startLeague(), { name: 'Harbour Hawks' });
      expect(elsewhere.status).toBe(201);
      // The database keeps one name per league whatever its case, even for a write that skipped the check.
      await expect(
        db()
          .insertInto('teams')
          .values({
            league_id: leagueId,
            name: 'harbour hawks',
            short_name: 'H',
            colour_primary: '#000000',
            colour_secondary: '#ffffff',
            coach_user_id: null,
            coach_name: '',
          })
          .execute(),
      ).rejects.toThrow(/unique/i);
    });

    const refusals: [string, Record<string, unknown>, RegExp][] = [
      ['an empty name', { name: '' }, /^body\/name must not be blank/],
      ['a name of 61 characters', { name: 'n'.repeat(61) }, /^body\/name must NOT have more than 60 characters/],
      [
        'a short name of 6 characters',
        { name: 'Team', short_name: 'ABCDEF' },
        /^body\/short_name must NOT have more than 5/,
      ],
      ['a blank short name', { name: 'Team', short_name: ' ' }, /^body\/short_name must not be blank/],
      [
        'a colour name',
        { name: 'Team', colours: { primary: 'red', secondary: '#ffffff' } },
        /body\/colours\/primary must match pattern/,
      ],
      [
        'a short colour',
        { name: 'Team', colours: { primary: '#fff', secondary: '#ffffff' } },
        /body\/colours\/primary must match pattern/,
      ],
      [
        'a colour that is not hex',
        { name: 'Team', colours: { primary: '#000000', secondary: '#GGGGGG' } },
        /body\/colours\/secondary must match pattern/,
      ],
      ['one colour', { name: 'Team', colours: { primary: '#000000' } }, /must have required property 'secondary'/],
      ['no name', { name: undefined }, /must have required property 'name'/],
      [
        'a coach name and a coach account',
        { name: 'Team', coach_user_id: 1, coach_name: 'Two' },
        /^body\/coach_name cannot go with coach_user_id/,
      ],
      ['an unknown field', { name: 'Team', city: 'Riverside' }, /must NOT have additional properties/],
      ...HOSTILE_NAMES.filter(({ reason }) => reason !== 'too_long' && reason !== 'too_short').map(
        ({ label, value, api }): [string, Record<string, unknown>, RegExp] => [
          `a name with ${label}`,
          { name: value },
          api,
        ],
      ),
    ];

    it.each(refusals)('refuses %s with a 400 naming the field, and adds nothing', async (_label, json, message) => {
      const leagueId = await startLeague();
      const before = await db().selectFrom('teams').select('id').where('league_id', '=', leagueId).execute();
      const answer = await addTeam(leagueId, json);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.message).toMatch(message);
      expect(await db().selectFrom('teams').select('id').where('league_id', '=', leagueId).execute()).toEqual(before);
    });

    it('refuses a team past the most a league may have (LEAGUE_MAX_TEAMS, 4 on this server)', async () => {
      const leagueId = await startLeague();
      for (const name of ['One', 'Two', 'Three', 'Four']) expect((await addTeam(leagueId, { name })).status).toBe(201);
      await refuse(
        founder.visitor,
        'POST',
        `/api/leagues/${leagueId}/teams`,
        { name: 'Five', colours: COLOURS },
        409,
        /has 4 teams, the most a league may have \(LEAGUE_MAX_TEAMS\)/,
        { id: leagueId },
      );
    });

    it('refuses anyone but the commissioner: 403 for a member, 404 for another league, 401 signed out', async () => {
      const team = built.teams[0]!.id;
      const { coach, outsider, commissioner } = built.members;
      const add = `/api/leagues/${built.id}/teams`;
      const edit = `/api/teams/${team}`;
      const newTeam = { name: 'Mine', colours: COLOURS };
      const cases: [Visitor, string, string, unknown, number, RegExp][] = [
        [coach.visitor, 'POST', add, newTeam, 403, /Only the commissioner may add a team/],
        [coach.visitor, 'PATCH', edit, { name: 'Mine' }, 403, /Only the commissioner may change a team/],
        [coach.visitor, 'DELETE', edit, undefined, 403, /Only the commissioner may remove a team/],
        [outsider.visitor, 'POST', add, newTeam, 404, /League \d+ does not exist or is not in one of your leagues/],
        [outsider.visitor, 'PATCH', edit, { name: 'Mine' }, 404, /Team \d+ does not exist or is not in one of your/],
        [outsider.visitor, 'DELETE', edit, undefined, 404, /Team \d+ does not exist/],
        [built.anonymous, 'POST', add, { name: '' }, 401, /not signed in/],
        [built.anonymous, 'PATCH', edit, {}, 401, /not signed in/],
        [commissioner.visitor, 'PATCH', '/api/teams/99999999', { name: 'Ghost' }, 404, /Team 99999999 does not exist/],
      ];
      for (const [who, method, path, json, status, message] of cases)
        await refuse(who, method, path, json, status, message);
      const forged = await commissioner.visitor.send('PATCH', `/api/teams/${team}`, {
        json: { name: 'Forged' },
        csrf: false,
      });
      expect(forged.status).toBe(403);
      expect(forged.body.message).toMatch(/csrf/i);
    });
  });

  describe('coaches', () => {
    it('makes a member the coach: their membership becomes coach of that team, their name the coach name', async () => {
      const leagueId = await startLeague([
        [member, 'player'],
        [other, 'player'],
      ]);
      const team = await addTeam(leagueId, { name: 'Harbour Hawks', coach_user_id: member.id });
      expect(team.status, team.text).toBe(201);
      expect(team.body).toMatchObject({ coach_user_id: member.id, coach_name: 'Member Tester' });
      expect(await membership(leagueId, member.id)).toEqual({ role: 'coach', team_id: team.body.id });
      const view = await member.visitor.send('GET', `/api/teams/${team.body.id}`);
      expect(view.body.can).toEqual({ manage_squad: true, set_sheet: true });

      // Another coach: the one before keeps the coach role, without a team.
      const replaced = await changeTeam(team.body.id, { coach_user_id: other.id });
      expect(replaced.body).toMatchObject({ coach_user_id: other.id, coach_name: 'Other Tester' });
      expect(await membership(leagueId, other.id)).toEqual({ role: 'coach', team_id: team.body.id });
      expect(await membership(leagueId, member.id)).toEqual({ role: 'coach', team_id: null });

      // No member coach: a named coach without an account.
      const named = await changeTeam(team.body.id, { coach_user_id: null, coach_name: 'Sam Outside' });
      expect(named.body).toMatchObject({ coach_user_id: null, coach_name: 'Sam Outside' });
      expect(await membership(leagueId, other.id)).toEqual({ role: 'coach', team_id: null });
    });

    it('lets the commissioner coach a team and stay commissioner', async () => {
      const leagueId = await startLeague();
      const team = await addTeam(leagueId, { name: 'Founders', coach_user_id: founder.id });
      expect(team.body).toMatchObject({ coach_user_id: founder.id, coach_name: 'Founder Tester' });
      expect(await membership(leagueId, founder.id)).toEqual({ role: 'commissioner', team_id: null });
    });

    it('refuses a coach who is not a member, a referee, or already coaches a team; and a coach name beside a member coach', async () => {
      const leagueId = await startLeague([
        [member, 'player'],
        [referee, 'referee'],
      ]);
      const target = { id: leagueId };
      const path = `/api/leagues/${leagueId}/teams`;
      const first = (await addTeam(leagueId, { name: 'First', coach_user_id: member.id })).body;
      const refuseCoach = (coachId: number, status: number, message: RegExp) =>
        refuse(
          founder.visitor,
          'POST',
          path,
          { name: 'X', colours: COLOURS, coach_user_id: coachId },
          status,
          message,
          target,
        );
      await refuseCoach(
        stranger.id,
        422,
        new RegExp(`body/coach_user_id: user ${stranger.id} is not a member of this league`),
      );
      await refuseCoach(referee.id, 422, /Referee Tester is a referee of this league; a referee cannot coach/);
      await refuseCoach(member.id, 409, /Member Tester already coaches First/);
      const nameOnly = { coach_name: 'Someone Else' };
      await refuse(
        founder.visitor,
        'PATCH',
        `/api/teams/${first.id}`,
        nameOnly,
        422,
        /send coach_user_id: null with it/,
        target,
      );
      // Naming the coach they already are changes nothing and is fine.
      const same = await changeTeam(first.id, { coach_user_id: member.id });
      expect(same.status, same.text).toBe(200);
      expect(await membership(leagueId, member.id)).toEqual({ role: 'coach', team_id: first.id });
    });
  });
});
