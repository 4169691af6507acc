/**
 * The message composer (spec sections 4, 5, 8, 9): text, mentions, quote, edit, clear, default
 * text, command and mention triggers, the sendable rule, maximum length, slow mode, drafts,
 * typing events, the location draft, and the children it spawns: one `upload:${localId}` per
 * file, one `preview:${url}` per link, one `pollComposer`. Four parallel regions: what is being
 * composed (new message or edit), typing events, slow mode, and the draft.
 *
 * It never sends: a composed message is emitted (`composer.sent` / `composer.edited`) for the
 * app to hand to the outbox.
 */
import { assign, enqueueActions, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { ComposedMessage, ComposerEmitted } from '../shared/composed-message';
import {
  DEFAULT_UPLOAD_LIMITS,
  uploadLimitsFor,
  type LinkPreviewInput,
  type UploadInput,
} from '../shared/composer-children';
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
  ComposerSettings,
  DeleteDraftInput,
  DraftPayload,
  PollComposerInput,
  TypingInput,
} from './composer.types';

/** Spec section 9: typing start resent at most every 2 s; typing stop after 1 s idle. */
export const TYPING_THROTTLE_MS = 2000;
export const TYPING_IDLE_MS = 1000;
/** Not in the spec: a draft is saved once the member has paused typing for this long. */
export const DRAFT_DEBOUNCE_MS = 1000;
export const COOLDOWN_TICK_MS = 1000;
/**
 * Slow mode lasts this much longer here than its N seconds: the composer's clock starts when the
 * message is composed, the service's when it stores it (a moment later), and a message sent the
 * instant the countdown ends would otherwise be refused (error 60). The last second shows until then.
 */
export const COOLDOWN_GRACE_MS = 500;

const randomId = () => globalThis.crypto.randomUUID();

/** Children are provided by the app; until then they do nothing. */
const childPlaceholder = <TInput>() => fromCallback(() => undefined) as unknown as ComposerChildLogic<TInput>;

/** The draft the composer may take from a `draft.updated` event or its input. */
const isOwnDraft = (draft: ComposerDraft | null | undefined, threadId: string | null) =>
  Boolean(draft) && (draft!.parent_id ?? draft!.message.parent_id ?? null) === threadId;

/** An empty composition, keeping configuration and the draft flag. */
/** Everything a composition holds besides its text. */
const NOTHING_COMPOSED = {
  mentions: [],
  quoted: null,
  editing: null,
  uploads: [],
  previews: [],
  pollOpen: false,
  pollId: null,
  location: null,
  errorKey: null,
} satisfies Partial<ComposerContext>;

function emptyComposition(context: ComposerContext) {
  return { text: context.defaultText, urls: findUrls(context.defaultText), ...NOTHING_COMPOSED };
}

const maxLengthOf = (value: number | null | undefined) => (value && value > 0 ? value : null);
const cooldownSecondsOf = (value: number | undefined) => Math.max(0, Math.floor(value ?? 0));

/** The settings of `composer.configure` that were given, normalised as the input's are. */
function configuredSettings(settings: ComposerSettings): Partial<ComposerContext> {
  const { maxLength, cooldownSeconds, ...rest } = settings;
  const given = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return {
    ...given,
    ...(maxLength !== undefined ? { maxLength: maxLengthOf(maxLength) } : {}),
    ...(cooldownSeconds !== undefined ? { cooldownSeconds: cooldownSecondsOf(cooldownSeconds) } : {}),
  };
}

function initialContext(input: ComposerInput | undefined): ComposerContext {
  const newId = input?.newId ?? randomId;
  const context: ComposerContext = {
    threadId: input?.threadId ?? null,
    maxLength: maxLengthOf(input?.maxLength),
    cooldownSeconds: cooldownSecondsOf(input?.cooldownSeconds),
    cooldownExempt: input?.cooldownExempt ?? false,
    draftsEnabled: input?.draftsEnabled ?? false,
    typingEvents: input?.typingEvents ?? true,
    urlEnrichment: input?.urlEnrichment ?? false,
    commands: input?.commands ?? [],
    defaultText: input?.defaultText ?? '',
    uploadLimits: input?.uploadLimits ?? { image: DEFAULT_UPLOAD_LIMITS, file: DEFAULT_UPLOAD_LIMITS },
    canUploadFile: input?.canUploadFile ?? true,
    deviceId: input?.deviceId ?? newId(),
    newId,
    now: input?.now ?? Date.now,
    text: '',
    urls: [],
    ...NOTHING_COMPOSED,
    cooldownRemaining: 0,
    hasDraft: false,
  };
  const base = { ...context, ...emptyComposition(context) };
  const draft = input?.draft;
  if (!base.draftsEnabled || !isOwnDraft(draft, base.threadId)) return base;
  const restored = restoredContent(draft!.message, draft!.quoted_message ?? draft!.message.quoted_message, base, false);
  return { ...base, ...restored, text: restored.text || base.defaultText, hasDraft: true };
}

/** Every child the composition holds (restored attachments and previews have none: stopping them is a no-op). */
const childIds = (context: ComposerContext) => [
  ...context.uploads.map((u) => `upload:${u.localId}`),
  ...context.previews.map((p) => `preview:${p.url}`),
  ...(context.pollOpen ? ['pollComposer'] : []),
];

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
    startTyping: fromPromise<void, TypingInput>(() => Promise.resolve()),
    stopTyping: fromPromise<void, TypingInput>(() => Promise.resolve()),
    saveDraft: fromPromise<void, DraftPayload>(() => Promise.reject(new Error('saveDraft not provided'))),
    deleteDraft: fromPromise<void, DeleteDraftInput>(() => Promise.reject(new Error('deleteDraft not provided'))),
  },
  delays: {
    typingThrottle: TYPING_THROTTLE_MS,
    typingIdle: TYPING_IDLE_MS,
    draftDebounce: DRAFT_DEBOUNCE_MS,
    cooldownPeriod: ({ context }) => context.cooldownSeconds * 1000 + COOLDOWN_GRACE_MS,
    cooldownTick: COOLDOWN_TICK_MS,
  },
  guards: {
    isKeystroke: ({ context, event }) =>
      context.typingEvents && event.type === 'composer.type' && !isTextEmpty(event.text),
    isCoolingDown: ({ context }) => context.cooldownRemaining > 0,
    isPollOnly: ({ context }) => isPollOnly(context),
    hasUploadsInProgress: ({ context }) => context.uploads.some(isUploadInProgress),
    isTooLong: ({ context }) => isTooLong(context),
    hasSendableContent: ({ context }) => hasSendableContent(context),
    hasCooldown: ({ context, event }) =>
      event.type === 'composer.composed' && !event.edit && context.cooldownSeconds > 0 && !context.cooldownExempt,
    isUploadFinished: ({ event }) => event.type === 'upload.updated' && event.status === 'finished',
    isValidLocation: ({ event }) =>
      event.type === 'composer.setLocation' &&
      isValidLocation({ latitude: event.latitude, longitude: event.longitude, durationMs: event.durationMs }),
    canOpenPoll: ({ context }) => !context.pollOpen,
    isDraftable: ({ context }) => context.draftsEnabled && context.editing === null,
    isEmptyWithDraft: ({ context }) => isCompositionEmpty(context) && context.hasDraft,
    isCompositionEmpty: ({ context }) => isCompositionEmpty(context),
    wasNewMessageWithDraft: ({ context, event }) =>
      event.type === 'composer.composed' && !event.edit && context.hasDraft,
    wasNewMessage: ({ event }) => event.type === 'composer.composed' && !event.edit,
    /** A draft from another session for this channel or thread, differing from ours (not our own save's echo). */
    isRemoteDraftChange: ({ context, event }) =>
      event.type === 'draft.updated' &&
      context.draftsEnabled &&
      context.editing === null &&
      isOwnDraft(event.draft, context.threadId) &&
      JSON.stringify(draftPayloadOf(event.draft, context.threadId)) !== JSON.stringify(draftPayload(context)),
    isRemoteDraftDeletion: ({ context, event }) =>
      event.type === 'draft.deleted' &&
      context.draftsEnabled &&
      context.editing === null &&
      (event.draft?.parent_id ?? null) === context.threadId,
  },
  actions: {
    setText: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'composer.type') return;
      const wanted = [...new Set(event.urls ?? findUrls(event.text))];
      // Children of URLs that left the text stop; new URLs get a child when enrichment is on.
      const kept = context.previews.filter((p) => wanted.includes(p.url));
      for (const gone of context.previews.filter((p) => !wanted.includes(p.url)))
        enqueue.stopChild(`preview:${gone.url}`);
      const added = context.urlEnrichment
        ? wanted.filter((url) => isPreviewableUrl(url) && !kept.some((p) => p.url === url))
        : [];
      for (const url of added) enqueue.spawnChild('linkPreview', { id: `preview:${url}`, input: { url } });
      const previews = wanted.flatMap((url) => {
        const entry = kept.find((p) => p.url === url);
        if (entry) return [entry];
        return added.includes(url) ? [{ url, status: 'pending' as const }] : [];
      });
      enqueue.assign({ text: event.text, urls: wanted, previews, errorKey: null });
    }),
    addMention: assign({
      mentions: ({ context, event }) =>
        event.type !== 'composer.mention' || context.mentions.some((m) => m.id === event.user.id)
          ? context.mentions
          : [...context.mentions, event.user],
    }),
    setQuote: assign({
      quoted: ({ context, event }) => (event.type === 'composer.quote' ? event.message : context.quoted),
    }),
    clearQuote: assign({ quoted: null }),
    addUploads: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'composer.addFiles') return;
      const entries = event.files.map(({ file, blob }, i) => {
        const localId = context.newId();
        const input: UploadInput = {
          localId,
          file,
          blob,
          limits: uploadLimitsFor(context.uploadLimits, file),
          canUploadFile: context.canUploadFile,
          slotsLeft: MAX_FILES_PER_MESSAGE - context.uploads.length - i,
        };
        enqueue.spawnChild('upload', { id: `upload:${localId}`, input });
        return { localId, file, status: 'pending' as const, progress: 0 };
      });
      enqueue.assign({ uploads: [...context.uploads, ...entries], errorKey: null });
    }),
    updateUpload: assign({
      uploads: ({ context, event }) =>
        event.type !== 'upload.updated'
          ? context.uploads
          : context.uploads.map((u) =>
              u.localId === event.localId
                ? { ...u, status: event.status, progress: event.progress, attachment: event.attachment ?? u.attachment }
                : u,
            ),
    }),
    removeUpload: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'composer.removeUpload' && event.type !== 'upload.removed') return;
      enqueue.stopChild(`upload:${event.localId}`);
      enqueue.assign({ uploads: context.uploads.filter((u) => u.localId !== event.localId) });
    }),
    updatePreview: assign({
      previews: ({ context, event }) =>
        event.type !== 'preview.updated'
          ? context.previews
          : context.previews.map((p) =>
              p.url === event.url && p.status !== 'dismissed'
                ? { ...p, status: event.status, preview: event.preview ?? p.preview }
                : p,
            ),
    }),
    dismissPreview: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'composer.dismissPreview') return;
      enqueue.stopChild(`preview:${event.url}`);
      enqueue.assign({
        previews: context.previews.map((p) => (p.url === event.url ? { url: p.url, status: 'dismissed' as const } : p)),
      });
    }),
    openPoll: enqueueActions(({ enqueue }) => {
      enqueue.spawnChild('pollComposer', { id: 'pollComposer' });
      enqueue.assign({ pollOpen: true });
    }),
    closePoll: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('pollComposer');
      enqueue.assign({ pollOpen: false });
    }),
    setPoll: assign({
      pollId: ({ context, event }) => (event.type === 'poll.created' ? event.pollId : context.pollId),
    }),
    submit: raise({ type: 'composer.submit' }),
    setLocation: assign({
      location: ({ context, event }) =>
        event.type === 'composer.setLocation'
          ? {
              latitude: event.latitude,
              longitude: event.longitude,
              ...(event.durationMs === undefined ? {} : { durationMs: event.durationMs }),
            }
          : context.location,
      errorKey: null,
    }),
    rejectLocation: assign({
      errorKey: ({ event }) =>
        event.type === 'composer.setLocation' &&
        Number.isFinite(event.latitude) &&
        Number.isFinite(event.longitude) &&
        event.durationMs !== undefined &&
        event.durationMs < MIN_LIVE_LOCATION_MS
          ? { key: 'chat.liveLocation.tooShort', values: { seconds: MIN_LIVE_LOCATION_MS / 1000 } }
          : { key: 'chat.composer.locationInvalid' },
    }),
    clearLocation: assign({ location: null }),
    clearError: assign({ errorKey: null }),
    refuseCoolingDown: assign({
      errorKey: ({ context }) => ({ key: 'chat.composer.coolingDown', values: { count: context.cooldownRemaining } }),
    }),
    refuseUploading: assign({ errorKey: { key: 'chat.composer.uploadsInProgress' } }),
    refuseTooLong: assign({
      errorKey: ({ context }) => ({
        key: 'chat.composer.tooLong',
        values: { length: context.text.length, max: context.maxLength ?? 0 },
      }),
    }),
    /** A new message: emitted, then the composition starts again (keeping default text). */
    send: enqueueActions(({ context, enqueue }) => {
      const { message, skipEnrichUrl } = composeMessage(context, context.newId());
      enqueue.emit({ type: 'composer.sent', message, skipEnrichUrl });
      for (const id of childIds(context)) enqueue.stopChild(id);
      enqueue.assign(emptyComposition(context));
      enqueue.raise({ type: 'composer.composed', edit: false });
    }),
    /** A poll-only message carries nothing else, so the rest of the composition stays for the next one. */
    sendPollOnly: enqueueActions(({ context, enqueue }) => {
      const { message, skipEnrichUrl } = composeMessage(context, context.newId());
      enqueue.emit({ type: 'composer.sent', message, skipEnrichUrl });
      enqueue.assign({ pollId: null, errorKey: null });
      enqueue.raise({ type: 'composer.composed', edit: false });
    }),
    sendEdit: enqueueActions(({ context, enqueue }) => {
      const { message, skipEnrichUrl } = composeMessage(context, context.editing!.id);
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
    restoreEdited: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'composer.edit') return;
      for (const id of childIds(context)) enqueue.stopChild(id);
      const restored = restoredContent(event.message, event.message.quoted_message, context, true);
      enqueue.assign({ ...emptyComposition(context), ...restored, editing: event.message });
    }),
    restoreDraft: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'draft.updated') return;
      // Uploads still in progress are not in any draft yet: they stay.
      const busy = context.uploads.filter(isUploadInProgress);
      for (const id of childIds({ ...context, uploads: context.uploads.filter((u) => !isUploadInProgress(u)) }))
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
        hasDraft: true,
      });
    }),
    configure: assign(({ event }) => (event.type === 'composer.configure' ? configuredSettings(event.settings) : {})),
    forgetDraft: assign({ hasDraft: false }),
    rememberDraft: assign({ hasDraft: true }),
    markChanged: raise({ type: 'composer.changed' }),
    scheduleTypingIdle: enqueueActions(({ enqueue }) => {
      enqueue.cancel('typingIdle');
      enqueue.raise({ type: 'composer.typingIdled' }, { id: 'typingIdle', delay: 'typingIdle' });
    }),
    cancelTypingIdle: enqueueActions(({ enqueue }) => enqueue.cancel('typingIdle')),
    startCooldown: assign({ cooldownRemaining: ({ context }) => context.cooldownSeconds }),
    tickCooldown: assign({ cooldownRemaining: ({ context }) => Math.max(1, context.cooldownRemaining - 1) }),
    endCooldown: assign({ cooldownRemaining: 0 }),
    /** A child failed outright (its logic threw): it is gone, and so is what it stood for. */
    dropFailedChild: enqueueActions(({ context, event, enqueue }) => {
      const id = event.type.replace(/^xstate\.error\.actor\./, '');
      if (id.startsWith('upload:')) {
        const localId = id.slice('upload:'.length);
        enqueue.assign({
          uploads: context.uploads.map((u) => (u.localId === localId ? { ...u, status: 'failed' as const } : u)),
        });
      } else if (id.startsWith('preview:')) {
        const url = id.slice('preview:'.length);
        enqueue.assign({
          previews: context.previews.map((p) => (p.url === url ? { ...p, status: 'failed' as const } : p)),
        });
      } else if (id === 'pollComposer') enqueue.assign({ pollOpen: false });
    }),
  },
});

const typingInput = ({ context }: { context: ComposerContext }): TypingInput => ({ parentId: context.threadId });

export const composerMachine = composerSetup.createMachine({
  id: 'composer',
  context: ({ input }) => initialContext(input),
  type: 'parallel',
  on: {
    'xstate.error.actor.*': { actions: 'dropFailedChild' },
    'composer.configure': { actions: 'configure' },
  },
  states: {
    composition: {
      initial: 'composing',
      // In xstate a parallel machine's own handlers run only when no region takes the event, so the
      // content events live on this region.
      on: {
        'composer.edit': { target: '.editing', actions: 'restoreEdited' },
        'composer.type': { actions: ['setText', 'markChanged'] },
        'composer.mention': { actions: ['addMention', 'markChanged'] },
        'composer.quote': { actions: ['setQuote', 'markChanged'] },
        'composer.unquote': { actions: ['clearQuote', 'markChanged'] },
        'composer.addFiles': { actions: 'addUploads' },
        'composer.removeUpload': { actions: ['removeUpload', 'markChanged'] },
        'upload.updated': [
          { guard: 'isUploadFinished', actions: ['updateUpload', 'markChanged'] },
          { actions: 'updateUpload' },
        ],
        'upload.removed': { actions: ['removeUpload', 'markChanged'] },
        'preview.updated': { actions: 'updatePreview' },
        'composer.dismissPreview': { actions: 'dismissPreview' },
        'composer.openPoll': { guard: 'canOpenPoll', actions: 'openPoll' },
        'composer.closePoll': { actions: 'closePoll' },
        'poll.cancelled': { actions: 'closePoll' },
        'poll.created': { actions: ['setPoll', 'closePoll', 'submit'] },
        'composer.setLocation': [
          { guard: 'isValidLocation', actions: ['setLocation', 'markChanged'] },
          { actions: 'rejectLocation' },
        ],
        'composer.clearLocation': { actions: ['clearLocation', 'markChanged'] },
        'composer.dismissError': { actions: 'clearError' },
      },
      states: {
        composing: {
          on: {
            'composer.submit': [
              { guard: 'isCoolingDown', actions: 'refuseCoolingDown' },
              { guard: 'isPollOnly', actions: 'sendPollOnly' },
              { guard: 'hasUploadsInProgress', actions: 'refuseUploading' },
              { guard: 'isTooLong', actions: 'refuseTooLong' },
              { guard: 'hasSendableContent', actions: 'send' },
            ],
            'composer.clear': { actions: ['reset', 'markChanged'] },
          },
        },
        editing: {
          on: {
            'composer.submit': [
              { guard: 'hasUploadsInProgress', actions: 'refuseUploading' },
              { guard: 'isTooLong', actions: 'refuseTooLong' },
              { guard: 'hasSendableContent', target: 'composing', actions: 'sendEdit' },
            ],
            'composer.cancelEdit': { target: 'composing', actions: 'reset' },
            'composer.clear': { target: 'composing', actions: 'reset' },
          },
        },
      },
    },
    typing: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'composer.type': { guard: 'isKeystroke', target: 'active', actions: 'scheduleTypingIdle' } },
        },
        active: {
          initial: 'announced',
          on: {
            'composer.type': [{ guard: 'isKeystroke', actions: 'scheduleTypingIdle' }, { target: 'stopping' }],
            'composer.typingIdled': 'stopping',
            'composer.composed': 'stopping',
          },
          states: {
            /** typing.start went out less than 2 s ago. */
            announced: {
              // A failed typing.start is not retried until the next keystroke after the throttle.
              invoke: { src: 'startTyping', input: typingInput, onError: 'quiet' },
              after: { typingThrottle: 'quiet' },
            },
            /** 2 s passed: the next keystroke announces again. */
            quiet: {
              on: {
                'composer.type': { guard: 'isKeystroke', target: 'announced', actions: 'scheduleTypingIdle' },
              },
            },
          },
        },
        stopping: {
          entry: 'cancelTypingIdle',
          invoke: { src: 'stopTyping', input: typingInput, onDone: 'idle', onError: 'idle' },
          on: { 'composer.type': { guard: 'isKeystroke', target: 'active', actions: 'scheduleTypingIdle' } },
        },
      },
    },
    cooldown: {
      initial: 'ready',
      states: {
        ready: {
          on: { 'composer.composed': { guard: 'hasCooldown', target: 'coolingDown' } },
        },
        coolingDown: {
          entry: 'startCooldown',
          exit: 'endCooldown',
          after: { cooldownPeriod: 'ready' },
          initial: 'counting',
          states: {
            counting: {
              after: { cooldownTick: { target: 'counting', reenter: true, actions: 'tickCooldown' } },
            },
          },
        },
      },
    },
    draft: {
      initial: 'idle',
      on: {
        'composer.changed': { guard: 'isDraftable', target: '.pending' },
        'composer.composed': [
          { guard: 'wasNewMessageWithDraft', target: '.deleting' },
          { guard: 'wasNewMessage', target: '.idle' },
        ],
      },
      states: {
        idle: {
          on: {
            'draft.updated': { guard: 'isRemoteDraftChange', actions: 'restoreDraft' },
            'draft.deleted': { guard: 'isRemoteDraftDeletion', actions: ['reset', 'forgetDraft'] },
          },
        },
        /** A local change waits for the member to pause. */
        pending: {
          after: {
            draftDebounce: [
              { guard: 'isEmptyWithDraft', target: 'deleting' },
              { guard: 'isCompositionEmpty', target: 'idle' },
              { target: 'saving' },
            ],
          },
        },
        saving: {
          invoke: {
            src: 'saveDraft',
            input: ({ context }) => draftPayload(context),
            // Sent while the save was on its way: the draft it left behind goes.
            onDone: [
              { guard: 'isEmptyWithDraft', target: 'deleting' },
              { target: 'idle', actions: 'rememberDraft' },
            ],
            onError: [{ guard: 'isEmptyWithDraft', target: 'deleting' }, { target: 'idle' }],
          },
          on: {
            // The request is out: the service will hold a draft of a message that was just sent.
            'composer.composed': { guard: 'wasNewMessage', actions: 'rememberDraft' },
          },
        },
        deleting: {
          entry: 'forgetDraft',
          invoke: {
            src: 'deleteDraft',
            input: ({ context }): DeleteDraftInput => ({ parentId: context.threadId }),
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type ComposerMachine = typeof composerMachine;
