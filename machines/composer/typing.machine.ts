/**
 * The composer's typing events (spec section 9), a child the composer invokes as `typing`:
 * `typing.start` at most every 2 s while the member types, `typing.stop` after 1 s without a
 * keystroke, when the text is emptied or when the message is sent. The composer tells it each
 * keystroke (`typing.keystroke`) and when typing ended (`typing.ended`: the text emptied, typing
 * events turned off, or a message composed); it answers nothing.
 */
import { enqueueActions, fromPromise, setup } from 'xstate';

/** Spec section 9: typing start resent at most every 2 s; typing stop after 1 s idle. */
export const TYPING_THROTTLE_MS = 2000;
export const TYPING_IDLE_MS = 1000;

export interface TypingInput {
  /** The thread's parent message id when the composer writes replies. */
  parentId: string | null;
}

export type TypingEvent =
  | { type: 'typing.keystroke' }
  | { type: 'typing.ended' }
  /** Internal: a second passed since the last keystroke (delayed raise). */
  | { type: 'typing.idled' };

export const composerTypingMachine = setup({
  types: { context: {} as TypingInput, input: {} as TypingInput, events: {} as TypingEvent },
  actors: {
    startTyping: fromPromise<void, TypingInput>(() => Promise.resolve()),
    stopTyping: fromPromise<void, TypingInput>(() => Promise.resolve()),
  },
  delays: { typingThrottle: TYPING_THROTTLE_MS, typingIdle: TYPING_IDLE_MS },
  actions: {
    scheduleIdle: enqueueActions(({ enqueue }) => {
      enqueue.cancel('typingIdle');
      enqueue.raise({ type: 'typing.idled' }, { id: 'typingIdle', delay: 'typingIdle' });
    }),
    cancelIdle: enqueueActions(({ enqueue }) => enqueue.cancel('typingIdle')),
  },
}).createMachine({
  id: 'composerTyping',
  context: ({ input }) => ({ parentId: input.parentId }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'typing.keystroke': { target: 'active', actions: 'scheduleIdle' } },
    },
    /** The member is typing. */
    active: {
      initial: 'announced',
      on: {
        'typing.keystroke': { actions: 'scheduleIdle' },
        'typing.ended': 'stopping',
        'typing.idled': 'stopping',
      },
      states: {
        /** typing.start went out less than 2 s ago. */
        announced: {
          // A failed typing.start is not retried until the next keystroke after the throttle.
          invoke: { src: 'startTyping', input: ({ context }) => context, onError: 'quiet' },
          after: { typingThrottle: 'quiet' },
        },
        /** 2 s passed: the next keystroke announces again. */
        quiet: {
          on: { 'typing.keystroke': { target: 'announced', actions: 'scheduleIdle' } },
        },
      },
    },
    /** typing.stop is on its way. */
    stopping: {
      entry: 'cancelIdle',
      invoke: { src: 'stopTyping', input: ({ context }) => context, onDone: 'idle', onError: 'idle' },
      on: { 'typing.keystroke': { target: 'active', actions: 'scheduleIdle' } },
    },
  },
});

export type ComposerTypingMachine = typeof composerTypingMachine;
