/**
 * The composer's implementations (machines/composer/composer.machine.ts holds its states and
 * transitions): its actors (the children the app provides, and its own typing, draft and slow-mode
 * children), its guards and its actions. Spec sections 4, 5, 8 and 9 name the rules they implement.
 */
import { assign, enqueueActions, fromCallback, raise, sendTo, setup, stateIn } from 'xstate';
import type { ComposedMessage, ComposerEmitted } from '../shared/composed-message';
import { uploadLimitsFor, type LinkPreviewInput, type UploadInput } from '../shared/composer-children';
import { isPreviewableUrl } from '../shared/previewable-url';
import {
  composeMessage,
  draftPayload,
  draftPayloadOf,
  findUrls,
  hasSendableContent,
  isCompositionEmpty,
  isPollOnly,
  isTextEmpty,
  isTooLong,
  isUploadInProgress,
  isValidLocation,
  MAX_FILES_PER_MESSAGE,
  MIN_LIVE_LOCATION_MS,
  restoredContent,
} from './composer.rules';
import type {
  ComposerChildLogic,
  ComposerContext,
  ComposerDraft,
  ComposerEvent,
  ComposerInput,
  PollComposerInput,
  PreviewSlot,
  UploadSlot,
  WatchDraftsInput,
} from './composer.types';
import { childIds, uploadEntryOf, viewOf } from './composer.children';
import { configuredSettings, emptyComposition, isOwnDraft } from './composer.context';
import { slowModeCountdownMachine } from './countdown.machine';
import { composerDraftMachine, type DraftEvent } from './draft.machine';
import { composerTypingMachine, type TypingEvent } from './typing.machine';

/** Children are provided by the app; until then they do nothing. */
const childPlaceholder = <TInput>() => fromCallback(() => undefined) as unknown as ComposerChildLogic<TInput>;

/** The event an action acts on, passed as its parameters by the transition that takes the event. */
type EventOf<T extends ComposerEvent['type']> = Extract<ComposerEvent, { type: T }>;

/** Every input field is optional. */
const noInput: ComposerInput = {};

export const composerSetup = setup({
  types: {
    context: {} as ComposerContext,
    input: noInput,
    events: {} as ComposerEvent,
    emitted: {} as ComposerEmitted,
  },
  actors: {
    upload: childPlaceholder<UploadInput>(),
    linkPreview: childPlaceholder<LinkPreviewInput>(),
    pollComposer: childPlaceholder<PollComposerInput>(),
    /** Its own children: typing events, the draft and slow mode's countdown (the app provides their I/O). */
    typing: composerTypingMachine,
    draft: composerDraftMachine,
    countdown: slowModeCountdownMachine,
    /** Drafts saved or deleted by the member's other sessions, as `draft.arrived` / `draft.removed`. */
    watchDrafts: fromCallback<ComposerEvent, WatchDraftsInput>(() => undefined),
  },
  guards: {
    isKeystroke: ({ context }, event: EventOf<'composer.type'>) => context.typingEvents && !isTextEmpty(event.text),
    /** The countdown child is running (the slow-mode region is in `coolingDown`). */
    isCoolingDown: stateIn({ cooldown: 'coolingDown' }),
    isThreadReply: ({ context }) => context.threadId !== null,
    isPollOnly: ({ context }) => isPollOnly(viewOf(context)),
    hasUploadsInProgress: ({ context }) => viewOf(context).uploads.some(isUploadInProgress),
    isTooLong: ({ context }) => isTooLong(viewOf(context)),
    hasSendableContent: ({ context }) => hasSendableContent(viewOf(context)),
    hasCooldown: ({ context }, event: EventOf<'composer.composed'>) =>
      !event.edit && context.cooldownSeconds > 0 && !context.cooldownExempt,
    isUploadFinished: (_, event: EventOf<'upload.updated'>) => event.status === 'finished',
    isValidLocation: (_, event: EventOf<'composer.setLocation'>) =>
      isValidLocation({ latitude: event.latitude, longitude: event.longitude, durationMs: event.durationMs }),
    isDraftable: ({ context }) => context.draftsEnabled && context.editing === null,
    wasNewMessage: (_, event: EventOf<'composer.composed'>) => !event.edit,
    /** A draft from another session for this channel or thread, differing from ours (not our own save's echo). */
    isRemoteDraftChange: ({ context }, event: EventOf<'draft.arrived'>) =>
      context.draftsEnabled &&
      context.editing === null &&
      isOwnDraft(event.draft, context.threadId) &&
      JSON.stringify(draftPayloadOf(event.draft, context.threadId)) !== JSON.stringify(draftPayload(viewOf(context))),
    isRemoteDraftDeletion: ({ context }) => context.draftsEnabled && context.editing === null,
  },
  actions: {
    setText: enqueueActions(({ context, enqueue }, event: EventOf<'composer.type'>) => {
      const wanted = [...new Set(event.urls ?? findUrls(event.text))];
      // Children of URLs that left the text stop; new URLs get a child when enrichment is on.
      const kept = context.previews.filter((p) => wanted.includes(p.url));
      for (const gone of context.previews.filter((p) => !wanted.includes(p.url) && p.child))
        enqueue.stopChild(`preview:${gone.url}`);
      const added = context.urlEnrichment
        ? wanted.filter((url) => isPreviewableUrl(url) && !kept.some((p) => p.url === url))
        : [];
      enqueue.assign(({ spawn }) => ({
        text: event.text,
        urls: wanted,
        previews: wanted.flatMap((url): PreviewSlot[] => {
          const entry = kept.find((p) => p.url === url);
          if (entry) return [entry];
          if (!added.includes(url)) return [];
          return [{ url, child: spawn('linkPreview', { id: `preview:${url}`, input: { url } }), dismissed: false }];
        }),
        errorKey: null,
      }));
    }),
    addMention: assign({
      mentions: ({ context }, event: EventOf<'composer.mention'>) =>
        context.mentions.some((m) => m.id === event.user.id) ? context.mentions : [...context.mentions, event.user],
    }),
    setQuote: assign({ quoted: (_, event: EventOf<'composer.quote'>) => event.message }),
    clearQuote: assign({ quoted: null }),
    addUploads: assign(({ context, spawn }, event: EventOf<'composer.addFiles'>) => {
      const added = event.files.map(({ file, blob }, i): UploadSlot => {
        const localId = context.newId();
        const input: UploadInput = {
          localId,
          file,
          blob,
          limits: uploadLimitsFor(context.uploadLimits, file),
          canUploadFile: context.canUploadFile,
          slotsLeft: MAX_FILES_PER_MESSAGE - context.uploads.length - i,
        };
        return { localId, file, child: spawn('upload', { id: `upload:${localId}`, input }) };
      });
      return { uploads: [...context.uploads, ...added], errorKey: null };
    }),
    removeUpload: enqueueActions(({ context, enqueue }, params: { localId: string }) => {
      enqueue.stopChild(`upload:${params.localId}`);
      enqueue.assign({ uploads: context.uploads.filter((u) => u.localId !== params.localId) });
    }),
    dismissPreview: enqueueActions(({ context, enqueue }, event: EventOf<'composer.dismissPreview'>) => {
      enqueue.stopChild(`preview:${event.url}`);
      enqueue.assign({
        previews: context.previews.map((p) => (p.url === event.url ? { url: p.url, child: null, dismissed: true } : p)),
      });
    }),
    setPoll: assign({ pollId: (_, event: EventOf<'poll.created'>) => event.pollId }),
    submit: raise({ type: 'composer.submit' }),
    setLocation: assign({
      location: (_, event: EventOf<'composer.setLocation'>) => ({
        latitude: event.latitude,
        longitude: event.longitude,
        ...(event.durationMs === undefined ? {} : { durationMs: event.durationMs }),
      }),
      errorKey: null,
    }),
    rejectLocation: assign({
      errorKey: (_, event: EventOf<'composer.setLocation'>) =>
        Number.isFinite(event.latitude) &&
        Number.isFinite(event.longitude) &&
        event.durationMs !== undefined &&
        event.durationMs < MIN_LIVE_LOCATION_MS
          ? { key: 'chat.liveLocation.tooShort', values: { seconds: MIN_LIVE_LOCATION_MS / 1000 } }
          : { key: 'chat.composer.locationInvalid' },
    }),
    clearLocation: assign({ location: null }),
    clearError: assign({ errorKey: null }),
    setShowInChannel: assign((_, event: EventOf<'composer.showInChannel'>) => ({ showInChannel: event.value })),
    /** The seconds left are the countdown child's to show (ComposerStatus), not repeated here. */
    refuseCoolingDown: assign({ errorKey: { key: 'chat.composer.coolingDown' } }),
    refuseUploading: assign({ errorKey: { key: 'chat.composer.uploadsInProgress' } }),
    refuseTooLong: assign({
      errorKey: ({ context }) => ({
        key: 'chat.composer.tooLong',
        values: { length: context.text.length, max: context.maxLength ?? 0 },
      }),
    }),
    /** A new message: emitted, then the composition starts again (keeping default text). */
    send: enqueueActions(({ context, enqueue }) => {
      const { message, skipEnrichUrl } = composeMessage(viewOf(context), context.newId());
      enqueue.emit({ type: 'composer.sent', message, skipEnrichUrl });
      for (const id of childIds(context)) enqueue.stopChild(id);
      enqueue.assign(emptyComposition(context));
      enqueue.raise({ type: 'composer.composed', edit: false });
    }),
    /** A poll-only message carries nothing else, so the rest of the composition stays for the next one. */
    sendPollOnly: enqueueActions(({ context, enqueue }) => {
      const { message, skipEnrichUrl } = composeMessage(viewOf(context), context.newId());
      enqueue.emit({ type: 'composer.sent', message, skipEnrichUrl });
      enqueue.assign({ pollId: null, errorKey: null });
      enqueue.raise({ type: 'composer.composed', edit: false });
    }),
    sendEdit: enqueueActions(({ context, enqueue }) => {
      const { message, skipEnrichUrl } = composeMessage(viewOf(context), context.editing!.id);
      enqueue.emit({ type: 'composer.edited', message: message satisfies ComposedMessage, skipEnrichUrl });
      for (const id of childIds(context)) enqueue.stopChild(id);
      enqueue.assign(emptyComposition(context));
      enqueue.raise({ type: 'composer.composed', edit: true });
    }),
    /** Clear (spec): everything goes, the quote too; the default text comes back. */
    reset: enqueueActions(({ context, enqueue }) => {
      for (const id of childIds(context)) enqueue.stopChild(id);
      enqueue.assign(emptyComposition(context));
    }),
    /** Edit (spec): the message's content comes back, its text cut to the maximum length. */
    restoreEdited: enqueueActions(({ context, enqueue }, event: EventOf<'composer.edit'>) => {
      for (const id of childIds(context)) enqueue.stopChild(id);
      const restored = restoredContent(event.message, event.message.quoted_message, context, true);
      enqueue.assign({ ...emptyComposition(context), ...restored, editing: event.message });
    }),
    restoreDraft: enqueueActions(({ context, enqueue }, event: { draft: ComposerDraft }) => {
      // Uploads still in progress are not in any draft yet: they stay.
      const busy = context.uploads.filter((slot) => isUploadInProgress(uploadEntryOf(slot)));
      for (const id of childIds({ ...context, uploads: context.uploads.filter((slot) => !busy.includes(slot)) }))
        enqueue.stopChild(id);
      const draft = event.draft;
      const restored = restoredContent(
        draft.message,
        draft.quoted_message ?? draft.message.quoted_message,
        context,
        false,
      );
      enqueue.assign({
        ...emptyComposition(context),
        ...restored,
        text: restored.text || context.defaultText,
        uploads: [...restored.uploads, ...busy],
      });
    }),
    configure: assign((_, event: EventOf<'composer.configure'>) => configuredSettings(event.settings)),
    markChanged: raise({ type: 'composer.changed' }),
    tellKeystroke: sendTo('typing', { type: 'typing.keystroke' } satisfies TypingEvent),
    tellTypingEnded: sendTo('typing', { type: 'typing.ended' } satisfies TypingEvent),
    tellDraftEdited: sendTo('draft', ({ context }): DraftEvent => ({
      type: 'draft.edited',
      payload: draftPayload(viewOf(context)),
      empty: isCompositionEmpty(viewOf(context)),
    })),
    tellDraftSent: sendTo('draft', ({ context }): DraftEvent => ({
      type: 'draft.sent',
      empty: isCompositionEmpty(viewOf(context)),
    })),
    forwardToDraft: sendTo('draft', (_, event: DraftEvent) => event),
  },
});
