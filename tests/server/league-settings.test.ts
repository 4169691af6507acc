/**
 * Changing a league's settings (issue #28 item 1, docs/decisions/0033): the commissioner changes
 * any of them until a fixture is played, then only the name and season; the next read shows the
 * change. Every refusal names the field and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeagueDetail } from '../../server/api/league/league-view.js';
import { ENGINES } from '../support/engines.js';
import type { Visitor } from '../support/http-client.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { leagueHelpers } from '../support/league-rows.js';
import { registerMember } from '../support/league-setup.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** A league as answered, or the error's message when refused. */
type Answered = LeagueDetail & { message?: string };

describe.each(ENGINES)('league settings on $name', (engine) => {
  let server: TestServer;
  let founder: Visitor;
  let stranger: Visitor;
  let built: BuiltLeague;

  const { refuse } = leagueHelpers(() => ({ server, league: built }));
  const change = (who: Visitor, id: number, json: unknown) =>
    who.send<Answered>('PATCH', `/api/leagues/${id}`, { json });
  /** PATCHes of a league's settings that must each be refused, changing nothing. */
  const refuseChanges = async (who: Visitor, league: { id: number }, cases: [unknown, number, RegExp][]) => {
    for (const [json, status, message] of cases)
      await refuse(who, 'PATCH', `/api/leagues/${league.id}`, json, status, message, league);
  };
  const newLeague = async (json: Record<string, unknown> = {}) => {
    const answer = await founder.send<Answered>('POST', '/api/leagues', {
      json: { name: 'Sunday League', sport: 'football', season: '2026', ...json },
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.body;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    founder = (await registerMember(server, 'founder')).visitor;
    stranger = (await registerMember(server, 'stranger')).visitor;
    built = await buildLeague(server);
  });
  afterAll(() => server.close());

  describe('PATCH /api/leagues/:id', () => {
    it('lets the commissioner change every setting while nothing is played; the next read shows it', async () => {
      const league = await newLeague();
      // Read first, so the league's snapshot is kept and the change must still show.
      expect((await founder.send('GET', `/api/leagues/${league.id}`)).status).toBe(200);
      const answer = await change(founder, league.id, {
        name: 'Sunday League North',
        season: '2027',
        first_match_date: '2027-09-05',
        time_zone: 'Europe/Berlin',
        points: { win: 2 },
        squad: { max: 20 },
        sheet: { substitutes_max: 7 },
        tie_break: 'head_to_head_first',
      });
      expect(answer.status, answer.text).toBe(200);
      const read = await founder.send<LeagueDetail>('GET', `/api/leagues/${league.id}`);
      expect(read.body).toEqual(answer.body);
      expect(read.body).toMatchObject({
        name: 'Sunday League North',
        season: '2027',
        first_match_date: '2027-09-05',
        time_zone: 'Europe/Berlin',
        tie_break_preset: 'head_to_head_first',
        rules: expect.objectContaining({ points_win: 2, points_draw: 1, squad_max: 20, sheet_subs_max: 7 }),
      });
      const cleared = await change(founder, league.id, { first_match_date: null });
      expect(cleared.body.first_match_date).toBeNull();

      // A new sport brings its own defaults, except what the same body sets.
      const hockey = await change(founder, league.id, { sport: 'hockey', points: { win: 3 } });
      expect(hockey.status, hockey.text).toBe(200);
      expect(hockey.body.rules).toMatchObject({
        points_win: 3,
        points_draw: 1,
        points_loss: 0,
        squad_min: 12,
        squad_max: 25,
        sheet_starters: 6,
        sheet_subs_max: 14,
        positions: ['G', 'D', 'F'],
      });
    });

    it('refuses bad settings after merging them with the current ones, and changes nothing', async () => {
      const league = await newLeague({ points: { win: 3, draw: 1, loss: 0 } });
      await refuseChanges(founder, league, [
        [{ points: { draw: 4 } }, 422, /win 3, draw 4, loss 0/],
        [{ squad: { min: 10, max: 12 } }, 422, /^body\/squad leaves no room/],
        [{ name: 'x'.repeat(81) }, 400, /^body\/name must NOT/],
        [{}, 400, /must NOT have fewer than 1 properties/],
        [{ tie_break: ['won'] }, 400, /must start with points/],
      ]);
    });

    it('refuses anyone but the commissioner: 403 for a member, 404 for another league, 401 signed out', async () => {
      const { coach, referee, outsider } = built.members;
      const rename = { name: 'Mine now' };
      await refuseChanges(coach.visitor, built, [
        [rename, 403, /Only the commissioner may change the league's settings/],
      ]);
      await refuseChanges(referee.visitor, built, [[rename, 403, /Only the commissioner/]]);
      await refuseChanges(outsider.visitor, built, [[rename, 404, /does not exist or is not in one of your leagues/]]);
      await refuseChanges(stranger, built, [[rename, 404, /does not exist or is not in one of your leagues/]]);
      await refuseChanges(built.anonymous, built, [[{ name: '' }, 401, /not signed in/]]);
      const missing = await change(stranger, 99999999, rename);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toMatch(/League 99999999 does not exist/);
    });

    it('once a fixture is played, refuses rule changes (409, naming them) but still changes the name and season', async () => {
      const { commissioner } = built.members;
      expect(built.fixtures.some((f) => f.status === 'played')).toBe(true);
      const detail = await commissioner.visitor.send<LeagueDetail>('GET', `/api/leagues/${built.id}`);
      expect(detail.body.can).toEqual({ manage: true, change_rules: false });
      await refuseChanges(commissioner.visitor, built, [
        [
          { points: { win: 2 } },
          409,
          /has played fixtures, so its points can no longer change; its name and season still can/,
        ],
        [
          { tie_break: 'head_to_head_first', time_zone: 'Europe/Paris' },
          409,
          /so its time_zone, tie_break can no longer/,
        ],
        [{ sport: 'hockey' }, 409, /its sport, points, squad, sheet can no longer change/],
      ]);
      // Sending a rule as it is changes nothing, so it is not refused.
      const renamed = await change(commissioner.visitor, built.id, {
        name: 'Renamed League',
        season: '2026 spring',
        points: { win: 3 },
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Renamed League', season: '2026 spring' });
      expect(renamed.body.standings.some((row) => row.played > 0)).toBe(true);
    });

    it('refuses a new sport while the league has players, and a squad max below a squad it has', async () => {
      const unplayed = await buildLeague(server, { teams: 2, squad: 16, currentWeek: 1 });
      const path = `/api/leagues/${unplayed.id}`;
      const { commissioner } = unplayed.members;
      expect(unplayed.fixtures.every((f) => f.status === 'scheduled')).toBe(true);
      await refuseChanges(commissioner.visitor, unplayed, [
        [{ sport: 'basketball' }, 409, /body\/sport cannot change while the league has players/],
        [
          { squad: { max: 15 }, sheet: { substitutes_max: 3 } },
          409,
          /body\/squad\/max 15 is below the squad Team A .* already has \(16 players\)/,
        ],
      ]);
      const fits = await change(commissioner.visitor, unplayed.id, { squad: { max: 16 } });
      expect(fits.status, fits.text).toBe(200);
      expect(fits.body.can).toEqual({ manage: true, change_rules: true });
      const coachView = await unplayed.members.coach.visitor.send<LeagueDetail>('GET', path);
      expect(coachView.body.can).toEqual({ manage: false, change_rules: false });
    });
  });

  it("raises the league's revision on every change to points adjustments and standings decisions", async () => {
    const { db } = server.database;
    const revision = async () =>
      (await db.selectFrom('leagues').select('revision').where('id', '=', built.id).executeTakeFirstOrThrow()).revision;
    const steps: (() => Promise<unknown>)[] = [
      () =>
        db
          .insertInto('points_adjustments')
          .values({
            league_id: built.id,
            team_id: built.teams[0]!.id,
            points: -3,
            reason: 'Ineligible player',
            by_user_id: null,
            at: new Date().toISOString(),
          })
          .execute(),
      () => db.updateTable('points_adjustments').set({ points: -6 }).where('league_id', '=', built.id).execute(),
      () => db.deleteFrom('points_adjustments').where('league_id', '=', built.id).execute(),
      () =>
        db
          .insertInto('standings_decisions')
          .values({
            league_id: built.id,
            team_ids: JSON.stringify([built.teams[1]!.id, built.teams[0]!.id]),
            reason: 'Play-off',
            by_user_id: null,
            at: new Date().toISOString(),
          })
          .execute(),
      () =>
        db
          .updateTable('standings_decisions')
          .set({ reason: 'Play-off, 2-1' })
          .where('league_id', '=', built.id)
          .execute(),
      () => db.deleteFrom('standings_decisions').where('league_id', '=', built.id).execute(),
    ];
    for (const step of steps) {
      const before = await revision();
      await step();
      expect(await revision()).toBe(before + 1);
    }
    const fixture = await db
      .selectFrom('fixtures')
      .select('awarded')
      .where('league_id', '=', built.id)
      .executeTakeFirstOrThrow();
    expect(fixture.awarded).toBe(0);
  });
});
