/**
 * Players: the searchable, filterable league list with season statistics, a team's squad and a
 * player's page. Built to stay fast with thousands of players in a league: filters run in SQL,
 * statistics come from one grouped query, and only ordering by search match or statistic runs in
 * memory, over (id, search_name) pairs.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import type { DB, PlayerStatus } from '../../db/schema.js';
import { matchRank, type SearchQuery } from '../../league/player-search.js';
import { decodeCursor, encodeCursor, compareKeys, type CursorKey, type PlayerSort } from './player-cursor.js';
import { PLAYER_REF_COLUMNS, TEAM_REF_COLUMNS, toPlayerRef, toTeamRef, type TeamRefs } from './league-repo.js';
import type { PlayerDetail, PlayerPage, PlayerRef, PlayerWeek, SquadPlayer } from './league-view.js';

export interface PlayerFilters {
  q: SearchQuery | null;
  team?: number;
  position?: string;
  status?: PlayerStatus;
  free?: boolean;
  sort: PlayerSort;
  limit: number;
  cursor?: string;
}

export type PlayerRow = PlayerRef & { league_id: number; team_id: number | null };
type PageEntry = PlayerPage['players'][number];

interface Totals {
  appearances: number;
  goals: number;
  assists: number;
}

/** A cursor from another sort or search, or one that is not ours, cannot be continued. */
export class BadCursorError extends Error {}

/** PostgreSQL hands counts and sums over as text (bigint, numeric). */
const num = (value: string | number | null | undefined) => Number(value ?? 0);

export class PlayerRepo {
  private readonly db: Kysely<DB>;
  private readonly dialect: Dialect;

  constructor(database: Database) {
    this.db = database.db;
    this.dialect = database.dialect;
  }

  /** Name order by code point on both engines, so a cursor means the same wherever it is used. */
  private nameOrder() {
    return this.dialect === 'postgres'
      ? sql<string>`players.search_name collate "C"`
      : sql<string>`players.search_name`;
  }

  private filtered(leagueId: number, f: PlayerFilters) {
    let query = this.db
      .selectFrom('players')
      .leftJoin('squad_memberships as sm', (join) =>
        join.onRef('sm.player_id', '=', 'players.id').on('sm.until_at', 'is', null),
      )
      .where('players.league_id', '=', leagueId);
    if (f.team !== undefined) query = query.where('sm.team_id', '=', f.team);
    if (f.free === true) query = query.where('sm.id', 'is', null);
    if (f.free === false) query = query.where('sm.id', 'is not', null);
    if (f.position !== undefined) query = query.where('players.position', '=', f.position);
    if (f.status !== undefined) query = query.where('players.status', '=', f.status);
    return query;
  }

  /**
   * One season statistic of every player of the league who has played, in one grouped query. Kept
   * apart from the filtered list: joined to it in SQL, PostgreSQL right after a bulk import (no
   * table statistics yet) planned it badly, 350 ms for a 5,000-player league instead of 15.
   */
  private async leagueStat(leagueId: number, sort: 'goals' | 'appearances'): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('appearances')
      .innerJoin('players', 'players.id', 'appearances.player_id')
      .where('players.league_id', '=', leagueId)
      .select((eb) => [
        'appearances.player_id',
        (sort === 'goals' ? eb.fn.sum<number | string>('appearances.goals') : eb.fn.countAll<number | string>()).as(
          'stat',
        ),
      ])
      .groupBy('appearances.player_id')
      .execute();
    return new Map(rows.map((row) => [row.player_id, num(row.stat)]));
  }

  async page(leagueId: number, f: PlayerFilters, teams: TeamRefs): Promise<PlayerPage> {
    const searching = f.q !== null;
    const after = f.cursor === undefined ? null : decodeCursor(f.cursor, f.sort, searching);
    if (after === undefined) throw new BadCursorError();
    const keys =
      searching || f.sort !== 'name'
        ? await this.rankedKeys(leagueId, f, after)
        : await this.nameKeys(leagueId, f, after);
    const more = keys.length > f.limit;
    const page = keys.slice(0, f.limit);
    const rows = await this.entries(
      page.map((key) => key[key.length - 1] as number),
      teams,
    );
    const last = page[page.length - 1];
    return { players: rows, next_cursor: more && last ? encodeCursor(f.sort, searching, last) : null };
  }

  /** The default list: SQL orders and pages it (keyset), so a page costs the same anywhere in it. */
  private async nameKeys(leagueId: number, f: PlayerFilters, after: CursorKey | null): Promise<CursorKey[]> {
    const name = this.nameOrder();
    let query = this.filtered(leagueId, f).select(['players.id', 'players.search_name']);
    if (after) {
      const [n, id] = after as [string, number];
      query = query.where((eb) => eb.or([eb(name, '>', n), eb.and([eb(name, '=', n), eb('players.id', '>', id)])]));
    }
    const rows = await query
      .orderBy(name)
      .orderBy('players.id')
      .limit(f.limit + 1)
      .execute();
    return rows.map((row) => [row.search_name, row.id]);
  }

  /**
   * Searches and statistics order in memory, over the (id, search_name) pairs the filters leave:
   * typos cannot be indexed, and a few thousand pairs sort in milliseconds.
   */
  private async rankedKeys(leagueId: number, f: PlayerFilters, after: CursorKey | null): Promise<CursorKey[]> {
    const [rows, stats] = await Promise.all([
      this.filtered(leagueId, f).select(['players.id', 'players.search_name']).execute(),
      f.sort === 'name' ? null : this.leagueStat(leagueId, f.sort),
    ]);
    const keys: CursorKey[] = [];
    for (const row of rows) {
      const rank = f.q ? matchRank(f.q, row.search_name) : null;
      if (f.q && rank === null) continue;
      const key: CursorKey = rank === null ? [] : [rank];
      if (stats) key.push(stats.get(row.id) ?? 0);
      key.push(row.search_name, row.id);
      keys.push(key);
    }
    const order = [...(f.q ? [1] : []), ...(stats ? [-1] : []), 1, 1];
    keys.sort((a, b) => compareKeys(a, b, order));
    const start = after ? keys.findIndex((key) => compareKeys(key, after, order) > 0) : 0;
    return start < 0 ? [] : keys.slice(start, start + f.limit + 1);
  }

  private async totals(ids: number[]): Promise<Map<number, Totals>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('appearances')
      .select((eb) => [
        'player_id',
        eb.fn.countAll<number | string>().as('apps'),
        eb.fn.sum<number | string>('goals').as('goals'),
        eb.fn.sum<number | string>('assists').as('assists'),
      ])
      .where('player_id', 'in', ids)
      .groupBy('player_id')
      .execute();
    return new Map(
      rows.map((row) => [
        row.player_id,
        { appearances: num(row.apps), goals: num(row.goals), assists: num(row.assists) },
      ]),
    );
  }

  /** Full list entries for the given players, in the given order. */
  private async entries(ids: number[], teams: TeamRefs): Promise<PageEntry[]> {
    if (ids.length === 0) return [];
    const [rows, totals] = await Promise.all([
      this.db
        .selectFrom('players')
        .leftJoin('users', 'users.id', 'players.user_id')
        .leftJoin('squad_memberships as sm', (join) =>
          join.onRef('sm.player_id', '=', 'players.id').on('sm.until_at', 'is', null),
        )
        .select(PLAYER_REF_COLUMNS)
        .select(['sm.team_id', 'sm.from_at'])
        .where('players.id', 'in', ids)
        .execute(),
      this.totals(ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const stats = totals.get(id) ?? { appearances: 0, goals: 0, assists: 0 };
      const team = row.team_id === null ? null : (teams.get(row.team_id) ?? null);
      return [{ ...toPlayerRef(row), ...stats, since: row.from_at, team }];
    });
  }

  /** The team's current squad with season totals, in the sport's position order, then by shirt. */
  async squad(teamId: number, positions: readonly string[]): Promise<SquadPlayer[]> {
    const rows = await this.db
      .selectFrom('squad_memberships as sm')
      .innerJoin('players', 'players.id', 'sm.player_id')
      .leftJoin('users', 'users.id', 'players.user_id')
      .select(PLAYER_REF_COLUMNS)
      .select('sm.from_at')
      .where('sm.team_id', '=', teamId)
      .where('sm.until_at', 'is', null)
      .execute();
    const totals = await this.totals(rows.map((row) => row.id));
    const place = (position: string) => (positions.includes(position) ? positions.indexOf(position) : positions.length);
    rows.sort(
      (a, b) =>
        place(a.position) - place(b.position) ||
        (a.shirt_number ?? 1000) - (b.shirt_number ?? 1000) ||
        a.name.localeCompare(b.name, 'en') ||
        a.id - b.id,
    );
    return rows.map((row) => ({
      ...toPlayerRef(row),
      ...(totals.get(row.id) ?? { appearances: 0, goals: 0, assists: 0 }),
      since: row.from_at,
    }));
  }

  async player(id: number): Promise<PlayerRow | undefined> {
    const row = await this.db
      .selectFrom('players')
      .leftJoin('users', 'users.id', 'players.user_id')
      .leftJoin('squad_memberships as sm', (join) =>
        join.onRef('sm.player_id', '=', 'players.id').on('sm.until_at', 'is', null),
      )
      .select(PLAYER_REF_COLUMNS)
      .select(['players.league_id', 'sm.team_id'])
      .where('players.id', '=', id)
      .executeTakeFirst();
    return row && { ...toPlayerRef(row), league_id: row.league_id, team_id: row.team_id };
  }

  async detail(player: PlayerRow, teams: TeamRefs): Promise<PlayerDetail> {
    const { league_id, team_id, ...ref } = player;
    const [weeks, history, totals] = await Promise.all([
      this.weeks(player.id, team_id, teams),
      this.history(player.id),
      this.db
        .selectFrom('appearances')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('appearances'),
          eb.fn.sum<number | string>('minutes').as('minutes'),
          eb.fn.sum<number | string>('goals').as('goals'),
          eb.fn.sum<number | string>('assists').as('assists'),
          eb.fn.sum<number | string>('yellow_cards').as('yellow_cards'),
          eb.fn.sum<number | string>('red_cards').as('red_cards'),
        ])
        .where('player_id', '=', player.id)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      ...ref,
      league_id,
      team: team_id === null ? null : (teams.get(team_id) ?? null),
      totals: {
        appearances: num(totals.appearances),
        minutes: num(totals.minutes),
        goals: num(totals.goals),
        assists: num(totals.assists),
        yellow_cards: num(totals.yellow_cards),
        red_cards: num(totals.red_cards),
      },
      weeks,
      history,
    };
  }

  /**
   * Every played fixture of the player's current team (zeros where the player did not play), and
   * every fixture the player played for another team before a transfer.
   */
  private async weeks(playerId: number, teamId: number | null, teams: TeamRefs): Promise<PlayerWeek[]> {
    const rows = await this.db
      .selectFrom('fixtures')
      .leftJoin('appearances', (join) =>
        join.onRef('appearances.fixture_id', '=', 'fixtures.id').on('appearances.player_id', '=', playerId),
      )
      .select(['fixtures.id', 'fixtures.week', 'fixtures.home_team_id', 'fixtures.away_team_id'])
      .select(['appearances.team_id', 'appearances.minutes', 'appearances.goals', 'appearances.assists'])
      .select(['appearances.yellow_cards', 'appearances.red_cards'])
      .where('fixtures.status', '=', 'played')
      .where((eb) => {
        const played = eb('appearances.player_id', 'is not', null);
        if (teamId === null) return played;
        return eb.or([eb('fixtures.home_team_id', '=', teamId), eb('fixtures.away_team_id', '=', teamId), played]);
      })
      .orderBy('fixtures.week')
      .orderBy('fixtures.kickoff_at')
      .orderBy('fixtures.id')
      .execute();
    return rows.flatMap((row) => {
      const side = row.team_id ?? teamId;
      const opponent = teams.get(side === row.home_team_id ? row.away_team_id : row.home_team_id);
      if (!opponent) return [];
      return [
        {
          week: row.week,
          fixture_id: row.id,
          opponent,
          minutes: row.minutes ?? 0,
          goals: row.goals ?? 0,
          assists: row.assists ?? 0,
          yellow_cards: row.yellow_cards ?? 0,
          red_cards: row.red_cards ?? 0,
        },
      ];
    });
  }

  private async history(playerId: number): Promise<PlayerDetail['history']> {
    const rows = await this.db
      .selectFrom('squad_memberships as sm')
      .innerJoin('teams', 'teams.id', 'sm.team_id')
      .select(TEAM_REF_COLUMNS)
      .select(['sm.from_at', 'sm.until_at'])
      .where('sm.player_id', '=', playerId)
      .orderBy('sm.from_at')
      .orderBy('sm.id')
      .execute();
    return rows.map((row) => ({ team: toTeamRef(row), from_at: row.from_at, until_at: row.until_at }));
  }
}
