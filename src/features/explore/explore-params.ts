/**
 * The Explore page's filters in the address (`/explore?q=&team=&position=&status=&free=&sort=`),
 * so a search can be shared, reloaded and reached with the back button. Anything unreadable is
 * left out; the server checks the rest (an unknown position answers 400, shown with its reason).
 */
import type { PlayerFilters, PlayerSort } from '../../../machines/player-search/player-search.types';

export const SORTS: PlayerSort[] = ['name', 'goals', 'appearances'];
export const STATUSES = ['available', 'injured', 'suspended'] as const;

export const NO_FILTERS: PlayerFilters = { q: '', team: null, position: null, status: null, free: false, sort: 'name' };

export function filtersFromParams(params: URLSearchParams): PlayerFilters {
  const team = Number(params.get('team'));
  const status = params.get('status');
  const sort = params.get('sort') as PlayerSort | null;
  const free = params.get('free') === 'true';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    team: !free && Number.isInteger(team) && team > 0 ? team : null,
    position: params.get('position') || null,
    status: status && (STATUSES as readonly string[]).includes(status) ? status : null,
    free,
    sort: sort && SORTS.includes(sort) ? sort : 'name',
  };
}

/** The address's query for `filters` (defaults left out), keeping parameters of others. */
export function paramsFromFilters(filters: PlayerFilters, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string | null) => (value ? params.set(key, value) : params.delete(key));
  set('q', filters.q || null);
  set('team', filters.team === null || filters.free ? null : String(filters.team));
  set('position', filters.position);
  set('status', filters.status);
  set('free', filters.free ? 'true' : null);
  set('sort', filters.sort === 'name' ? null : filters.sort);
  return params;
}
