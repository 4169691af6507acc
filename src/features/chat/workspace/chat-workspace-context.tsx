/**
 * What every part of the chat workspace shares: the connected client and the member's outbox
 * (for the whole page), and for the open channel its watched `Channel` and its composer. The
 * parts (channel list, message list, message actions, composer) read these through the hooks
 * below; `ChatPage` provides them. Nothing here holds chat logic.
 */
import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import type { Channel, StreamChat } from 'stream-chat';
import type { ComposerActor, OutboxActor } from '../../../lib/chat/channel-machines';

export interface ChatWorkspace {
  client: StreamChat;
  /** The signed-in member's chat user id. */
  userId: string;
  /** Sends, keeps and retries the member's messages (machines/outbox). */
  outbox: OutboxActor;
  /** True while the connection is down and being re-established (lists keep their content). */
  reconnecting: boolean;
  /**
   * Settles once the conversation the address named when the workspace opened is on screen (or
   * could not be opened), at once when it named none, and after ADDRESSED_CHANNEL_WAIT_MS anyway:
   * the channel list's first query waits for it, so the conversation the member asked for is
   * fetched and shown first.
   */
  addressedChannelOpened: Promise<void>;
  /** Whether `addressedChannelOpened` has settled. */
  isAddressedChannelOpened: () => boolean;
  /** Called by the open channel (and its message list) when that has happened. */
  settleAddressedChannel: () => void;
}

export interface OpenChannel {
  /** Watched (`channel.initialized`): its `state` holds messages, members, reads and typing. */
  channel: Channel;
  composer: ComposerActor;
  /** The message the address points at (`?message=<id>`), to jump to and highlight. */
  targetMessageId: string | null;
  /** Points the address at a message of this channel (the list jumps to it). */
  jumpToMessage: (messageId: string) => void;
  /** Inside the thread panel: the thread's parent message id (its composer writes replies). */
  threadId: string | null;
  /** Opens the thread of a message of this channel beside it (the address names it). */
  openThread: (parentId: string) => void;
}

export const ChatWorkspaceContext = createContext<ChatWorkspace | null>(null);
export const OpenChannelContext = createContext<OpenChannel | null>(null);

export function useChatWorkspace(): ChatWorkspace {
  const value = useContext(ChatWorkspaceContext);
  if (!value) throw new Error('useChatWorkspace must be used inside the chat workspace');
  return value;
}

export function useOpenChannel(): OpenChannel {
  const value = useContext(OpenChannelContext);
  if (!value) throw new Error('useOpenChannel must be used inside an open channel');
  return value;
}

/**
 * Whether the conversation the address named is on screen (see `addressedChannelOpened`). Parts
 * that can come a moment later (the composer's controls, the channel list) render once it is, in a
 * transition, so their work never holds the conversation back.
 */
export function useAddressedChannelOpened(): boolean {
  const { addressedChannelOpened, isAddressedChannelOpened } = useChatWorkspace();
  return useSettled(addressedChannelOpened, isAddressedChannelOpened);
}

/** Whether `settles` has settled (`isSettled` says so synchronously); turns true in a transition. */
export function useSettled(settles: Promise<void>, isSettled: () => boolean): boolean {
  const [settled, setSettled] = useState(isSettled);
  useEffect(() => {
    if (settled) return;
    let live = true;
    void settles.then(() => {
      if (live) startTransition(() => setSettled(true));
    });
    return () => {
      live = false;
    };
  }, [settled, settles]);
  return settled;
}

/** The address of a message's thread in a channel, and of a reply in it. */
export function threadPath(type: string, id: string, parentId: string, replyId?: string | null): string {
  const base = `${channelPath(type, id)}/thread/${encodeURIComponent(parentId)}`;
  return replyId ? `${base}?reply=${encodeURIComponent(replyId)}` : base;
}

/** The address of a channel, and of a message in it. */
export function channelPath(type: string, id: string, messageId?: string | null): string {
  const base = `/chat/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;
  return messageId ? `${base}?message=${encodeURIComponent(messageId)}` : base;
}
