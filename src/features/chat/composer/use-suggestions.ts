/**
 * The suggestion list for the trigger before the caret: `@` members (fuzzy, muted rules) or `/`
 * commands from the channel's config, with what picking one does to the text.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Channel, StreamChat, UserResponse } from 'stream-chat';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { channelSearchMachine } from '../../../../machines/channel-search/channel-search.machine';
import { selectQuery, selectUserHits } from '../../../../machines/channel-search/channel-search.selectors';
import type { SearchPage, SearchPageInput } from '../../../../machines/channel-search/channel-search.types';
import { activeTrigger } from '../../../../machines/composer/composer.rules';
import {
  isUnmuteCommand,
  MAX_MENTION_SUGGESTIONS,
  MEMBERS_FULLY_LOADED_BELOW,
  mentionPool,
  normalise,
  searchMentions,
  type MentionCandidate,
} from './mention-search';

export interface CommandSuggestion {
  name: string;
  args: string;
  description: string;
}

export type SuggestionItem =
  { kind: 'mention'; user: MentionCandidate } | { kind: 'command'; command: CommandSuggestion };

export interface SuggestionState {
  trigger: '@' | '/';
  query: string;
  /** Index of the trigger character in the text. */
  start: number;
  /** Where the query ends (the caret). */
  end: number;
  items: SuggestionItem[];
  /** Only muted users are listed (after /unmute). */
  mutedOnly: boolean;
}

export function candidateOf(user: UserResponse | undefined | null): MentionCandidate | null {
  if (!user?.id) return null;
  const image = typeof user.image === 'string' ? user.image : undefined;
  return { id: user.id, name: user.name || user.id, online: user.online === true, ...(image ? { image } : {}) };
}

const candidates = (users: (UserResponse | undefined | null)[]) =>
  users.map(candidateOf).filter((c): c is MentionCandidate => c !== null);

export function channelCommands(channel: Channel): CommandSuggestion[] {
  return (channel.getConfig()?.commands ?? []).flatMap((c) =>
    c.name ? [{ name: c.name, args: c.args ?? '', description: c.description ?? '' }] : [],
  );
}

export function matchCommands(query: string, commands: CommandSuggestion[]): CommandSuggestion[] {
  const q = normalise(query);
  const starts = commands.filter((c) => normalise(c.name).startsWith(q));
  const contains = commands.filter((c) => !starts.includes(c) && normalise(c.name).includes(q));
  return [...starts, ...contains];
}

function membersFullyLoaded(channel: Channel): boolean {
  const loaded = Object.keys(channel.state.members).length;
  const count = typeof channel.data?.member_count === 'number' ? channel.data.member_count : loaded;
  return Math.max(loaded, count) < MEMBERS_FULLY_LOADED_BELOW;
}

/** The trigger before `caret` in `text`, where it starts, and its query. */
export function triggerAt(text: string, caret: number) {
  const before = text.slice(0, caret);
  const trigger = activeTrigger(before);
  if (!trigger) return null;
  return { ...trigger, start: caret - trigger.query.length - 1, end: caret };
}

/** The text after picking `item` for the trigger in `state`, and where the caret goes. */
export function applySuggestion(text: string, state: Pick<SuggestionState, 'start' | 'end'>, item: SuggestionItem) {
  const inserted = item.kind === 'mention' ? `@${item.user.name} ` : `/${item.command.name} `;
  const after = text.slice(state.end).replace(/^ /, '');
  return { text: text.slice(0, state.start) + inserted + after, caret: state.start + inserted.length };
}

/**
 * The channel's members by name, asked of the service when the client does not hold them all:
 * the debounced, paged search statechart (machines/channel-search) over `queryMembers`, so a
 * query is sent once typing pauses (spec section 9), not once per key.
 */
function useMemberSearch(channel: Channel) {
  const [machine] = useState(() =>
    channelSearchMachine.provide({
      actors: {
        searchPage: fromPromise<SearchPage, SearchPageInput>(async ({ input }) => {
          const { members } = await channel.queryMembers(
            { name: { $autocomplete: input.query } },
            {},
            { limit: MAX_MENTION_SUGGESTIONS * 2, offset: input.offset },
          );
          return {
            hits: candidates(members.map((m) => m.user)).map((user) => ({
              kind: 'user' as const,
              id: user.id,
              name: user.name,
              image: user.image ?? null,
              online: user.online,
            })),
            paging: 'offset',
            next: null,
          };
        }),
      },
    }),
  );
  return useActorRef(machine);
}

export function useSuggestions(
  client: StreamChat,
  channel: Channel,
  text: string,
  caret: number,
  /** The composer's commands by name (none in a thread's composer); the channel's config describes them. */
  commandNames: readonly string[],
): SuggestionState | null {
  const found = useMemo(() => triggerAt(text, caret), [text, caret]);
  const unmute = isUnmuteCommand(text);
  const local = found?.trigger === '@' && (unmute || membersFullyLoaded(channel));
  const memberSearch = useMemberSearch(channel);
  const remoteQuery = found?.trigger === '@' && !local ? found.query : null;
  useEffect(() => {
    memberSearch.send({ type: 'search.typed', text: remoteQuery ?? '' });
  }, [memberSearch, remoteQuery]);
  const remoteHits = useSelector(memberSearch, selectUserHits);
  const remoteFor = useSelector(memberSearch, selectQuery);

  return useMemo(() => {
    if (!found) return null;
    const base = { trigger: found.trigger, query: found.query, start: found.start, end: found.end };
    if (found.trigger === '/') {
      if (found.start !== 0) return null;
      const offered = channelCommands(channel).filter((c) => commandNames.includes(c.name));
      const items = matchCommands(found.query, offered).map((command): SuggestionItem => ({
        kind: 'command',
        command,
      }));
      return { ...base, items, mutedOnly: false };
    }
    const muted = candidates(client.mutedUsers.map((m) => m.target));
    const members = local
      ? candidates(Object.values(channel.state.members).map((m) => m.user))
      : remoteFor !== '' && remoteFor === found.query.trim()
        ? remoteHits.map(({ id, name, image, online }) => ({
            id,
            name,
            online: online === true,
            ...(image ? { image } : {}),
          }))
        : [];
    const pool = mentionPool(members, muted, client.userID ?? '', unmute);
    const items = searchMentions(found.query, pool).map((user): SuggestionItem => ({ kind: 'mention', user }));
    return { ...base, items, mutedOnly: unmute };
  }, [found, channel, client, local, remoteFor, remoteHits, unmute, commandNames]);
}
