/**
 * What the league routes answer (docs/api.md, "League"): the contract between the product API and
 * the browser, which imports these types only (never the values). Times are ISO-8601 UTC text.
 * The JSON schemas of the responses are in league-schemas.ts.
 */
import type { Standing } from '../../league/standings.js';
import type { TieBreakPreset } from '../../league/tie-break-rules.js';
import type { FixtureStatus, LeagueRole, PlayerStatus, SheetRole, Sport, TransferKind } from '../../db/schema.js';

export type { FixtureStatus, LeagueRole, PlayerStatus, SheetRole, Sport, TransferKind, TieBreakPreset };

export interface TeamRef {
  id: number;
  name: string;
  short_name: string;
  colour_primary: string;
  colour_secondary: string;
  /** The team's crest (/api/teams/:id/crest?v=…, a WebP), or null when it has none. */
  crest_url: string | null;
}

/** GET /api/leagues: one entry per league the caller belongs to. */
export interface LeagueSummary {
  id: number;
  name: string;
  sport: Sport;
  season: string;
  weeks: number;
  current_week: number;
  /** The caller's role and team in this league. */
  my_role: LeagueRole;
  my_team: TeamRef | null;
  teams: number;
  /** The first match day (`YYYY-MM-DD`, in the league's time zone), or null when not set. */
  first_match_date: string | null;
  /** The IANA time zone the league plays in, e.g. "Europe/London". */
  time_zone: string;
  /**
   * The stated rank order: the league's tie-break criteria, then "name" (teams level on every
   * criterion are listed by name), e.g. ["points", "goal_difference", "goals_for", "won", "name"].
   */
  tie_break: string[];
  /** The preset the criteria come from, or null for the commissioner's own list. */
  tie_break_preset: TieBreakPreset | null;
}

/** One team's line in the table (server/league/standings.ts computes it). */
export type StandingRow = Standing<TeamRef>;

export interface LeagueRules {
  points_win: number;
  points_draw: number;
  points_loss: number;
  squad_min: number;
  squad_max: number;
  sheet_starters: number;
  sheet_subs_max: number;
  /** The sport's positions, in squad order. */
  positions: string[];
  match_minutes: number;
}

/** GET /api/leagues/:id */
export interface LeagueDetail extends LeagueSummary {
  rules: LeagueRules;
  standings: StandingRow[];
  /** The chat channel (`type:id`) where the league posts its cards, if any. */
  chat_channel: string | null;
  /**
   * What the caller may change (docs/decisions/0033): `manage` the name, season and teams (the
   * commissioner); `change_rules` the other settings too (the commissioner, until a fixture is played).
   */
  can: { manage: boolean; change_rules: boolean };
}

export interface FixtureSummary {
  id: number;
  week: number;
  home: TeamRef;
  away: TeamRef;
  kickoff_at: string;
  venue: string;
  referee_name: string;
  /** The referee's account when the referee is a member. */
  referee_user_id: number | null;
  status: FixtureStatus;
  home_score: number | null;
  away_score: number | null;
  /** The commissioner set this result (decision 0031); every screen marks it. */
  awarded: boolean;
  /** Why it was awarded; null unless `awarded`. */
  awarded_reason: string | null;
}

/** GET /api/leagues/:id/fixtures?week= (default: the current week). */
export interface WeekFixtures {
  league_id: number;
  week: number;
  weeks: number;
  current_week: number;
  fixtures: FixtureSummary[];
}

/** GET /api/leagues/:id/awards: the league's awarded fixtures, by week and kick-off. */
export interface AwardedFixtures {
  league_id: number;
  fixtures: FixtureSummary[];
}

export interface PlayerRef {
  id: number;
  name: string;
  position: string;
  shirt_number: number | null;
  status: PlayerStatus;
  /** The member's account when the player is a member (their picture: /api/users/:id/avatar). */
  user_id: number | null;
  avatar_url: string | null;
}

export interface SheetLine {
  player: PlayerRef;
  role: SheetRole;
}

export interface AppearanceLine {
  player: PlayerRef;
  team_id: number;
  minutes: number;
  goals: number;
  assists: number;
  yellow_cards: number;
  red_cards: number;
}

/** GET /api/fixtures/:id */
export interface FixtureDetail extends FixtureSummary {
  league_id: number;
  /** Team sheets by team id ("home", "away"); empty lists when the coach has not set one. */
  sheets: { home: SheetLine[]; away: SheetLine[] };
  /** The match events per player, for played fixtures. */
  appearances: AppearanceLine[];
  /** What the caller may do with this fixture. */
  can: { set_home_sheet: boolean; set_away_sheet: boolean; record_result: boolean; change: boolean };
}

export interface SquadPlayer extends PlayerRef {
  /** Season totals. */
  appearances: number;
  goals: number;
  assists: number;
  since: string;
}

/** GET /api/teams/:id */
export interface TeamDetail extends TeamRef {
  league_id: number;
  coach_name: string;
  coach_user_id: number | null;
  squad: SquadPlayer[];
  /** The team's next scheduled fixture, if any, with its team sheet. */
  next_fixture: (FixtureSummary & { sheet: SheetLine[] }) | null;
  /** The team's latest played fixture (the last of its form), if any. */
  last_result: FixtureSummary | null;
  /** The standings row of the team. */
  standing: StandingRow | null;
  can: { manage_squad: boolean; set_sheet: boolean };
}

/** A team as the set-up routes answer it: POST /api/leagues/:id/teams, PATCH /api/teams/:id, its crest. */
export interface TeamView extends TeamRef {
  league_id: number;
  /** The coach's account when the coach is a member; the name is shown either way ("" for none). */
  coach_user_id: number | null;
  coach_name: string;
}

/** GET /api/leagues/:id/players?q=&team=&position=&status=&free=&sort=&cursor=&limit= */
export interface PlayerPage {
  /** `since`: when the player joined the current team; null for a player without a team. */
  players: (Omit<SquadPlayer, 'since'> & { since: string | null; team: TeamRef | null })[];
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

export interface PlayerWeek {
  week: number;
  fixture_id: number;
  opponent: TeamRef;
  minutes: number;
  goals: number;
  assists: number;
  yellow_cards: number;
  red_cards: number;
}

/** GET /api/players/:id */
export interface PlayerDetail extends PlayerRef {
  league_id: number;
  team: TeamRef | null;
  totals: {
    appearances: number;
    minutes: number;
    goals: number;
    assists: number;
    yellow_cards: number;
    red_cards: number;
  };
  /** One entry per played week of the player's team, in week order (zeros when not played). */
  weeks: PlayerWeek[];
  history: { team: TeamRef; from_at: string; until_at: string | null }[];
}

export interface TransferView {
  id: number;
  kind: TransferKind;
  player: PlayerRef;
  from_team: TeamRef | null;
  to_team: TeamRef | null;
  at: string;
  by_name: string | null;
}

/** GET /api/leagues/:id/transfers?limit= (newest first). */
export interface TransferList {
  transfers: TransferView[];
}
