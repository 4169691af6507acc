/**
 * ↑ in an empty composer edits "my last message": the newest message of mine in the channel's
 * latest messages that is a regular one (not deleted, not a system or error message, not one the
 * outbox is still sending or failed to send) and shown in the channel (not a thread-only reply).
 */
import type { Channel, LocalMessage } from 'stream-chat';

export function lastOwnMessage(channel: Channel, userId: string): LocalMessage | null {
  const messages = channel.state.latestMessages.length ? channel.state.latestMessages : channel.state.messages;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.user?.id !== userId) continue;
    if ((m.type ?? 'regular') !== 'regular' || m.deleted_at) continue;
    if (m.status === 'failed' || m.status === 'sending') continue;
    if (m.parent_id && !m.show_in_channel) continue;
    return m;
  }
  return null;
}
