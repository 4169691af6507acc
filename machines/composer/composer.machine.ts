/**
 * The message composer (spec sections 4, 5, 8, 9): text, mentions, quote, edit, clear, default
 * text, command and mention triggers, the sendable rule, maximum length, slow mode, drafts,
 * the location draft. Three parallel regions: what is being composed (new message or edit), the
 * poll sub-composer, and slow mode. Its children: `typing` (typing events, typing.machine.ts),
 * `draft` (the service's draft, draft.machine.ts), `watchDrafts` (drafts from other sessions),
 * `countdown` while slow mode runs (countdown.machine.ts), `pollComposer` while the poll is open,
 * and those it spawns: one `upload:${localId}` per file and one `preview:${url}` per link
 * (composer.children.ts reads them). It tells its children what happens and reads their state
 * from them, never keeping a copy.
 *
 * It never sends: a composed message is emitted (`composer.sent` / `composer.edited`) for the
 * app to hand to the outbox.
 */
import { initialContext } from './composer.context';
import { composerSetup } from './composer.setup';
import type { CountdownInput } from './countdown.machine';
import type { DraftInput } from './draft.machine';
import type { TypingInput } from './typing.machine';

export { COOLDOWN_GRACE_MS, COOLDOWN_TICK_MS } from './countdown.machine';
export { DRAFT_DEBOUNCE_MS } from './draft.machine';
export { TYPING_IDLE_MS, TYPING_THROTTLE_MS } from './typing.machine';

export const composerMachine = composerSetup.createMachine({
  id: 'composer',
  context: ({ input }) => initialContext(input),
  type: 'parallel',
  invoke: [
    { id: 'typing', src: 'typing', input: ({ context }): TypingInput => ({ parentId: context.threadId }) },
    {
      id: 'draft',
      src: 'draft',
      input: ({ context }): DraftInput => ({ threadId: context.threadId, hasDraft: context.draftAtStart }),
    },
    { id: 'watchDrafts', src: 'watchDrafts', input: ({ context }) => ({ threadId: context.threadId }) },
  ],
  on: {
    // A file's or link's child whose logic threw reads as failed (composer.children.ts): the composer goes on.
    'xstate.error.actor.*': {},
    'composer.configure': { actions: { type: 'configure', params: ({ event }) => event } },
  },
  states: {
    composition: {
      initial: 'composing',
      // In xstate a parallel machine's own handlers run only when no region takes the event, so the
      // content events live on this region.
      on: {
        'composer.edit': { target: '.editing', actions: { type: 'restoreEdited', params: ({ event }) => event } },
        'composer.type': [
          {
            guard: { type: 'isKeystroke', params: ({ event }) => event },
            actions: [{ type: 'setText', params: ({ event }) => event }, 'markChanged', 'tellKeystroke'],
          },
          { actions: [{ type: 'setText', params: ({ event }) => event }, 'markChanged', 'tellTypingEnded'] },
        ],
        'composer.changed': { guard: 'isDraftable', actions: 'tellDraftEdited' },
        'composer.composed': [
          {
            guard: { type: 'wasNewMessage', params: ({ event }) => event },
            actions: ['tellTypingEnded', 'tellDraftSent'],
          },
          { actions: 'tellTypingEnded' },
        ],
        'draft.arrived': {
          guard: { type: 'isRemoteDraftChange', params: ({ event }) => event },
          actions: { type: 'forwardToDraft', params: ({ event }) => event },
        },
        'draft.removed': {
          guard: 'isRemoteDraftDeletion',
          actions: { type: 'forwardToDraft', params: ({ event }) => event },
        },
        'draft.adopted': { actions: { type: 'restoreDraft', params: ({ event }) => event } },
        'draft.dropped': { actions: 'reset' },
        'composer.mention': { actions: [{ type: 'addMention', params: ({ event }) => event }, 'markChanged'] },
        'composer.quote': { actions: [{ type: 'setQuote', params: ({ event }) => event }, 'markChanged'] },
        'composer.unquote': { actions: ['clearQuote', 'markChanged'] },
        'composer.addFiles': { actions: { type: 'addUploads', params: ({ event }) => event } },
        'composer.removeUpload': { actions: [{ type: 'removeUpload', params: ({ event }) => event }, 'markChanged'] },
        // The upload child holds its progress; a finished file changes what a draft would hold.
        'upload.updated': { guard: { type: 'isUploadFinished', params: ({ event }) => event }, actions: 'markChanged' },
        'upload.removed': { actions: [{ type: 'removeUpload', params: ({ event }) => event }, 'markChanged'] },
        'composer.dismissPreview': { actions: { type: 'dismissPreview', params: ({ event }) => event } },
        'composer.setLocation': [
          {
            guard: { type: 'isValidLocation', params: ({ event }) => event },
            actions: [{ type: 'setLocation', params: ({ event }) => event }, 'markChanged'],
          },
          { actions: { type: 'rejectLocation', params: ({ event }) => event } },
        ],
        'composer.clearLocation': { actions: ['clearLocation', 'markChanged'] },
        'composer.dismissError': { actions: 'clearError' },
        'composer.showInChannel': {
          guard: 'isThreadReply',
          actions: { type: 'setShowInChannel', params: ({ event }) => event },
        },
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
    /** The poll sub-composer: open while its child runs. */
    poll: {
      initial: 'closed',
      states: {
        closed: { on: { 'composer.openPoll': 'open' } },
        open: {
          invoke: { id: 'pollComposer', src: 'pollComposer', onError: 'closed' },
          on: {
            'composer.closePoll': 'closed',
            'poll.cancelled': 'closed',
            // The message goes out at once (a raised submit).
            'poll.created': {
              target: 'closed',
              actions: [{ type: 'setPoll', params: ({ event }) => event }, 'submit'],
            },
            // What empties the composition closes the poll too.
            'composer.clear': 'closed',
            'composer.edit': 'closed',
            'composer.cancelEdit': 'closed',
            'composer.composed': 'closed',
            'draft.adopted': 'closed',
            'draft.dropped': 'closed',
          },
        },
      },
    },
    cooldown: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'composer.composed': {
              guard: { type: 'hasCooldown', params: ({ event }) => event },
              target: 'coolingDown',
            },
          },
        },
        /** Slow mode: new messages wait until the countdown child is over. */
        coolingDown: {
          invoke: {
            id: 'countdown',
            src: 'countdown',
            input: ({ context }): CountdownInput => ({ seconds: context.cooldownSeconds }),
            onDone: 'ready',
          },
        },
      },
    },
  },
});

export type ComposerMachine = typeof composerMachine;
