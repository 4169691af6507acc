/**
 * The league reads' memory (docs/decisions/0013) on each engine: the database raises a league's
 * revision on every change the reads keep, so a read sees a change made anywhere (here: straight
 * in the database, as another app instance or an operator would), and only a bounded number of
 * leagues is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeagueSnapshots } from '../../server/api/league/league-snapshots.js';
import type { LeagueDetail, PlayerPage } from '../../server/api/league/league-view.js';
import { nowIso } from '../../server/db/database.js';
import { searchName } from '../../server/league/sports.js';
import { ENGINES } from '../support/engines.js';
import { buildLeague, type BuiltLeague } from '../support/league-builder.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

describe.each(ENGINES)('league snapshots on $name', (engine) => {
  let server: TestServer;
  let league: BuiltLeague;
  const db = () => server.database.db;

  const revision = async (id = league.id) =>
    (await db().selectFrom('leagues').select('revision').where('id', '=', id).executeTakeFirstOrThrow()).revision;

  /** Whether `change` raised the league's revision. */
  async function raises(change: () => Promise<unknown>): Promise<boolean> {
    const before = await revision();
    await change();
    return (await revision()) > before;
  }

  async function newLeague(name: string): Promise<number> {
    const row = await db()
      .insertInto('leagues')
      .values({
        name,
        sport: 'football',
        season: '2026',
        weeks: 2,
        current_week: 1,
        points_win: 3,
        points_draw: 1,
        points_loss: 0,
        squad_min: 1,
        squad_max: 20,
        sheet_starters: 11,
        sheet_subs_max: 5,
        chat_channel: null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    league = await buildLeague(server);
  });
  afterAll(() => server?.close());

  it('raises the revision on every change the reads keep, and on no other', async () => {
    const team = league.teams[0]!;
    const fixture = league.fixtures[0]!;
    const player = team.players[1]!;
    expect(
      await raises(() => db().updateTable('teams').set({ name: 'Renamed' }).where('id', '=', team.id).execute()),
    ).toBe(true);
    expect(
      await raises(() => db().updateTable('fixtures').set({ venue: 'Pitch 9' }).where('id', '=', fixture.id).execute()),
    ).toBe(true);
    expect(
      await raises(() => db().updateTable('players').set({ status: 'injured' }).where('id', '=', player).execute()),
    ).toBe(true);
    expect(
      await raises(() =>
        db()
          .insertInto('appearances')
          .values({
            fixture_id: fixture.id,
            player_id: player,
            team_id: team.id,
            minutes: 90,
            goals: 1,
            assists: 0,
            yellow_cards: 0,
            red_cards: 0,
          })
          .execute(),
      ),
    ).toBe(true);
    expect(await raises(() => db().deleteFrom('appearances').where('player_id', '=', player).execute())).toBe(true);
    expect(
      await raises(() =>
        db().updateTable('squad_memberships').set({ from_at: nowIso() }).where('player_id', '=', player).execute(),
      ),
    ).toBe(true);
    // The linked player's picture shows in the list; someone else's does not touch this league.
    const linked = league.members.player.id;
    expect(
      await raises(() =>
        db().updateTable('users').set({ avatar_file: 'new-abc.png' }).where('id', '=', linked).execute(),
      ),
    ).toBe(true);
    const outsider = league.members.outsider.id;
    expect(
      await raises(() =>
        db().updateTable('users').set({ avatar_file: 'new-def.png' }).where('id', '=', outsider).execute(),
      ),
    ).toBe(false);
    // Team sheets are read fresh every time; they do not need the revision.
    expect(await raises(() => db().deleteFrom('team_sheets').where('fixture_id', '=', fixture.id).execute())).toBe(
      false,
    );
  });

  it('shows a change made straight in the database on the next read', async () => {
    const reader = league.members.commissioner.visitor;
    const table = async () => {
      const answer = await reader.send<LeagueDetail>('GET', `/api/leagues/${league.id}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.standings;
    };
    const fixture = league.fixtures.find((f) => f.status === 'scheduled')!;
    const home = (await table()).find((row) => row.team.id === fixture.home_team_id)!;
    await db()
      .updateTable('fixtures')
      .set({ status: 'played', home_score: 4, away_score: 0 })
      .where('id', '=', fixture.id)
      .execute();
    const after = (await table()).find((row) => row.team.id === fixture.home_team_id)!;
    expect(after.played).toBe(home.played + 1);
    expect(after.goals_for).toBe(home.goals_for + 4);
    // The points rules live on the league's own row, read on every request.
    await db().updateTable('leagues').set({ points_win: 5 }).where('id', '=', league.id).execute();
    const rescored = (await table()).find((row) => row.team.id === fixture.home_team_id)!;
    expect(rescored.points).toBe(after.points + 2 * after.won);

    const player = league.freeAgents[0]!;
    await db()
      .updateTable('players')
      .set({ name: 'Quentin Zebulon', search_name: searchName('Quentin Zebulon') })
      .where('id', '=', player)
      .execute();
    const found = await reader.send<PlayerPage>('GET', `/api/leagues/${league.id}/players?q=zebulon`);
    expect(found.body.players.map((p) => p.id)).toEqual([player]);
  });

  it('keeps one load per league and revision, newer ones win, and at most the set number of leagues', async () => {
    const [a, b, c] = [await newLeague('Cache A'), await newLeague('Cache B'), await newLeague('Cache C')];
    const snapshots = new LeagueSnapshots(db(), 2);
    const first = snapshots.get(a, 0);
    expect(snapshots.get(a, 0)).toBe(first);
    const newer = snapshots.get(a, 1);
    expect(newer).not.toBe(first);
    // A request that read the older revision is served the newer snapshot, not a reload.
    expect(snapshots.get(a, 0)).toBe(newer);
    expect((await newer).revision).toBe(1);
    await snapshots.get(b, 0);
    await snapshots.get(c, 0);
    expect(snapshots.size).toBe(2);
    // A was used least recently, so it went first.
    expect(snapshots.get(a, 1)).not.toBe(newer);
    expect((await snapshots.get(c, 0)).teams.size).toBe(0);
  });
});
