/**
 * What the league's reads keep in memory (docs/decisions/0013): per league, its teams, its
 * fixtures and its players with their squad and season totals, tagged with the league's revision.
 * The database raises the revision on every change to these (migration 0004), and every read
 * fetches it together with the caller's membership, so a snapshot is used only while it is
 * current: an app instance never serves what another instance has changed since. Only a bounded
 * number of leagues is kept (LEAGUE_CACHE_LEAGUES), least recently used first out.
 */
import type { Kysely } from 'kysely';
import type { DB, PlayerStatus } from '../../db/schema.js';
import { searchText, type SearchText } from '../../league/player-search.js';
import {
  PLAYER_REF_COLUMNS,
  TEAM_REF_COLUMNS,
  toPlayerRef,
  toTeamRef,
  type Fixture,
  type TeamRefs,
} from './league-repo.js';
import type { PlayerRef, StandingRow } from './league-view.js';

export interface SnapshotPlayer extends PlayerRef {
  status: PlayerStatus;
  search_name: string;
  /** `search_name` prepared once for every search. */
  search: SearchText;
  /** The current team, null for a player without one, and since when. */
  team_id: number | null;
  since: string | null;
  appearances: number;
  goals: number;
  assists: number;
}

export interface LeagueSnapshot {
  revision: number;
  /** The league's teams by id, in name order. */
  teams: TeamRefs;
  /** Every fixture of the season, by week, kick-off and id. */
  fixtures: Fixture[];
  players: SnapshotPlayer[];
  /** Points added to or deducted from teams, oldest first (decision 0031). */
  adjustments: SnapshotAdjustment[];
  /** The commissioner's orders for teams level after every rule, oldest first. */
  decisions: SnapshotDecision[];
  /** The table, once computed, with the points rules it was computed with ("3/1/0"). */
  standings: { rules: string; table: StandingRow[] } | null;
  /**
   * Answers already serialized from this snapshot, by what else they depend on (read-bodies.ts):
   * they go with the snapshot when the revision moves on.
   */
  bodies: Map<string, string>;
}

export interface SnapshotAdjustment {
  id: number;
  team_id: number;
  points: number;
  reason: string;
  at: string;
}

export interface SnapshotDecision {
  id: number;
  team_ids: number[];
  reason: string;
  at: string;
}

/** PostgreSQL hands counts and sums over as text (bigint, numeric). */
const num = (value: string | number | null | undefined) => Number(value ?? 0);

async function loadSnapshot(db: Kysely<DB>, leagueId: number, revision: number): Promise<LeagueSnapshot> {
  const [teams, fixtures, players, totals, adjustments, decisions] = await Promise.all([
    db
      .selectFrom('teams')
      .select(TEAM_REF_COLUMNS)
      .where('league_id', '=', leagueId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('fixtures')
      .selectAll()
      .where('league_id', '=', leagueId)
      .orderBy('week')
      .orderBy('kickoff_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('players')
      .leftJoin('users', 'users.id', 'players.user_id')
      .leftJoin('squad_memberships as sm', (join) =>
        join.onRef('sm.player_id', '=', 'players.id').on('sm.until_at', 'is', null),
      )
      .select(PLAYER_REF_COLUMNS)
      .select(['players.search_name', 'sm.team_id', 'sm.from_at'])
      .where('players.league_id', '=', leagueId)
      .execute(),
    db
      .selectFrom('appearances')
      .innerJoin('players', 'players.id', 'appearances.player_id')
      .where('players.league_id', '=', leagueId)
      .select((eb) => [
        'appearances.player_id',
        eb.fn.countAll<number | string>().as('apps'),
        eb.fn.sum<number | string>('appearances.goals').as('goals'),
        eb.fn.sum<number | string>('appearances.assists').as('assists'),
      ])
      .groupBy('appearances.player_id')
      .execute(),
    db
      .selectFrom('points_adjustments')
      .select(['id', 'team_id', 'points', 'reason', 'at'])
      .where('league_id', '=', leagueId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('standings_decisions')
      .select(['id', 'team_ids', 'reason', 'at'])
      .where('league_id', '=', leagueId)
      .orderBy('id')
      .execute(),
  ]);
  const byPlayer = new Map(totals.map((row) => [row.player_id, row]));
  return {
    revision,
    teams: new Map(teams.map((row) => [row.id, toTeamRef(row)])),
    fixtures,
    adjustments,
    decisions: decisions.map((row) => ({ ...row, team_ids: JSON.parse(row.team_ids) as number[] })),
    standings: null,
    bodies: new Map(),
    // Added to the ref in place, not spread into a new object: these objects are read thousands
    // of times a request, and spread objects can fall back to slow dictionary properties.
    players: players.map((row) => {
      const stats = byPlayer.get(row.id);
      return Object.assign(toPlayerRef(row), {
        search_name: row.search_name,
        search: searchText(row.search_name),
        team_id: row.team_id,
        since: row.from_at,
        appearances: num(stats?.apps),
        goals: num(stats?.goals),
        assists: num(stats?.assists),
      });
    }),
  };
}

interface Entry {
  revision: number;
  snapshot: Promise<LeagueSnapshot>;
}

export class LeagueSnapshots {
  /** In use order: the least recently used league first. */
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly limit: number,
  ) {}

  /**
   * The league's snapshot at `revision` or later. Requests that miss together share one load; a
   * failed load is forgotten, so the next request tries again.
   */
  get(leagueId: number, revision: number): Promise<LeagueSnapshot> {
    let entry = this.entries.get(leagueId);
    this.entries.delete(leagueId);
    if (!entry || entry.revision < revision) {
      const loading: Entry = { revision, snapshot: loadSnapshot(this.db, leagueId, revision) };
      loading.snapshot.catch(() => {
        if (this.entries.get(leagueId) === loading) this.entries.delete(leagueId);
      });
      entry = loading;
    }
    this.entries.set(leagueId, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limit) break;
      this.entries.delete(oldest);
    }
    return entry.snapshot;
  }

  /** How many leagues are kept now (for tests). */
  get size(): number {
    return this.entries.size;
  }
}

/** The team's latest played fixture, in the order its form counts them (week, then kick-off). */
export function lastResultOf(snapshot: LeagueSnapshot, teamId: number): Fixture | undefined {
  return snapshot.fixtures.findLast(
    (f) => f.status === 'played' && (f.home_team_id === teamId || f.away_team_id === teamId),
  );
}

/** The team's next fixture still to be played: the earliest scheduled one. */
export function nextFixtureOf(snapshot: LeagueSnapshot, teamId: number): Fixture | undefined {
  return snapshot.fixtures.find(
    (f) => f.status === 'scheduled' && (f.home_team_id === teamId || f.away_team_id === teamId),
  );
}
