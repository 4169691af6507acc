/**
 * Flags and blocks (chat-protocol.md §4.6): a member flags a message they may flag, or another
 * user, once (flagging again answers the first flag); a user blocks and unblocks other users.
 * Mutes and bans are in ../moderation.ts.
 */
import { randomUUID } from 'node:crypto';
import { capabilities } from '../channel-types.js';
import { nextTimestamp } from '../clock.js';
import { inputError, notFound } from '../errors.js';
import { denied, targetUser, type ModerationActor } from '../moderation.js';
import type { Sandbox } from '../sandbox.js';
import type { FlagRec, UserRec } from '../store/model.js';

export interface FlagInput {
  /** The hosted service's resource name for errors: FlagMessage or FlagUser. */
  op: string;
  messageId?: string;
  userId?: string;
  reason?: string;
  custom?: Record<string, unknown>;
}

/** Flags a message (the flagger needs `flag-message` in its channel) or a user other than the flagger. */
export function flagTarget(
  sandbox: Sandbox,
  actor: ModerationActor,
  flagger: UserRec,
  { op, messageId, userId, reason, custom }: FlagInput,
): FlagRec {
  const { store } = sandbox;
  if (messageId) {
    const message = store.messages.get(messageId);
    if (!message) throw notFound(`${op} failed with error: "message ${messageId} does not exist"`);
    const channel = store.channels.get(message.cid);
    const member = store.member(message.cid, flagger.id);
    if (channel && !actor.server && !capabilities(channel, flagger, member, false).includes('flag-message')) {
      throw denied(sandbox, flagger.id, 'FlagMessage', channel);
    }
  } else if (userId) {
    targetUser(sandbox, userId, op);
    if (userId === flagger.id) throw inputError(`${op} failed with error: "a user cannot flag themselves"`);
  }
  const existing = store.flags.find(
    (f) =>
      f.user_id === flagger.id &&
      (messageId ? f.target_message_id === messageId : !f.target_message_id && f.target_user_id === userId),
  );
  if (existing) return existing;
  const record: FlagRec = {
    id: randomUUID(),
    user_id: flagger.id,
    target_message_id: messageId,
    target_user_id: messageId ? undefined : userId,
    reason,
    custom: custom ?? {},
    created_at: nextTimestamp(),
  };
  store.saveFlag(record);
  return record;
}

/** `user` blocks `blockedId` (an existing user, not themselves); answers when the block was made. */
export function blockUser(sandbox: Sandbox, user: UserRec, blockedId: string): string {
  targetUser(sandbox, blockedId, 'BlockUser');
  if (blockedId === user.id) throw inputError('BlockUser failed with error: "a user cannot block themselves"');
  if (!user.blocked_user_ids.includes(blockedId)) {
    user.blocked_user_ids = [...user.blocked_user_ids, blockedId];
    user.updated_at = nextTimestamp();
    sandbox.store.saveUser(user);
  }
  return user.updated_at;
}

/** `user` unblocks `blockedId` (an existing user). */
export function unblockUser(sandbox: Sandbox, user: UserRec, blockedId: string): void {
  targetUser(sandbox, blockedId, 'UnblockUser');
  if (!user.blocked_user_ids.includes(blockedId)) return;
  user.blocked_user_ids = user.blocked_user_ids.filter((id) => id !== blockedId);
  user.updated_at = nextTimestamp();
  sandbox.store.saveUser(user);
}
