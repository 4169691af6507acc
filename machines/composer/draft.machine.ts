/**
 * The composer's draft (spec section 4: drafts), a child the composer invokes as `draft`. It
 * knows whether the service holds a draft for this channel or thread, saves the composition once
 * the member pauses, deletes the draft when the composition is emptied or its message sent, and
 * decides whether a draft from another session may replace the composition: only while nothing
 * of its own is pending or on its way.
 *
 * The composer tells it what the composition is (`draft.edited`, only while drafts are enabled and
 * the member is not editing a message), that a new message was composed (`draft.sent`), and a
 * draft from elsewhere that differs from the composition (`draft.arrived`, `draft.removed`); it
 * answers `draft.adopted` / `draft.dropped` when the composer should take that draft or clear.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { ComposerDraft, DeleteDraftInput, DraftPayload } from './composer.types';

/** Not in the spec: a draft is saved once the member has paused typing for this long. */
export const DRAFT_DEBOUNCE_MS = 1000;

export interface DraftInput {
  threadId: string | null;
  /** The composer started from a draft of the service's. */
  hasDraft: boolean;
}

export interface DraftContext extends DraftInput {
  /** What the composition would be saved as, as last told. */
  payload: DraftPayload | null;
  /** The composition, as last told, holds nothing. */
  empty: boolean;
}

export type DraftEvent =
  | { type: 'draft.edited'; payload: DraftPayload; empty: boolean }
  /** A new message was composed; `empty`: what the composition holds now counts as nothing. */
  | { type: 'draft.sent'; empty: boolean }
  | { type: 'draft.arrived'; draft: ComposerDraft }
  | { type: 'draft.removed' };

/** What the draft tells the composer. */
export type DraftAnswer = { type: 'draft.adopted'; draft: ComposerDraft } | { type: 'draft.dropped' };

export const composerDraftMachine = setup({
  types: { context: {} as DraftContext, input: {} as DraftInput, events: {} as DraftEvent },
  actors: {
    saveDraft: fromPromise<void, DraftPayload>(() => Promise.reject(new Error('saveDraft not provided'))),
    deleteDraft: fromPromise<void, DeleteDraftInput>(() => Promise.reject(new Error('deleteDraft not provided'))),
  },
  delays: { draftDebounce: DRAFT_DEBOUNCE_MS },
  guards: {
    hasDraft: ({ context }) => context.hasDraft,
    isEmpty: ({ context }) => context.empty,
    isEmptyWithDraft: ({ context }) => context.empty && context.hasDraft,
  },
  actions: {
    recordEdit: assign((_, params: { payload: DraftPayload; empty: boolean }) => params),
    recordEmpty: assign((_, params: { empty: boolean }) => ({ empty: params.empty })),
    rememberDraft: assign({ hasDraft: true }),
    forgetDraft: assign({ hasDraft: false }),
    adopt: sendParent((_, params: { draft: ComposerDraft }): DraftAnswer => ({
      type: 'draft.adopted',
      draft: params.draft,
    })),
    drop: sendParent((): DraftAnswer => ({ type: 'draft.dropped' })),
  },
}).createMachine({
  id: 'composerDraft',
  context: ({ input }) => ({ ...input, payload: null, empty: true }),
  initial: 'idle',
  on: {
    'draft.edited': { target: '.pending', actions: { type: 'recordEdit', params: ({ event }) => event } },
    'draft.sent': [
      { guard: 'hasDraft', target: '.deleting', actions: { type: 'recordEmpty', params: ({ event }) => event } },
      { target: '.idle', actions: { type: 'recordEmpty', params: ({ event }) => event } },
    ],
  },
  states: {
    /** The service's draft (or its absence) matches the composition. */
    idle: {
      on: {
        'draft.arrived': {
          actions: ['rememberDraft', { type: 'adopt', params: ({ event }) => event }],
        },
        'draft.removed': { actions: ['forgetDraft', 'drop'] },
      },
    },
    /** A local change waits for the member to pause. */
    pending: {
      after: {
        draftDebounce: [
          { guard: 'isEmptyWithDraft', target: 'deleting' },
          { guard: 'isEmpty', target: 'idle' },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveDraft',
        input: ({ context }) => context.payload!,
        // Sent while the save was on its way: the draft it left behind goes.
        onDone: [
          { guard: 'isEmptyWithDraft', target: 'deleting' },
          { target: 'idle', actions: 'rememberDraft' },
        ],
        onError: [{ guard: 'isEmptyWithDraft', target: 'deleting' }, { target: 'idle' }],
      },
      on: {
        // The request is out: the service will hold a draft of a message that was just sent.
        'draft.sent': { actions: ['rememberDraft', { type: 'recordEmpty', params: ({ event }) => event }] },
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
});

export type ComposerDraftMachine = typeof composerDraftMachine;
