/**
 * The composer machine's real I/O on one channel: typing events (`channel.keystroke()` /
 * `channel.stopTyping()`, POST /channels/{type}/{id}/event) and drafts (`channel.createDraft` /
 * `channel.deleteDraft`, POST/DELETE /channels/{type}/{id}/draft). The children (upload, link
 * preview, poll composer) are the caller's machines, passed in ready-provided, so this file does
 * not depend on them. Also: the machine's input from the channel's config and capabilities, and
 * the URLs of a text as linkifyjs finds them (for `composer.type {text, urls}`).
 *
 *   const composer = composerMachine.provide({
 *     actors: createComposerActors({ channel, childMachines: { upload, linkPreview, pollComposer } }),
 *   });
 *   const actor = createActor(composer, { input: composerInputFor(channel, { threadId }) });
 */
import { find } from 'linkifyjs';
import type { Channel } from 'stream-chat';
import { fromPromise } from 'xstate';
import type { UploadLimitsByKind } from '../../../machines/shared/composer-children';
import { newMessageId } from '../../../machines/shared/message-id';
import type {
  ComposerChildLogics,
  ComposerDraft,
  ComposerInput,
  DeleteDraftInput,
  DraftPayload,
  TypingInput,
} from '../../../machines/composer/composer.types';

export interface ComposerActorsOptions {
  channel: Channel;
  /** The real child machines, already provided with their own I/O. */
  childMachines: ComposerChildLogics;
}

export function createComposerActors({ channel, childMachines }: ComposerActorsOptions) {
  const parent = (input: { parentId: string | null }) => input.parentId ?? undefined;
  return {
    upload: childMachines.upload,
    linkPreview: childMachines.linkPreview,
    pollComposer: childMachines.pollComposer,
    // stream-chat also skips these when the channel has typing_events off, the socket is not
    // healthy (e.g. on long-poll) or the user turned typing indicators off.
    startTyping: fromPromise<void, TypingInput>(({ input }) => channel.keystroke(parent(input))),
    stopTyping: fromPromise<void, TypingInput>(({ input }) => channel.stopTyping(parent(input))),
    saveDraft: fromPromise<void, DraftPayload>(async ({ input }) => {
      await channel.createDraft(input);
    }),
    deleteDraft: fromPromise<void, DeleteDraftInput>(async ({ input }) => {
      await channel.deleteDraft(input.parentId ? { parent_id: input.parentId } : {});
    }),
  };
}

export interface ComposerInputOptions {
  threadId?: string | null;
  /** Composer drafts: off unless the app turns them on (spec section 9). */
  draftsEnabled?: boolean;
  defaultText?: string;
  /** The app's upload limits (GET /app), when read. */
  uploadLimits?: UploadLimitsByKind;
  deviceId?: string;
  /** The channel's or thread's draft (the watch/query response's `draft`, or `channel.getDraft()`). */
  draft?: ComposerDraft | null;
}

/**
 * The composer's input from what the channel says: `max_message_length`, `cooldown` and the
 * `skip-slow-mode` capability, `typing_events`, `url_enrichment`, `commands` and `upload-file`.
 */
export function composerInputFor(channel: Channel, options: ComposerInputOptions = {}): ComposerInput {
  const config = channel.getConfig();
  const capabilities = channel.data?.own_capabilities ?? [];
  const threadId = options.threadId ?? null;
  const userId = channel.getClient().userID;
  return {
    threadId,
    maxLength: config?.max_message_length ?? null,
    cooldownSeconds: typeof channel.data?.cooldown === 'number' ? channel.data.cooldown : 0,
    cooldownExempt: capabilities.includes('skip-slow-mode'),
    draftsEnabled: options.draftsEnabled ?? false,
    typingEvents: config?.typing_events ?? true,
    urlEnrichment: config?.url_enrichment ?? false,
    commands: (config?.commands ?? []).flatMap((command) => (command.name ? [command.name] : [])),
    defaultText: options.defaultText ?? '',
    canUploadFile: capabilities.includes('upload-file'),
    ...(options.uploadLimits ? { uploadLimits: options.uploadLimits } : {}),
    ...(options.deviceId ? { deviceId: options.deviceId } : {}),
    draft: options.draft ?? null,
    // Message ids as the outbox expects them (`${userId}-${uuid}`); upload local ids use the same generator.
    ...(userId ? { newId: () => newMessageId(userId) } : {}),
  };
}

/** The links in a text as linkifyjs finds them (bare domains too), each once, for `composer.type`. */
export function urlsIn(text: string): string[] {
  return [...new Set(find(text, 'url').map((link) => link.href))];
}
