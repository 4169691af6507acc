/**
 * The composer machine's real I/O on one channel: typing events (its `typing` child:
 * `channel.keystroke()` / `channel.stopTyping()`, POST /channels/{type}/{id}/event), drafts (its
 * `draft` child: `channel.createDraft` / `channel.deleteDraft`, POST/DELETE
 * /channels/{type}/{id}/draft) and the drafts of the member's other sessions (`watchDrafts`). The children (upload, link
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
import type { Channel, DraftResponse, Event } from 'stream-chat';
import { fromCallback, fromPromise } from 'xstate';
import { composerDraftMachine } from '../../../machines/composer/draft.machine';
import { composerTypingMachine, type TypingInput } from '../../../machines/composer/typing.machine';
import type { UploadLimitsByKind } from '../../../machines/shared/composer-children';
import { newMessageId } from '../../../machines/shared/message-id';
import type {
  ComposerChildLogics,
  ComposerDraft,
  ComposerEvent,
  ComposerInput,
  DeleteDraftInput,
  DraftPayload,
  WatchDraftsInput,
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
    typing: composerTypingMachine.provide({
      actors: {
        // stream-chat also skips these when the channel has typing_events off, the socket is not
        // healthy (e.g. on long-poll) or the user turned typing indicators off.
        startTyping: fromPromise<void, TypingInput>(({ input }) => channel.keystroke(parent(input))),
        stopTyping: fromPromise<void, TypingInput>(({ input }) => channel.stopTyping(parent(input))),
      },
    }),
    draft: composerDraftMachine.provide({
      actors: {
        saveDraft: fromPromise<void, DraftPayload>(async ({ input }) => {
          await channel.createDraft(input);
        }),
        deleteDraft: fromPromise<void, DeleteDraftInput>(async ({ input }) => {
          await channel.deleteDraft(input.parentId ? { parent_id: input.parentId } : {});
        }),
      },
    }),
    watchDrafts: watchDraftsOf(channel),
  };
}

/** This composer's draft in a draft event: the channel's (`threadId` null) or the thread's. */
function ownDraftOf(event: Event, cid: string, threadId: string | null): DraftResponse | null {
  const draft = event.draft;
  if (!draft || draft.channel_cid !== cid) return null;
  return (draft.parent_id ?? draft.message?.parent_id ?? null) === threadId ? draft : null;
}

/**
 * The member's other tabs and devices: the service's `draft.updated` / `draft.deleted` for this
 * channel or thread, translated into the composer's `draft.arrived` / `draft.removed`.
 */
export function watchDraftsOf(channel: Channel) {
  return fromCallback<ComposerEvent, WatchDraftsInput>(({ sendBack, input }) => {
    const client = channel.getClient();
    const updated = client.on('draft.updated', (event) => {
      const draft = ownDraftOf(event, channel.cid, input.threadId);
      if (draft) sendBack({ type: 'draft.arrived', draft: draft });
    });
    const deleted = client.on('draft.deleted', (event) => {
      if (ownDraftOf(event, channel.cid, input.threadId)) sendBack({ type: 'draft.removed' });
    });
    return () => {
      updated.unsubscribe();
      deleted.unsubscribe();
    };
  });
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
