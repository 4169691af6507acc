/**
 * The channel row menu's actions (chat-ui.md §2): pin, archive, mute, mark read, hide, leave.
 * Each is offered only when it applies and, where the chat service gates it, when the channel's
 * own_capabilities allow it (mute-channel, read-events, leave-channel); each failure has its text.
 */
import type { Channel, StreamChat } from 'stream-chat';
import { capabilitiesOf, isArchived, isMuted, isPinned } from './channel-row-model';

export type ChannelAction =
  'pin' | 'unpin' | 'archive' | 'unarchive' | 'mute' | 'unmute' | 'markRead' | 'hide' | 'leave';

/** Actions that take the channel out of the member's list. */
export const REMOVING_ACTIONS: ReadonlySet<ChannelAction> = new Set(['hide', 'leave']);

export function actionsFor(client: StreamChat, channel: Channel): ChannelAction[] {
  const capabilities = capabilitiesOf(channel);
  const actions: ChannelAction[] = [isPinned(channel) ? 'unpin' : 'pin', isArchived(channel) ? 'unarchive' : 'archive'];
  if (capabilities.includes('mute-channel')) actions.push(isMuted(client, channel) ? 'unmute' : 'mute');
  if (capabilities.includes('read-events')) actions.push('markRead');
  actions.push('hide');
  if (capabilities.includes('leave-channel')) actions.push('leave');
  return actions;
}

export async function runChannelAction(channel: Channel, action: ChannelAction, userId: string): Promise<void> {
  switch (action) {
    case 'pin':
      await channel.pin();
      return;
    case 'unpin':
      await channel.unpin();
      return;
    case 'archive':
      await channel.archive();
      return;
    case 'unarchive':
      await channel.unarchive();
      return;
    case 'mute':
      await channel.mute();
      return;
    case 'unmute':
      await channel.unmute();
      return;
    case 'markRead':
      await channel.markRead();
      return;
    case 'hide':
      await channel.hide();
      return;
    case 'leave':
      await channel.removeMembers([userId]);
      return;
  }
}

/** The menu item's label key. */
export const actionLabelKey = (action: ChannelAction) => `chat.channelList.actions.${action}`;
/** The error toast's key when the action fails ('Failed to mark channel as read' is the spec's). */
export const actionFailureKey = (action: ChannelAction) => `chat.channelList.errors.${action}`;
