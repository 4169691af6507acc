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
export type LeagueRole = 'commissioner' | 'coach' | 'player' | 'referee';
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
  /** Raised by triggers on every change to the league's teams, players, squads, fixtures and appearances. */
  revision: Generated<number>;
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
}

export interface LeagueMembersTable {
  league_id: number;
  user_id: number;
  role: LeagueRole;
  /** The member's team (a coach's or a player's); null for the commissioner and referees. */
  team_id: number | null;
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
  players: PlayersTable;
  squad_memberships: SquadMembershipsTable;
  fixtures: FixturesTable;
  appearances: AppearancesTable;
  team_sheets: TeamSheetsTable;
  transfers: TransfersTable;
  chat_documents: ChatDocumentsTable;
  chat_outbox: ChatOutboxTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  registrations: RegistrationsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
