/**
 * The channel list machine's real I/O over a connected `stream-chat` client: pages of the
 * member's channels (members include me, pinned first then by last message time, watch and state
 * on), and the chat service's events that promote, change or remove channels (spec section 4,
 * "Channel"). The machine is in machines/channel-list.
 */
import type { Channel, ChannelFilters, ChannelSort, Event, StreamChat } from 'stream-chat';
import { fromCallback, fromPromise } from 'xstate';
import type {
  ChannelListEvent,
  ChannelListInput,
  ChannelPage,
  ChannelPageInput,
} from '../../../machines/channel-list/channel-list.types';

/** Pinned channels first (the member's pin), then the most recent message first. */
export const CHANNEL_LIST_SORT: ChannelSort = [{ pinned_at: -1 }, { last_message_at: -1 }];

export function channelListFilter(userId: string, archived: boolean): ChannelFilters {
  return { members: { $in: [userId] }, archived };
}

export const isArchived = (channel: Channel): boolean => Boolean(channel.state.membership?.archived_at);
export const isPinned = (channel: Channel): boolean => Boolean(channel.state.membership?.pinned_at);

const cidOf = (event: Event): string | undefined => event.cid ?? event.channel?.cid;

/** The channel of an event, watched (a channel the client did not know yet is watched first). */
async function watchedChannel(client: StreamChat, type: string, id: string): Promise<Channel> {
  const channel = client.channel(type, id);
  if (!channel.initialized) await channel.watch();
  return channel;
}

/**
 * `firstAfter`: the first page is asked for once this settles (the channel the address names is
 * opened first, chat-workspace-context.tsx); later pages do not wait.
 */
export function createChannelListActors(client: StreamChat, userId: string, firstAfter?: Promise<void>) {
  let waitFor = firstAfter ?? null;
  return {
    queryChannels: fromPromise<ChannelPage, ChannelPageInput>(async ({ input }) => {
      if (waitFor) {
        const before = waitFor;
        waitFor = null;
        await before;
      }
      const channels = await client.queryChannels(channelListFilter(userId, input.archived), CHANNEL_LIST_SORT, {
        limit: input.limit,
        offset: input.offset,
        watch: true,
        state: true,
      });
      return { cids: channels.map((channel) => channel.cid) };
    }),

    watchChannels: fromCallback<ChannelListEvent, ChannelListInput>(({ input, sendBack }) => {
      let stopped = false;
      const send = (event: ChannelListEvent) => {
        if (!stopped) sendBack(event);
      };
      const belongsHere = (channel: Channel) => isArchived(channel) === input.archived;

      /** Promotes the event's channel once it is watched, when it belongs to this list. */
      const promoteWatched = (event: Event) => {
        const type = event.channel?.type ?? event.channel_type;
        const id = event.channel?.id ?? event.channel_id;
        if (!type || !id) return;
        watchedChannel(client, type, id)
          .then((channel) => {
            if (belongsHere(channel)) send({ type: 'channel.promoted', cid: channel.cid });
          })
          // The channel could not be watched (gone again, or the connection dropped): the next
          // re-query after a reconnect lists it.
          .catch(() => undefined);
      };

      const remove = (event: Event) => {
        const cid = cidOf(event);
        if (cid) send({ type: 'channel.removed', cid });
      };

      const handlers: Record<string, (event: Event) => void> = {
        'message.new': (event) => {
          const message = event.message;
          if (message?.parent_id && !message.show_in_channel) return;
          const channel = event.cid ? client.activeChannels[event.cid] : undefined;
          if (!channel?.state.membership || !belongsHere(channel)) return;
          send({ type: 'channel.promoted', cid: channel.cid });
        },
        'notification.message_new': promoteWatched,
        'notification.added_to_channel': promoteWatched,
        'channel.visible': promoteWatched,
        'member.updated': (event) => {
          const memberId = event.member?.user?.id ?? event.member?.user_id;
          const channel = event.cid ? client.activeChannels[event.cid] : undefined;
          if (memberId !== userId || !channel) return;
          send({ type: belongsHere(channel) ? 'channel.changed' : 'channel.removed', cid: channel.cid });
        },
        'channel.deleted': remove,
        'channel.hidden': remove,
        'notification.removed_from_channel': remove,
        'notification.channel_deleted': remove,
        'connection.recovered': () => send({ type: 'connection.restored' }),
      };
      const subscriptions = Object.entries(handlers).map(([type, handler]) => client.on(type, handler));
      return () => {
        stopped = true;
        subscriptions.forEach((subscription) => subscription.unsubscribe());
      };
    }),
  };
}
