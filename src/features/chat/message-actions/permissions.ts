/**
 * Which actions a member may use on a message (chat-ui.md §4): from the channel's
 * `own_capabilities`, its config, and whether the message is the member's own. Items the member
 * may not use are absent, never disabled.
 */
import type { LocalMessage } from 'stream-chat';

export interface ActionContext {
  userId: string;
  capabilities: ReadonlySet<string>;
  /** Channel config `reactions`, `quotes`, `read_events`, `replies` (absent means on). */
  config: { reactions?: boolean; quotes?: boolean; read_events?: boolean; replies?: boolean } | undefined;
}

export interface AvailableActions {
  react: boolean;
  /** Reply in thread: messages of the channel only (a reply has no thread of its own). */
  reply: boolean;
  quote: boolean;
  edit: boolean;
  delete: boolean;
  pin: boolean;
  unpin: boolean;
  flag: boolean;
  markUnread: boolean;
  copyLink: boolean;
}

/** Messages with no actions: deleted, system, error and ephemeral ones, and any not yet on the server. */
export function isActionable(message: LocalMessage, inOutbox: boolean): boolean {
  if (inOutbox) return false;
  if (message.deleted_at || message.type === 'deleted') return false;
  if (message.type === 'system' || message.type === 'error' || message.type === 'ephemeral') return false;
  if (message.status === 'sending' || message.status === 'failed') return false;
  return true;
}

export function isOwnMessage(message: LocalMessage, userId: string): boolean {
  return message.user?.id === userId;
}

export function availableActions(
  message: LocalMessage,
  { userId, capabilities, config }: ActionContext,
): AvailableActions {
  const can = (capability: string) => capabilities.has(capability);
  const own = isOwnMessage(message, userId);
  const pinned = Boolean(message.pinned);
  const inThread = Boolean(message.parent_id) && !message.show_in_channel;
  return {
    react: config?.reactions !== false && can('send-reaction'),
    reply: !message.parent_id && config?.replies !== false && can('send-reply'),
    quote: config?.quotes !== false && can('quote-message'),
    edit: (own && can('update-own-message')) || can('update-any-message'),
    delete: (own && can('delete-own-message')) || can('delete-any-message'),
    pin: !pinned && can('pin-message'),
    unpin: pinned && can('pin-message'),
    // One's own message is not flagged; it is edited or deleted.
    flag: !own && can('flag-message'),
    // Unread counting skips one's own messages, so marking unread from them would mark nothing.
    markUnread: !own && !inThread && config?.read_events !== false && can('read-events'),
    copyLink: !inThread,
  };
}
