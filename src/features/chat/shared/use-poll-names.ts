/**
 * The questions of the polls a list of messages carries, for their one-line summaries
 * (message-summary.ts). A message that carries its poll names it; a poll the client has in its
 * poll cache (hydrated from channel queries and `message.new`) is named from there; the rest are
 * fetched in one poll query by id (`POST /polls/query`, `id: {$in}`, which the hosted service
 * filters on), loaded through the resource statechart.
 */
import { useCallback, useMemo, useState } from 'react';
import type { StreamChat } from 'stream-chat';
import { useResource } from '../../../lib/use-resource';
import { cachedPollName, unnamedPollIds, type PollNameLookup, type SummarisableMessage } from './message-summary';

/** The most ids one poll query asks for (the service's page limit). */
export const POLL_QUERY_LIMIT = 100;

/** Fetches the questions of `ids` (polls the member cannot see are left out). */
export async function fetchPollNames(client: StreamChat, ids: readonly string[]): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  for (let at = 0; at < ids.length; at += POLL_QUERY_LIMIT) {
    const chunk = ids.slice(at, at + POLL_QUERY_LIMIT);
    const { polls } = await client.queryPolls({ id: { $in: chunk } }, [], { limit: chunk.length });
    for (const poll of polls) names[poll.id] = poll.name;
  }
  return names;
}

/** A lookup of the questions of the polls `messages` carry, fetching those nobody knows yet. */
export function usePollNames(client: StreamChat, messages: readonly SummarisableMessage[]): PollNameLookup {
  // Taken once (useResource): the list is mounted for one client.
  const [load] = useState(
    () =>
      ({ ids }: { ids: string[] }) =>
        fetchPollNames(client, ids),
  );
  const cached = useMemo(() => cachedPollName(client), [client]);
  const fetched = useResource(load, { ids: unnamedPollIds(messages, cached) });
  const names = fetched.data;
  return useCallback((id: string) => cached(id) ?? names?.[id], [cached, names]);
}
