/**
 * The league's product API calls (docs/api.md, "League"), typed by the server's response
 * contract (a type-only import). Each takes an AbortSignal, so a screen's resource machine can
 * cancel an answer nobody wants any more (src/lib/use-resource.ts).
 */
import type {
  FixtureDetail,
  FixtureSummary,
  LeagueDetail,
  LeagueSummary,
  PlayerDetail,
  PlayerPage,
  PlayerRef,
  SheetRole,
  TeamDetail,
  TransferList,
  TransferView,
  WeekFixtures,
} from '../../server/api/league/league-view';
import { api, ApiError } from './api-client';

export type * from '../../server/api/league/league-view';

export interface PlayerQuery {
  leagueId: number;
  q?: string;
  team?: number;
  position?: string;
  status?: string;
  free?: boolean;
  sort?: 'name' | 'goals' | 'appearances';
  cursor?: string;
  limit?: number;
}

/** Fails with the server's reason, which the screens show as it is. */
export const reasoned = <T>(request: Promise<T>): Promise<T> =>
  request.catch((error: unknown) => {
    throw new Error(reasonOf(error));
  });

export const loadMyLeagues = (_: null, signal: AbortSignal) =>
  reasoned(api.get<{ leagues: LeagueSummary[] }>('/leagues', { signal, cacheBust: true })).then((a) => a.leagues);

export const loadLeague = ({ leagueId }: { leagueId: number }, signal: AbortSignal) =>
  reasoned(api.get<LeagueDetail>(`/leagues/${leagueId}`, { signal, cacheBust: true }));

export const loadWeek = ({ leagueId, week }: { leagueId: number; week?: number }, signal: AbortSignal) =>
  reasoned(api.get<WeekFixtures>(`/leagues/${leagueId}/fixtures`, { signal, cacheBust: true, query: { week } }));

export const loadFixture = ({ fixtureId }: { fixtureId: number }, signal: AbortSignal) =>
  reasoned(api.get<FixtureDetail>(`/fixtures/${fixtureId}`, { signal, cacheBust: true }));

export const loadTeam = ({ teamId }: { teamId: number }, signal: AbortSignal) =>
  reasoned(api.get<TeamDetail>(`/teams/${teamId}`, { signal, cacheBust: true }));

export const loadPlayer = ({ playerId }: { playerId: number }, signal: AbortSignal) =>
  reasoned(api.get<PlayerDetail>(`/players/${playerId}`, { signal, cacheBust: true }));

export const loadTransfers = ({ leagueId, limit }: { leagueId: number; limit?: number }, signal: AbortSignal) =>
  reasoned(api.get<TransferList>(`/leagues/${leagueId}/transfers`, { signal, cacheBust: true, query: { limit } }));

export const searchPlayers = ({ leagueId, ...query }: PlayerQuery, signal: AbortSignal) =>
  reasoned(api.get<PlayerPage>(`/leagues/${leagueId}/players`, { signal, query: { ...query } }));

export interface SheetBody {
  /** Player ids, in order. */
  starters: number[];
  substitutes: number[];
}

/** PUT /api/fixtures/:id/sheets/:teamId: replaces the team's sheet (its coach only). */
export const saveSheet = (fixtureId: number, teamId: number, body: SheetBody) =>
  api.put<{ fixture_id: number; team_id: number; lines: { player_id: number; role: SheetRole; player: PlayerRef }[] }>(
    `/fixtures/${fixtureId}/sheets/${teamId}`,
    body,
  );

/** What adding a player sends (POST /api/teams/:id/players): a name, or a member's user id. */
export interface NewPlayerBody {
  name?: string;
  position: string;
  shirt_number?: number | null;
  user_id?: number;
}

/** POST /api/teams/:id/players: adds a player to the squad (the commissioner or the team's coach). */
export const addPlayer = (teamId: number, body: NewPlayerBody) =>
  api.post<TransferView>(`/teams/${teamId}/players`, body);

/** What changing a player sends (PATCH /api/players/:id): only what changed; `name` only for a player without an account. */
export interface PlayerChangesBody {
  name?: string;
  position?: string;
  shirt_number?: number | null;
}

/** PATCH /api/players/:id: the commissioner or the coach of the player's team changes a player. */
export const editPlayer = (playerId: number, body: PlayerChangesBody) =>
  api.patch<PlayerRef>(`/players/${playerId}`, body);

/** DELETE /api/teams/:id/players/:playerId: releases a player from the squad. */
export const releasePlayer = (teamId: number, playerId: number) =>
  api.delete<TransferView>(`/teams/${teamId}/players/${playerId}`);

/** POST /api/fixtures/:id/result: the score (the commissioner, or the fixture's referee once). */
export const recordResult = (fixtureId: number, body: { home_score: number; away_score: number }) =>
  api.post<FixtureSummary>(`/fixtures/${fixtureId}/result`, body);

/** A server message's leading field path with a colon (`body/shirt_number: `). */
const FIELD_PREFIX = /^(?:body|querystring|params)\/[\w/.[\]-]+:\s+/;

/** The server's reason for a failure (its `message`, without a leading field path), else the error's own text. */
export function reasonOf(error: unknown): string {
  const message = error instanceof ApiError ? (error.body as { message?: unknown } | null)?.message : null;
  // "body/shirt_number: Ola wears 4 …" names the field for API clients; a form shows it by the field.
  if (typeof message === 'string' && message) return message.replace(FIELD_PREFIX, '');
  return error instanceof Error ? error.message : String(error);
}
