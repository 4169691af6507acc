/**
 * The league's reads (docs/decisions/0011): leagues, teams, fixtures, team sheets, appearances,
 * standings and transfers, already in the shapes of league-view.ts. Players are in player-repo.ts.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB, FixturesTable, LeaguesTable, TeamsTable } from '../../db/schema.js';
import { fileVersion } from '../../storage/avatar-files.js';
import { avatarUrl } from '../users/user-view.js';
import { leagueSettings } from './league-detail.js';
import type {
  AppearanceLine,
  FixtureSummary,
  LeagueSummary,
  PlayerRef,
  SheetLine,
  TeamRef,
  TransferView,
} from './league-view.js';

export type League = Selectable<LeaguesTable>;
export type Fixture = Selectable<FixturesTable>;
export type Team = Selectable<TeamsTable>;
export type TeamRefs = Map<number, TeamRef>;

export const TEAM_REF_COLUMNS = [
  'teams.id',
  'teams.name',
  'teams.short_name',
  'teams.colour_primary',
  'teams.colour_secondary',
  'teams.crest',
] as const;

export type TeamRefRow = Pick<Team, 'id' | 'name' | 'short_name' | 'colour_primary' | 'colour_secondary' | 'crest'>;

export const PLAYER_REF_COLUMNS = [
  'players.id',
  'players.name',
  'players.position',
  'players.shirt_number',
  'players.status',
  'players.user_id',
  'users.avatar_file',
] as const;

export interface PlayerRefRow {
  id: number;
  name: string;
  position: string;
  shirt_number: number | null;
  status: PlayerRef['status'];
  user_id: number | null;
  avatar_file: string | null;
}

export function toPlayerRef(row: PlayerRefRow): PlayerRef {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    shirt_number: row.shirt_number,
    status: row.status,
    user_id: row.user_id,
    avatar_url: row.user_id === null ? null : avatarUrl({ id: row.user_id, avatar_file: row.avatar_file }),
  };
}

/** The crest's address changes with its file, so browsers may cache it for long (like avatars). */
export function crestUrl(team: { id: number; crest: string | null }): string | null {
  return team.crest ? `/api/teams/${team.id}/crest?v=${fileVersion(team.crest)}` : null;
}

export function toTeamRef(row: TeamRefRow): TeamRef {
  const { id, name, short_name, colour_primary, colour_secondary } = row;
  return { id, name, short_name, colour_primary, colour_secondary, crest_url: crestUrl(row) };
}

/** Teams come from the league's own list, so a fixture's team is always there. */
function teamOf(teams: TeamRefs, id: number): TeamRef {
  const team = teams.get(id);
  if (!team) throw new Error(`team ${id} is not in the league's team list`);
  return team;
}

export function toFixtureSummary(row: Fixture, teams: TeamRefs): FixtureSummary {
  return {
    id: row.id,
    week: row.week,
    home: teamOf(teams, row.home_team_id),
    away: teamOf(teams, row.away_team_id),
    kickoff_at: row.kickoff_at,
    venue: row.venue,
    referee_name: row.referee_name,
    referee_user_id: row.referee_user_id,
    status: row.status,
    home_score: row.home_score,
    away_score: row.away_score,
    awarded: row.awarded === 1,
    awarded_reason: row.awarded_reason,
  };
}

export class LeagueRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** The caller's leagues with their role and team. */
  async summaries(userId: number): Promise<LeagueSummary[]> {
    const rows = await this.db
      .selectFrom('league_members')
      .innerJoin('leagues', 'leagues.id', 'league_members.league_id')
      .leftJoin('teams', 'teams.id', 'league_members.team_id')
      .select(['leagues.id', 'leagues.name', 'leagues.sport', 'leagues.season', 'leagues.weeks'])
      .select(['leagues.current_week', 'league_members.role'])
      .select(['leagues.first_match_date', 'leagues.time_zone', 'leagues.tie_break'])
      .select([
        'teams.id as team_id',
        'teams.name as team_name',
        'teams.short_name as team_short_name',
        'teams.colour_primary as team_colour_primary',
        'teams.colour_secondary as team_colour_secondary',
        'teams.crest as team_crest',
      ])
      .select((eb) =>
        eb
          .selectFrom('teams as counted')
          .whereRef('counted.league_id', '=', 'leagues.id')
          .select(eb.fn.countAll<number | string>().as('n'))
          .as('team_count'),
      )
      .where('league_members.user_id', '=', userId)
      .orderBy('leagues.name')
      .orderBy('leagues.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      sport: row.sport,
      season: row.season,
      weeks: row.weeks,
      current_week: row.current_week,
      my_role: row.role,
      my_team:
        row.team_id === null
          ? null
          : toTeamRef({
              id: row.team_id,
              name: row.team_name!,
              short_name: row.team_short_name!,
              colour_primary: row.team_colour_primary!,
              colour_secondary: row.team_colour_secondary!,
              crest: row.team_crest,
            }),
      // PostgreSQL counts as bigint, which its driver hands over as text.
      teams: Number(row.team_count ?? 0),
      ...leagueSettings(row),
    }));
  }

  async fixture(id: number): Promise<Fixture | undefined> {
    return this.db.selectFrom('fixtures').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The fixture's team sheets by team id: starters first, each part in the coach's order. */
  async sheets(fixtureId: number): Promise<Map<number, SheetLine[]>> {
    const rows = await this.db
      .selectFrom('team_sheets')
      .innerJoin('players', 'players.id', 'team_sheets.player_id')
      .leftJoin('users', 'users.id', 'players.user_id')
      .select(PLAYER_REF_COLUMNS)
      .select(['team_sheets.team_id', 'team_sheets.role', 'team_sheets.sort_order'])
      .where('team_sheets.fixture_id', '=', fixtureId)
      .execute();
    rows.sort((a, b) => (a.role === b.role ? 0 : a.role === 'starter' ? -1 : 1) || a.sort_order - b.sort_order);
    const sheets = new Map<number, SheetLine[]>();
    for (const row of rows) {
      const lines = sheets.get(row.team_id) ?? [];
      lines.push({ player: toPlayerRef(row), role: row.role });
      sheets.set(row.team_id, lines);
    }
    return sheets;
  }

  async appearances(fixtureId: number): Promise<AppearanceLine[]> {
    const rows = await this.db
      .selectFrom('appearances')
      .innerJoin('players', 'players.id', 'appearances.player_id')
      .leftJoin('users', 'users.id', 'players.user_id')
      .select(PLAYER_REF_COLUMNS)
      .select(['appearances.team_id', 'appearances.minutes', 'appearances.goals', 'appearances.assists'])
      .select(['appearances.yellow_cards', 'appearances.red_cards'])
      .where('appearances.fixture_id', '=', fixtureId)
      .orderBy('appearances.team_id')
      .orderBy('appearances.minutes', 'desc')
      .orderBy('players.shirt_number')
      .orderBy('players.id')
      .execute();
    return rows.map((row) => ({
      player: toPlayerRef(row),
      team_id: row.team_id,
      minutes: row.minutes,
      goals: row.goals,
      assists: row.assists,
      yellow_cards: row.yellow_cards,
      red_cards: row.red_cards,
    }));
  }

  async team(id: number): Promise<Team | undefined> {
    return this.db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The newest transfers first; teams that left the league since show as null. */
  async transfers(leagueId: number, limit: number, teams: TeamRefs): Promise<TransferView[]> {
    const rows = await this.db
      .selectFrom('transfers')
      .innerJoin('players', 'players.id', 'transfers.player_id')
      .leftJoin('users', 'users.id', 'players.user_id')
      .leftJoin('users as author', 'author.id', 'transfers.by_user_id')
      .select(PLAYER_REF_COLUMNS)
      .select(['transfers.id as transfer_id', 'transfers.kind', 'transfers.from_team_id', 'transfers.to_team_id'])
      .select(['transfers.at', 'author.name as by_name'])
      .where('transfers.league_id', '=', leagueId)
      .orderBy('transfers.at', 'desc')
      .orderBy('transfers.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.transfer_id,
      kind: row.kind,
      player: toPlayerRef(row),
      from_team: row.from_team_id === null ? null : (teams.get(row.from_team_id) ?? null),
      to_team: row.to_team_id === null ? null : (teams.get(row.to_team_id) ?? null),
      at: row.at,
      by_name: row.by_name,
    }));
  }
}
