/** Table types for Kysely. Timestamps are ISO-8601 UTC text on both engines, so they sort as text. */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  language: string | null;
  bio: string;
  phone: string | null;
  timezone: string | null;
  /** File name under `<dataDir>/avatars`, never a path the client chose. */
  avatar_file: string | null;
  avatar_type: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** HMAC of the cookie value, so a leaked table cannot be replayed as cookies. */
  id_hash: string;
  user_id: number | null;
  created_at: string;
  expires_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: string;
}

export interface RegistrationsTable {
  id: Generated<number>;
  ip: string;
  created_at: string;
}

export interface ChatDocumentsTable {
  kind: string;
  key: string;
  data: string;
}

/** League tables (migration 0003, docs/decisions/0011). */
export type Sport = 'football' | 'basketball' | 'hockey';
/** A supporter reads everything a player reads and writes nothing (docs/decisions/0034). */
export type LeagueRole = 'commissioner' | 'coach' | 'player' | 'referee' | 'supporter';
export type PlayerStatus = 'available' | 'injured' | 'suspended';
export type FixtureStatus = 'scheduled' | 'played' | 'postponed';
export type SheetRole = 'starter' | 'substitute';
export type TransferKind = 'registered' | 'released' | 'moved';

export interface LeaguesTable {
  id: Generated<number>;
  name: string;
  sport: Sport;
  /** The season's label, e.g. "2026". */
  season: string;
  weeks: number;
  current_week: number;
  points_win: number;
  points_draw: number;
  points_loss: number;
  /** Squad rules: a team keeps between squad_min and squad_max registered players. */
  squad_min: number;
  squad_max: number;
  /** Team sheet rules: exactly sheet_starters starters and at most sheet_subs_max substitutes. */
  sheet_starters: number;
  sheet_subs_max: number;
  /** The league's chat channel (`type:id`) where results, transfers and fixture changes are posted. */
  chat_channel: string | null;
  created_at: string;
  /**
   * Raised by triggers on every change to the league's teams, players, squads, fixtures,
   * appearances, points adjustments and standings decisions.
   */
  revision: Generated<number>;
  /** The tie-break rule set: a preset's name or a JSON array of criteria (server/league/tie-break-rules.ts). */
  tie_break: Generated<string>;
  /** `YYYY-MM-DD` in the league's time zone; null until the commissioner sets it. */
  first_match_date: string | null;
  /** The IANA time zone the league plays in (kick-off patterns, dates), e.g. `Europe/London`. */
  time_zone: Generated<string>;
  /** The member who created the league (migration 0006); null for the seeded league. */
  created_by: number | null;
}

export interface TeamsTable {
  id: Generated<number>;
  league_id: number;
  name: string;
  short_name: string;
  /** `#rrggbb`. */
  colour_primary: string;
  colour_secondary: string;
  /** The coach's account when the coach is a member; the name is shown either way. */
  coach_user_id: number | null;
  coach_name: string;
  /** The crest's file name under `<dataDir>/crests` (a re-encoded WebP), never a path a client chose. */
  crest: string | null;
}

export interface LeagueMembersTable {
  league_id: number;
  user_id: number;
  role: LeagueRole;
  /** The member's team (a coach's or a player's); null for the commissioner, referees and supporters. */
  team_id: number | null;
  /** When the member joined by invitation (migration 0007); null for members added otherwise. */
  joined_at: Generated<string | null>;
  /** The invitation they joined through, while it exists. */
  invitation_id: Generated<number | null>;
}

/** An invitation by link (migration 0007, docs/decisions/0034). Only the token's SHA-256 is kept. */
export interface LeagueInvitationsTable {
  id: Generated<number>;
  league_id: number;
  token_hash: string;
  role: Exclude<LeagueRole, 'commissioner'>;
  /** The team a player or coach joins; null for none. */
  team_id: number | null;
  max_uses: number;
  uses: Generated<number>;
  expires_at: string;
  revoked_at: string | null;
  /** The commissioner who created it, while their account exists. */
  created_by: number | null;
  created_at: string;
}

/** An unknown invitation token asked for, per address: the lookup's rate limit counts these. */
export interface InvitationMissesTable {
  id: Generated<number>;
  ip: string;
  created_at: string;
}

export interface PlayersTable {
  id: Generated<number>;
  league_id: number;
  name: string;
  /** The name in lower case without diacritics, for search. */
  search_name: string;
  /** One of the sport's positions (server/league/sports.ts). */
  position: string;
  shirt_number: number | null;
  status: PlayerStatus;
  user_id: number | null;
}

export interface SquadMembershipsTable {
  id: Generated<number>;
  player_id: number;
  team_id: number;
  from_at: string;
  /** null: the player's current team (at most one per player, a unique index holds it). */
  until_at: string | null;
}

export interface FixturesTable {
  id: Generated<number>;
  league_id: number;
  week: number;
  home_team_id: number;
  away_team_id: number;
  kickoff_at: string;
  /** Pitch or venue, e.g. "Riverside Park, pitch 2". */
  venue: string;
  referee_user_id: number | null;
  referee_name: string;
  status: FixtureStatus;
  home_score: number | null;
  away_score: number | null;
  updated_at: string;
  /** 1 when the commissioner awarded the result rather than it being played out; 0 otherwise. */
  awarded: Generated<number>;
  /** Why it was awarded (migration 0009); null unless `awarded` is 1. */
  awarded_reason: string | null;
}

/** A player's line for one played fixture: the match events that count for statistics. */
export interface AppearancesTable {
  fixture_id: number;
  player_id: number;
  team_id: number;
  minutes: number;
  goals: number;
  assists: number;
  yellow_cards: number;
  red_cards: number;
}

export interface TeamSheetsTable {
  fixture_id: number;
  team_id: number;
  player_id: number;
  role: SheetRole;
  sort_order: number;
}

export interface TransfersTable {
  id: Generated<number>;
  league_id: number;
  player_id: number;
  kind: TransferKind;
  from_team_id: number | null;
  to_team_id: number | null;
  by_user_id: number | null;
  at: string;
}

/** Points a team gains (positive) or loses (negative) outside its results, with the reason. */
export interface PointsAdjustmentsTable {
  id: Generated<number>;
  league_id: number;
  team_id: number;
  points: number;
  reason: string;
  by_user_id: number | null;
  at: string;
}

/** The commissioner's order for teams still level after every tie-break (e.g. after a play-off). */
export interface StandingsDecisionsTable {
  id: Generated<number>;
  league_id: number;
  /** JSON array of team ids, in the order decided. */
  team_ids: string;
  reason: string;
  by_user_id: number | null;
  at: string;
}

/** A league channel's chat id when it is not the default `league-<id>-…` (migration 0012). */
export interface LeagueChatChannelsTable {
  league_id: number;
  /** `general`, `match-day`, `results` or `team-<teamId>`. */
  slot: string;
  team_id: number | null;
  channel_id: string;
}

/** Chat changes a league change needs, applied until the chat service confirms (migration 0008). */
export interface ChatOutboxTable {
  id: Generated<number>;
  league_id: number;
  /** What to do (server/api/chat/chat-outbox.ts: ChatChange), with its `payload` as JSON. */
  kind: string;
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  /** null while pending. */
  done_at: string | null;
  created_at: string;
  /** While a worker applies the league's changes: until when, and which worker. */
  locked_until: string | null;
  locked_by: string | null;
}

export interface DB {
  leagues: LeaguesTable;
  teams: TeamsTable;
  league_members: LeagueMembersTable;
  league_invitations: LeagueInvitationsTable;
  invitation_misses: InvitationMissesTable;
  players: PlayersTable;
  squad_memberships: SquadMembershipsTable;
  fixtures: FixturesTable;
  appearances: AppearancesTable;
  team_sheets: TeamSheetsTable;
  transfers: TransfersTable;
  points_adjustments: PointsAdjustmentsTable;
  standings_decisions: StandingsDecisionsTable;
  chat_documents: ChatDocumentsTable;
  chat_outbox: ChatOutboxTable;
  league_chat_channels: LeagueChatChannelsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  registrations: RegistrationsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
