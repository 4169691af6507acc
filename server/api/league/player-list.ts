/**
 * The league's player list (GET /api/leagues/:id/players), filtered, searched, ordered and paged
 * in memory over the league's snapshot (league-snapshots.ts), and a team's squad from the same:
 * typos cannot be indexed, and a few thousand players filter and sort in well under a millisecond.
 * Pure: no database, no clock.
 */
import type { PlayerStatus } from '../../db/schema.js';
import { matchRank, type SearchQuery } from '../../league/player-search.js';
import { decodeCursor, encodeCursor, type CursorKey, type PlayerSort } from './player-cursor.js';
import type { LeagueSnapshot, SnapshotPlayer } from './league-snapshots.js';
import type { PlayerPage, SquadPlayer } from './league-view.js';

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

/** A cursor from another sort or search, or one that is not ours, cannot be continued. */
export class BadCursorError extends Error {}

/**
 * A player's place in the list: match rank first (0 when not searching), then the statistic
 * (highest first; 0 when sorting by name), then name and id. The cursor carries the same parts
 * (player-cursor.ts lists its shapes).
 */
interface Place {
  rank: number;
  stat: number;
  name: string;
  id: number;
}

const comparePlaces = (a: Place, b: Place) =>
  a.rank - b.rank || b.stat - a.stat || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id;

function placeFromKey(key: CursorKey, searching: boolean, byStat: boolean): Place {
  const parts = [...key];
  const rank = searching ? (parts.shift() as number) : 0;
  const stat = byStat ? (parts.shift() as number) : 0;
  return { rank, stat, name: parts[0] as string, id: parts[1] as number };
}

function keyFromPlace(place: Place, searching: boolean, byStat: boolean): CursorKey {
  return [...(searching ? [place.rank] : []), ...(byStat ? [place.stat] : []), place.name, place.id];
}

/**
 * The filters as one test. Built once per request from the request's query object, whose
 * properties are slow to read in a loop over every player.
 */
function filterOf({ team, free, position, status }: PlayerFilters): (player: SnapshotPlayer) => boolean {
  return (player) =>
    (team === undefined || player.team_id === team) &&
    (free === undefined || (player.team_id === null) === free) &&
    (position === undefined || player.position === position) &&
    (status === undefined || player.status === status);
}

/** The player's list line. Written out field by field: object spread here cost 5 µs a player. */
const squadLine = (p: SnapshotPlayer): Omit<SquadPlayer, 'since'> => ({
  id: p.id,
  name: p.name,
  position: p.position,
  shirt_number: p.shirt_number,
  status: p.status,
  user_id: p.user_id,
  avatar_url: p.avatar_url,
  appearances: p.appearances,
  goals: p.goals,
  assists: p.assists,
});

export function playerPage(snapshot: LeagueSnapshot, f: PlayerFilters): PlayerPage {
  const searching = f.q !== null;
  const byStat = f.sort !== 'name';
  const key = f.cursor === undefined ? null : decodeCursor(f.cursor, f.sort, searching);
  if (key === undefined) throw new BadCursorError();
  const after = key && placeFromKey(key, searching, byStat);
  const { q, sort } = f;
  const passes = filterOf(f);
  const found: { place: Place; player: SnapshotPlayer }[] = [];
  for (const player of snapshot.players) {
    if (!passes(player)) continue;
    const rank = q ? matchRank(q, player.search) : 0;
    if (rank === null) continue;
    const place = { rank, stat: sort === 'name' ? 0 : player[sort], name: player.search_name, id: player.id };
    if (!after || comparePlaces(place, after) > 0) found.push({ place, player });
  }
  found.sort((a, b) => comparePlaces(a.place, b.place));
  const page = found.slice(0, f.limit);
  const last = page[page.length - 1];
  return {
    players: page.map(({ player: p }) =>
      Object.assign(squadLine(p), {
        since: p.since,
        team: p.team_id === null ? null : (snapshot.teams.get(p.team_id) ?? null),
      }),
    ),
    next_cursor:
      found.length > f.limit && last
        ? encodeCursor(f.sort, searching, keyFromPlace(last.place, searching, byStat))
        : null,
  };
}

/** The team's current squad with season totals, in the sport's position order, then by shirt. */
export function squadOf(snapshot: LeagueSnapshot, teamId: number, positions: readonly string[]): SquadPlayer[] {
  const place = (position: string) => (positions.includes(position) ? positions.indexOf(position) : positions.length);
  return snapshot.players
    .filter((p) => p.team_id === teamId)
    .sort(
      (a, b) =>
        place(a.position) - place(b.position) ||
        (a.shirt_number ?? 1000) - (b.shirt_number ?? 1000) ||
        a.name.localeCompare(b.name, 'en') ||
        a.id - b.id,
    )
    .map((p) => Object.assign(squadLine(p), { since: p.since ?? '' }));
}
