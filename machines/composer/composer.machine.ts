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
import { initialContext } from './composer.context';
import { draftPayload } from './composer.rules';
import { composerSetup, typingInput } from './composer.setup';
import type { DeleteDraftInput } from './composer.types';

export {
  COOLDOWN_GRACE_MS,
  COOLDOWN_TICK_MS,
  DRAFT_DEBOUNCE_MS,
  TYPING_IDLE_MS,
  TYPING_THROTTLE_MS,
} from './composer.setup';

export const composerMachine = composerSetup.createMachine({
  id: 'composer',
  context: ({ input }) => initialContext(input),
  type: 'parallel',
  on: {
    // xstate names the failed child in the event (`actorId`).
    'xstate.error.actor.*': {
      actions: { type: 'dropFailedChild', params: ({ event }) => ({ childId: event.actorId }) },
    },
    'composer.configure': { actions: { type: 'configure', params: ({ event }) => event } },
  },
  states: {
    composition: {
      initial: 'composing',
      // In xstate a parallel machine's own handlers run only when no region takes the event, so the
      // content events live on this region.
      on: {
        'composer.edit': { target: '.editing', actions: { type: 'restoreEdited', params: ({ event }) => event } },
        'composer.type': { actions: [{ type: 'setText', params: ({ event }) => event }, 'markChanged'] },
        'composer.mention': { actions: [{ type: 'addMention', params: ({ event }) => event }, 'markChanged'] },
        'composer.quote': { actions: [{ type: 'setQuote', params: ({ event }) => event }, 'markChanged'] },
        'composer.unquote': { actions: ['clearQuote', 'markChanged'] },
        'composer.addFiles': { actions: { type: 'addUploads', params: ({ event }) => event } },
        'composer.removeUpload': { actions: [{ type: 'removeUpload', params: ({ event }) => event }, 'markChanged'] },
        'upload.updated': [
          {
            guard: { type: 'isUploadFinished', params: ({ event }) => event },
            actions: [{ type: 'updateUpload', params: ({ event }) => event }, 'markChanged'],
          },
          { actions: { type: 'updateUpload', params: ({ event }) => event } },
        ],
        'upload.removed': { actions: [{ type: 'removeUpload', params: ({ event }) => event }, 'markChanged'] },
        'preview.updated': { actions: { type: 'updatePreview', params: ({ event }) => event } },
        'composer.dismissPreview': { actions: { type: 'dismissPreview', params: ({ event }) => event } },
        'composer.openPoll': { guard: 'canOpenPoll', actions: 'openPoll' },
        'composer.closePoll': { actions: 'closePoll' },
        'poll.cancelled': { actions: 'closePoll' },
        'poll.created': { actions: [{ type: 'setPoll', params: ({ event }) => event }, 'closePoll', 'submit'] },
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
    typing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'composer.type': {
              guard: { type: 'isKeystroke', params: ({ event }) => event },
              target: 'active',
              actions: 'scheduleTypingIdle',
            },
          },
        },
        active: {
          initial: 'announced',
          on: {
            'composer.type': [
              { guard: { type: 'isKeystroke', params: ({ event }) => event }, actions: 'scheduleTypingIdle' },
              { target: 'stopping' },
            ],
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
                'composer.type': {
                  guard: { type: 'isKeystroke', params: ({ event }) => event },
                  target: 'announced',
                  actions: 'scheduleTypingIdle',
                },
              },
            },
          },
        },
        stopping: {
          entry: 'cancelTypingIdle',
          invoke: { src: 'stopTyping', input: typingInput, onDone: 'idle', onError: 'idle' },
          on: {
            'composer.type': {
              guard: { type: 'isKeystroke', params: ({ event }) => event },
              target: 'active',
              actions: 'scheduleTypingIdle',
            },
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
          { guard: { type: 'wasNewMessageWithDraft', params: ({ event }) => event }, target: '.deleting' },
          { guard: { type: 'wasNewMessage', params: ({ event }) => event }, target: '.idle' },
        ],
      },
      states: {
        idle: {
          on: {
            'draft.updated': {
              guard: { type: 'isRemoteDraftChange', params: ({ event }) => event },
              actions: { type: 'restoreDraft', params: ({ event }) => event },
            },
            'draft.deleted': {
              guard: { type: 'isRemoteDraftDeletion', params: ({ event }) => event },
              actions: ['reset', 'forgetDraft'],
            },
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
            'composer.composed': {
              guard: { type: 'wasNewMessage', params: ({ event }) => event },
              actions: 'rememberDraft',
            },
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
