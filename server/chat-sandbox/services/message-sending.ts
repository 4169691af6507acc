/**
 * Sending a message (chat-protocol.md §4.3): the sender's checks, slash commands (answered to the
 * sender only), link previews, then the pipeline (message-pipeline.ts) that stores and announces
 * it; and the giphy buttons of a `/giphy` answer, whose Send stores and announces the gif.
 */
import type { Actor } from '../auth-context.js';
import { blockedAnswerFields, isBlockedText } from '../blocklists.js';
import { answerMessage, giphyAction, runCommand, type GiphyActionResult } from '../commands.js';
import { inputError } from '../errors.js';
import { replyParent } from '../messages/reads.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, MessageRec } from '../store/model.js';
import { randomUUID } from 'node:crypto';
import { enrichLinks } from './link-enrichment.js';
import { checkCanPost, createMessage, insertSentMessage, mentionIds, type MessageInput } from './message-pipeline.js';

/** What a send answers with: a slash command's answer (not stored), or the stored message. */
export type SendResult = { command: Record<string, unknown> } | { message: MessageRec };

/**
 * Sends `input` as `userId` (POST /channels/{type}/{id}/message): a server call creates the
 * user if needed; the sender must be allowed to post (and to reply to the parent). Text
 * starting with `/` runs the command; text the channel's block list refuses comes back to the
 * sender as an error (blocklists.ts); otherwise the first link gets its preview (unless
 * `skipEnrichUrl`) and the message is stored with its events (message-pipeline.ts).
 */
export async function sendMessage(
  sandbox: Sandbox,
  channel: ChannelRec,
  actor: Actor,
  userId: string,
  input: MessageInput,
  options: { baseUrl: string; skipEnrichUrl?: boolean },
): Promise<SendResult> {
  if (actor.server) sandbox.store.ensureUser(userId);
  checkCanPost(sandbox, channel, actor, userId, Boolean(input.parent_id));
  replyParent(sandbox, channel, { userId, server: actor.server }, input.parent_id);
  const text = typeof input.text === 'string' ? input.text : '';
  if (text.startsWith('/')) {
    const command = await runCommand(sandbox, {
      channel,
      userId,
      text,
      messageId: typeof input.id === 'string' ? input.id : randomUUID(),
      baseUrl: options.baseUrl,
      mentionedUserIds: mentionIds(sandbox, input.mentioned_users),
      server: actor.server,
      parentId: input.parent_id,
    });
    if (command) return { command: command.message };
  }
  // As on the hosted service, messages sent with the server secret skip moderation.
  if (!actor.server && isBlockedText(sandbox, channel, text)) {
    const id = typeof input.id === 'string' ? input.id : randomUUID();
    const parts = { id, userId, cid: channel.cid, parentId: input.parent_id, type: 'error' as const, text };
    return { command: { ...answerMessage(sandbox, parts), ...blockedAnswerFields(text) } };
  }
  const enriched = options.skipEnrichUrl ? [] : await enrichLinks(sandbox, channel, text, input.attachments);
  const withPreviews = enriched.length ? { ...input, attachments: [...(input.attachments ?? []), ...enriched] } : input;
  return { message: createMessage(sandbox, channel, userId, withPreviews, { server: actor.server }) };
}

/** A giphy button press (POST /messages/{id}/action): the `form_data.image_action` and the channel named. */
export interface GiphyPress {
  messageId: string;
  action: unknown;
  /** `type:id` of the channel the request names, if it names one. */
  cid?: string;
  baseUrl: string;
}

/**
 * Runs a giphy button for `userId` (commands.ts `giphyAction`). Send checks the sender may still
 * post before the pending gif is consumed and again in the gif's channel, then stores and
 * announces the gif like any sent message. Answers as `giphyAction` does: the stored message,
 * the shuffled ephemeral (not stored) or null (cancel).
 */
export function pressGiphyButton(sandbox: Sandbox, actor: Actor, userId: string, press: GiphyPress): GiphyActionResult {
  if (press.action === 'send') {
    const pending = sandbox.store.channels.get(press.cid ?? '');
    if (pending) checkCanPost(sandbox, pending, actor, userId, false);
  }
  const result = giphyAction(sandbox, { ...press, userId });
  if (!result || result.kind === 'ephemeral') return result;
  const channel = sandbox.store.channels.get(result.message.cid);
  if (!channel) throw inputError('the channel of this giphy message no longer exists');
  checkCanPost(sandbox, channel, actor, userId, Boolean(result.message.parent_id));
  insertSentMessage(sandbox, channel, result.message);
  return result;
}
