/**
 * The player search machine's real source (machines/player-search): a `searchPage` over
 * `GET /api/leagues/:id/players` (docs/api.md, "Players"). Blank text and unset filters are left
 * out of the query; `free` is sent only when asked for, as the server refuses it beside `team`.
 */
import { fromPromise } from 'xstate';
import type { PlayerSearchPage, PlayerSearchPageInput } from '../../../machines/player-search/player-search.types';
import { searchPlayers, type PlayerPage, type PlayerQuery } from '../league-client';

/** Players asked for per page (the API allows 1–50). */
export const PLAYER_PAGE_SIZE = 25;

export type PlayerRow = PlayerPage['players'][number];

export function playerQuery(leagueId: number, { filters, cursor }: PlayerSearchPageInput): PlayerQuery {
  const query: PlayerQuery = { leagueId, sort: filters.sort, limit: PLAYER_PAGE_SIZE };
  if (filters.q) query.q = filters.q.slice(0, 100);
  if (filters.free) query.free = true;
  else if (filters.team !== null) query.team = filters.team;
  if (filters.position) query.position = filters.position;
  if (filters.status) query.status = filters.status;
  if (cursor) query.cursor = cursor;
  return query;
}

export function createPlayerSearchActors(leagueId: number, search = searchPlayers) {
  return {
    searchPage: fromPromise<PlayerSearchPage, PlayerSearchPageInput>(({ input, signal }) =>
      search(playerQuery(leagueId, input), signal).then((page) => ({ hits: page.players, next: page.next_cursor })),
    ),
  };
}
