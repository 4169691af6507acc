/**
 * Creating a league (issue #28 item 1, docs/decisions/0033): any signed-in member creates a
 * league and becomes its commissioner, with the sport's defaults where the body is silent. Every
 * refusal names the field and creates nothing. Changing the settings: league-settings.test.ts;
 * teams: team-setup.test.ts, team-crests.test.ts.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { LeagueDetail, LeagueSummary } from '../../server/api/league/league-view.js';
import { ENGINES } from '../support/engines.js';
import { HOSTILE_NAMES } from '../support/hostile-texts.js';
import { Visitor } from '../support/http-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** A league as answered, or the error's message when refused. */
type Answered = LeagueDetail & { message?: string };

const GOAL_DIFFERENCE_FIRST = ['points', 'goal_difference', 'goals_for', 'won', 'name'];

describe('league set-up limits', () => {
  /** Secrets given, so loading the configuration writes nothing. */
  const env = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'sideline-unused'),
    SESSION_SECRET: 's'.repeat(40),
    CHAT_API_SECRET: 'c'.repeat(40),
    ...extra,
  });

  it('pins the named settings and their defaults: 50 a squad at most, 40 teams, 2 MB a crest', () => {
    expect(loadConfig(env())).toMatchObject({
      leagueSquadLimit: 50,
      leagueMaxTeams: 40,
      crestMaxBytes: 2 * 1024 * 1024,
    });
    const custom = loadConfig(env({ LEAGUE_SQUAD_LIMIT: '30', LEAGUE_MAX_TEAMS: '12', CREST_MAX_BYTES: '4096' }));
    expect(custom).toMatchObject({ leagueSquadLimit: 30, leagueMaxTeams: 12, crestMaxBytes: 4096 });
    expect(() => loadConfig(env({ LEAGUE_MAX_TEAMS: '1' }))).toThrow(/LEAGUE_MAX_TEAMS must be a whole number from 2/);
  });
});

describe.each(ENGINES)('league set-up on $name', (engine) => {
  let server: TestServer;
  let founder: Visitor;
  let founderId: number;
  let stranger: Visitor;

  const db = () => server.database.db;
  const create = (who: Visitor, json: unknown) => who.send<Answered>('POST', '/api/leagues', { json });
  const leagueCount = async () =>
    Number(
      (
        await db()
          .selectFrom('leagues')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newLeague = async (json: Record<string, unknown> = {}) => {
    const answer = await create(founder, { name: 'Sunday League', sport: 'football', season: '2026', ...json });
    expect(answer.status, answer.text).toBe(201);
    return answer.body;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    founder = new Visitor(server.url);
    founderId = (await founder.register('founder@league.example', 'Fran Founder')).body.id as number;
    stranger = new Visitor(server.url);
    await stranger.register('stranger@league.example', 'Sol Stranger');
  });
  afterAll(() => server.close());

  describe('POST /api/leagues', () => {
    it("creates a league with its sport's defaults; the creator is its commissioner and can read it", async () => {
      const answer = await create(founder, { name: '  Sunday League ', sport: 'basketball', season: '2026/27' });
      expect(answer.status, answer.text).toBe(201);
      const league = answer.body;
      expect(league).toEqual({
        id: expect.any(Number),
        name: 'Sunday League',
        sport: 'basketball',
        season: '2026/27',
        weeks: 0,
        current_week: 1,
        my_role: 'commissioner',
        my_team: null,
        teams: 0,
        first_match_date: null,
        time_zone: 'Europe/London',
        tie_break: GOAL_DIFFERENCE_FIRST,
        tie_break_preset: 'goal_difference_first',
        rules: {
          points_win: 2,
          points_draw: 1,
          points_loss: 1,
          squad_min: 8,
          squad_max: 15,
          sheet_starters: 5,
          sheet_subs_max: 7,
          positions: ['G', 'F', 'C'],
          match_minutes: 48,
        },
        standings: [],
        chat_channel: `team:league-${league.id}-results`,
        can: { manage: true, change_rules: true },
      });
      const members = await db().selectFrom('league_members').selectAll().where('league_id', '=', league.id).execute();
      expect(members).toEqual([
        {
          league_id: league.id,
          user_id: founderId,
          role: 'commissioner',
          team_id: null,
          joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          invitation_id: null,
        },
      ]);
      const row = await db().selectFrom('leagues').selectAll().where('id', '=', league.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        created_by: founderId,
        tie_break: 'goal_difference_first',
        chat_channel: `team:league-${league.id}-results`,
      });

      const read = await founder.send<LeagueDetail>('GET', `/api/leagues/${league.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(league);
      const mine = await founder.send<{ leagues: LeagueSummary[] }>('GET', '/api/leagues');
      expect(mine.body.leagues).toContainEqual(
        expect.objectContaining({ id: league.id, my_role: 'commissioner', teams: 0, time_zone: 'Europe/London' }),
      );
      // No schedule yet: the first week answers, with no fixtures; a week after it does not exist.
      const week = await founder.send('GET', `/api/leagues/${league.id}/fixtures`);
      expect(week.status, week.text).toBe(200);
      expect(week.body).toEqual({ league_id: league.id, week: 1, weeks: 0, current_week: 1, fixtures: [] });
      const later = await founder.send('GET', `/api/leagues/${league.id}/fixtures?week=2`);
      expect(later.status).toBe(400);
      expect((await stranger.send('GET', `/api/leagues/${league.id}`)).status).toBe(404);
    });

    it('takes every setting at creation: points, squad, sheet, first match, time zone, a list of criteria', async () => {
      const league = await newLeague({
        sport: 'hockey',
        first_match_date: '2028-02-29',
        time_zone: 'america/new_york',
        points: { win: 3, loss: 0 },
        squad: { min: 10, max: 30 },
        sheet: { starters: 6, substitutes_max: 12 },
        tie_break: ['points', 'head_to_head', 'won', 'goals_for'],
      });
      expect(league).toMatchObject({
        sport: 'hockey',
        first_match_date: '2028-02-29',
        time_zone: 'America/New_York',
        tie_break: ['points', 'head_to_head', 'won', 'goals_for', 'name'],
        tie_break_preset: null,
        rules: expect.objectContaining({
          points_win: 3,
          points_draw: 1,
          points_loss: 0,
          squad_min: 10,
          squad_max: 30,
          sheet_starters: 6,
          sheet_subs_max: 12,
        }),
      });
      const row = await db()
        .selectFrom('leagues')
        .select('tie_break')
        .where('id', '=', league.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.tie_break)).toEqual(['points', 'head_to_head', 'won', 'goals_for']);
      const preset = await newLeague({ tie_break: 'head_to_head_first' });
      expect(preset.tie_break).toEqual(['points', 'head_to_head', 'goal_difference', 'goals_for', 'won', 'name']);
      expect(preset.tie_break_preset).toBe('head_to_head_first');
    });

    it('pins the ranges: points 0 to 10, a squad of at most 50 (LEAGUE_SQUAD_LIMIT)', async () => {
      const widest = await newLeague({ points: { win: 10, draw: 0, loss: 0 }, squad: { min: 1, max: 50 } });
      expect(widest.rules).toMatchObject({ points_win: 10, squad_min: 1, squad_max: 50 });
      const over = await create(founder, { name: 'X', sport: 'football', season: '1', points: { win: 11 } });
      expect(over.status).toBe(422);
      expect(over.body.message).toBe('body/points/win must be a whole number from 0 to 10; it is 11');
      const big = await create(founder, { name: 'X', sport: 'football', season: '1', squad: { max: 51 } });
      expect(big.status).toBe(422);
      expect(big.body.message).toBe(
        'body/squad/max must be a whole number from 1 to 50 (LEAGUE_SQUAD_LIMIT); it is 51',
      );
    });

    const base = { name: 'Sunday League', sport: 'football', season: '2026' };
    const refusals: [string, Record<string, unknown>, number, RegExp][] = [
      ['an empty name', { name: '' }, 400, /^body\/name must not be blank/],
      ['a name of spaces', { name: '   ' }, 400, /^body\/name must not be blank/],
      ['a name of 81 characters', { name: 'n'.repeat(81) }, 400, /^body\/name must NOT have more than 80 characters/],
      ['an empty season', { season: '' }, 400, /^body\/season must not be blank/],
      ['a season of 41 characters', { season: 's'.repeat(41) }, 400, /^body\/season must NOT have more than 40/],
      ['an unknown sport', { sport: 'curling' }, 400, /body\/sport must be equal to one of the allowed values/],
      ['no sport', { sport: undefined }, 400, /must have required property 'sport'/],
      ['30 February', { first_match_date: '2026-02-30' }, 400, /^body\/first_match_date '2026-02-30' is not a date/],
      [
        'a date in another form',
        { first_match_date: '05/09/2026' },
        400,
        /^body\/first_match_date '05\/09\/2026' is not a date .*YYYY-MM-DD/,
      ],
      ['an unknown time zone', { time_zone: 'Mars/Olympus_Mons' }, 400, /^body\/time_zone 'Mars\/Olympus_Mons' is not/],
      [
        'an offset for a time zone',
        { time_zone: '+01:00' },
        400,
        /^body\/time_zone '\+01:00' is not a known time zone/,
      ],
      ['negative points', { points: { loss: -1 } }, 422, /^body\/points\/loss must be a whole number from 0 to 10/],
      ['a draw worth more than a win', { points: { win: 1, draw: 2 } }, 422, /^body\/points must give a win at least/],
      ['points that are not whole', { points: { win: 2.5 } }, 400, /body\/points\/win must be integer/],
      ['a squad of 0', { squad: { min: 0 } }, 422, /^body\/squad\/min must be a whole number from 1 to 50/],
      [
        'a squad min over its max',
        { squad: { min: 20, max: 18 } },
        422,
        /^body\/squad min \(20\) must not be more than max \(18\)/,
      ],
      ['no starters', { sheet: { starters: 0 } }, 422, /^body\/sheet\/starters must be a whole number from 1/],
      [
        'negative substitutes',
        { sheet: { substitutes_max: -1 } },
        422,
        /^body\/sheet\/substitutes_max must be a whole number from 0/,
      ],
      [
        'a sheet bigger than the squad',
        { sheet: { starters: 20, substitutes_max: 5 } },
        422,
        /^body\/sheet leaves no room.*squad's max \(22\)/,
      ],
      [
        'an unknown preset',
        { tie_break: 'alphabetical' },
        400,
        /^body\/tie_break 'alphabetical' is not a preset; use goal_difference_first or head_to_head_first/,
      ],
      ['no criteria', { tie_break: [] }, 400, /^body\/tie_break must name at least one criterion/],
      [
        'criteria not starting with points',
        { tie_break: ['goal_difference', 'points'] },
        400,
        /^body\/tie_break must start with points/,
      ],
      [
        'an unknown criterion',
        { tie_break: ['points', 'luck'] },
        400,
        /^body\/tie_break has an unknown criterion 'luck'/,
      ],
      ['a criterion twice', { tie_break: ['points', 'won', 'won'] }, 400, /^body\/tie_break names won more than once/],
      ['a tie-break that is a number', { tie_break: 5 }, 400, /body\/tie_break must be string/],
      ['an unknown field', { weeks: 10 }, 400, /must NOT have additional properties/],
      ['an unknown points field', { points: { bonus: 1 } }, 400, /must NOT have additional properties/],
    ];

    it.each(refusals)('refuses %s, naming the field, and creates nothing', async (_label, json, status, message) => {
      const before = await leagueCount();
      const answer = await create(founder, { ...base, ...json });
      expect(answer.status, answer.text).toBe(status);
      expect(answer.body.message).toMatch(message);
      expect(await leagueCount()).toBe(before);
    });

    // Their lengths are a member name's (60); a league name's own limit is pinned above.
    const hostile = HOSTILE_NAMES.filter(({ reason }) => reason !== 'too_long' && reason !== 'too_short');
    it.each(hostile.map(({ label, value, api }) => [label, value, api] as const))(
      'refuses a name with %s (the text policy)',
      async (_label, name, why) => {
        const before = await leagueCount();
        const answer = await create(founder, { ...base, name });
        expect(answer.status, answer.text).toBe(400);
        expect(answer.body.message).toMatch(/^body\/name /);
        expect(answer.body.message).toMatch(why);
        expect(await leagueCount()).toBe(before);
      },
    );

    it('refuses a signed-out visitor (401, before the body is read) and a request without the CSRF token', async () => {
      const before = await leagueCount();
      const anonymous = await new Visitor(server.url).send('POST', '/api/leagues', { json: { name: '' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toMatch(/not signed in/);
      const forged = await founder.send('POST', '/api/leagues', { json: base, csrf: false });
      expect(forged.status).toBe(403);
      expect(forged.body.message).toMatch(/csrf/i);
      expect(await leagueCount()).toBe(before);
    });
  });
});
