/**
 * The channel search machine's real sources over a connected `stream-chat` client, each a
 * `searchPage` actor to provide (machines/channel-search): the member's channels whose name or a
 * member's name starts a word with the text (pages by offset), the switcher's channels by name and
 * direct conversations by member, messages in the member's channels
 * whose words start with the text's words (newest first, pages by the service's cursor), and
 * users by name for a new direct message (the picker leaves the member out, so pages stay whole).
 */
import type { MessageResponse, StreamChat } from 'stream-chat';
import { fromPromise } from 'xstate';
import type { MessageHit, SearchPage, SearchPageInput } from '../../../machines/channel-search/channel-search.types';
import { CHANNEL_LIST_SORT } from './channel-list-actors';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function messageHit(message: MessageResponse): MessageHit {
  const channel = message.channel;
  const [type, id] = (message.cid ?? `${channel?.type ?? ''}:${channel?.id ?? ''}`).split(':') as [string, string];
  return {
    kind: 'message',
    id: message.id,
    text: message.text ?? '',
    createdAt: typeof message.created_at === 'string' ? message.created_at : new Date().toISOString(),
    channelType: channel?.type ?? type,
    channelId: channel?.id ?? id,
    channelName: text(channel?.name),
    userId: message.user?.id ?? null,
    userName: text(message.user?.name) ?? message.user?.id ?? null,
  };
}

export function createChannelSearchActors(client: StreamChat, userId: string) {
  return {
    searchChannels: fromPromise<SearchPage, SearchPageInput>(async ({ input }) => {
      const channels = await client.queryChannels(
        {
          members: { $in: [userId] },
          $or: [{ name: { $autocomplete: input.query } }, { 'member.user.name': { $autocomplete: input.query } }],
        },
        CHANNEL_LIST_SORT,
        { limit: input.limit, offset: input.offset, watch: true, state: true },
      );
      return { hits: channels.map((channel) => ({ kind: 'channel', id: channel.cid })), paging: 'offset', next: null };
    }),

    /**
     * The switcher's finds: channels by name, and direct conversations by a member's name (team
     * channels by member would crowd those out; the switcher finds them among the loaded ones).
     */
    searchSwitcher: fromPromise<SearchPage, SearchPageInput>(async ({ input }) => {
      const options = { limit: input.limit, offset: input.offset, watch: true, state: true };
      const [named, direct] = await Promise.all([
        client.queryChannels(
          { members: { $in: [userId] }, name: { $autocomplete: input.query } },
          CHANNEL_LIST_SORT,
          options,
        ),
        client.queryChannels(
          { members: { $in: [userId] }, type: 'messaging', 'member.user.name': { $autocomplete: input.query } },
          CHANNEL_LIST_SORT,
          options,
        ),
      ]);
      const cids = [...new Set([...named, ...direct].map((channel) => channel.cid))];
      return { hits: cids.map((cid) => ({ kind: 'channel', id: cid })), paging: 'offset', next: null };
    }),

    searchMessages: fromPromise<SearchPage, SearchPageInput>(async ({ input, signal }) => {
      const response = await client.search(
        { members: { $in: [userId] } },
        { text: { $autocomplete: input.query } },
        {
          limit: input.limit,
          sort: [{ created_at: -1 }],
          ...(input.next ? { next: input.next } : {}),
        },
        { signal },
      );
      return {
        hits: response.results.map((result) => messageHit(result.message)),
        paging: 'cursor',
        next: response.next ?? null,
      };
    }),

    searchUsers: fromPromise<SearchPage, SearchPageInput>(async ({ input, signal }) => {
      const { users } = await client.queryUsers(
        { name: { $autocomplete: input.query } },
        [{ name: 1 }],
        { limit: input.limit, offset: input.offset },
        { signal },
      );
      return {
        hits: users.map((user) => ({
          kind: 'user',
          id: user.id,
          name: text(user.name) ?? user.id,
          image: text(user.image),
        })),
        paging: 'offset',
        next: null,
      };
    }),
  };
}
