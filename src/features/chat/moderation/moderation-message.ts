/**
 * Which messages the moderation note (ModerationNote.tsx) words instead of their text: a message
 * the moderation policy blocked or bounced (the service answers it as `type: "error"` with
 * `moderation_details` — Moderation v1 — or `moderation` — v2), and the answer to my `/ban`,
 * `/unban`, `/mute` or `/unmute`. Kept tiny: the message list imports it up front.
 */
import type { LocalMessage } from 'stream-chat';

export const MODERATION_COMMANDS: readonly string[] = ['ban', 'unban', 'mute', 'unmute'];

export type ModerationKind = 'blocked' | 'bounced' | 'command';

export function moderationKind(message: LocalMessage): ModerationKind | null {
  if (message.type === 'error') {
    const action = message.moderation_details?.action ?? message.moderation?.action;
    if (action === 'MESSAGE_RESPONSE_ACTION_REMOVE' || action === 'remove') return 'blocked';
    if (action === 'MESSAGE_RESPONSE_ACTION_BOUNCE' || action === 'bounce') return 'bounced';
  }
  const answer = message.type === 'ephemeral' || message.type === 'error';
  return answer && MODERATION_COMMANDS.includes(message.command ?? '') ? 'command' : null;
}
