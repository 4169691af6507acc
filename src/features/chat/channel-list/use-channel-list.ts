/**
 * The connect layer between the channel list panel and its machines: a channel list actor
 * (machines/channel-list) over the workspace's client, a search actor (machines/channel-search)
 * over one of its sources, and the listed channels as `stream-chat` Channels.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { Channel, StreamChat } from 'stream-chat';
import type { ActorRefFrom } from 'xstate';
import { channelListMachine } from '../../../../machines/channel-list/channel-list.machine';
import { selectCids, selectRevision } from '../../../../machines/channel-list/channel-list.selectors';
import { channelSearchMachine } from '../../../../machines/channel-search/channel-search.machine';
import { createChannelListActors } from '../../../lib/actors/channel-list-actors';
import { createChannelSearchActors } from '../../../lib/actors/channel-search-actors';
import { groupIntoSections, type SectionKey } from './channel-row-model';

export type ChannelListActor = ActorRefFrom<typeof channelListMachine>;
export type ChannelSearchActor = ActorRefFrom<typeof channelSearchMachine>;
export type SearchSource = 'searchChannels' | 'searchSwitcher' | 'searchMessages' | 'searchUsers';

export function useChannelListActor(
  client: StreamChat,
  userId: string,
  archived: boolean,
  firstAfter?: Promise<void>,
): ChannelListActor {
  const [machine] = useState(() =>
    channelListMachine.provide({ actors: createChannelListActors(client, userId, firstAfter) }),
  );
  return useActorRef(machine, { input: { archived } });
}

export function useSearchActor(client: StreamChat, userId: string, source: SearchSource): ChannelSearchActor {
  const [machine] = useState(() =>
    channelSearchMachine.provide({ actors: { searchPage: createChannelSearchActors(client, userId)[source] } }),
  );
  return useActorRef(machine);
}

/** The channels the client holds for `cids`, in that order. */
export function channelsFor(client: StreamChat, cids: string[]): Channel[] {
  return cids.map((cid) => client.activeChannels[cid]).filter((channel): channel is Channel => Boolean(channel));
}

/** The list's channels grouped into sections, re-derived whenever the list changes. */
export function useSections(client: StreamChat, actor: ChannelListActor): { key: SectionKey; channels: Channel[] }[] {
  const cids = useSelector(actor, selectCids);
  const revision = useSelector(actor, selectRevision);
  return useMemo(() => {
    void revision; // membership and last message times are mutable; the revision says they moved
    return groupIntoSections(channelsFor(client, cids));
  }, [client, cids, revision]);
}
