/**
 * Reaction types and the emoji they stand for (docs/decisions/0005-message-actions.md).
 *
 * Types are short ASCII names, as the hosted chat service and its other SDKs use them: the
 * service's six defaults (`like`, `love`, `haha`, `wow`, `sad`, `angry`), and for any other emoji
 * picked in the emoji picker its emoji-mart id (`fire`, `tada`, `+1` …), sent with the emoji itself
 * as `emoji_code`. The picker's ids for the defaults map to the default names, so 👍 from the
 * quick reactions and 👍 from the picker are one reaction.
 */
import type { ReactionResponse } from 'stream-chat';

export interface QuickReaction {
  type: string;
  emoji: string;
}

/** The service's default reaction types. */
export const DEFAULT_REACTIONS: Readonly<Record<string, string>> = {
  like: '👍',
  love: '❤️',
  haha: '😂',
  wow: '😮',
  sad: '😢',
  angry: '😠',
};

/** The three reactions the toolbar offers in one click. */
export const QUICK_REACTIONS: readonly QuickReaction[] = ['like', 'love', 'haha'].map((type) => ({
  type,
  emoji: DEFAULT_REACTIONS[type]!,
}));

/** emoji-mart ids of the default reactions' emoji. */
const PICKER_ALIASES: Readonly<Record<string, string>> = {
  '+1': 'like',
  thumbsup: 'like',
  heart: 'love',
  joy: 'haha',
  open_mouth: 'wow',
  cry: 'sad',
  angry: 'angry',
};

/** The service's limit on a reaction type's length. */
const MAX_TYPE_LENGTH = 30;

/** The reaction type for an emoji chosen in the picker (null when its id cannot be a type). */
export function reactionTypeForPick(id: string): string | null {
  const type = PICKER_ALIASES[id] ?? id;
  return type.length > 0 && type.length <= MAX_TYPE_LENGTH ? type : null;
}

/**
 * The emoji for a reaction type when it is known without the emoji data: a default, or the
 * `emoji_code` carried by one of the message's reactions of that type.
 */
export function knownEmoji(type: string, reactions: readonly Pick<ReactionResponse, 'type'>[] = []): string | null {
  const builtIn = DEFAULT_REACTIONS[type];
  if (builtIn) return builtIn;
  for (const reaction of reactions) {
    const code = (reaction as { emoji_code?: unknown }).emoji_code;
    if (reaction.type === type && typeof code === 'string' && code.length > 0 && code.length <= 16) return code;
  }
  return null;
}
