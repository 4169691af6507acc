/**
 * Path models of the composer's own children: typing events, the draft and slow mode's countdown.
 * Their I/O never settles; each model sends the done/error and delay events itself.
 */
import { fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { ownEventTypes, type PathEnd, type PathModel } from '../shared/path-coverage';
import { slowModeCountdownMachine, selectRemaining, type CountdownContext } from './countdown.machine';
import { composerDraftMachine, type DraftContext, type DraftEvent } from './draft.machine';
import type { DeleteDraftInput, DraftPayload } from './composer.types';
import { composerTypingMachine, type TypingInput } from './typing.machine';

const hang = <TInput>() => fromPromise<void, TInput>(() => new Promise<void>(() => {}));

/** The delay, done and error events a snapshot's own transitions wait for, plus `samples` of the rest. */
const eventsWith =
  (samples: AnyEventObject[]) =>
  (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
    ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.after.')) return [{ type }];
      if (type.startsWith('xstate.done.actor.')) return [{ type, output: undefined }];
      if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('failed') }];
      return samples.filter((e) => e.type === type);
    });

const valueOf = (end: PathEnd) => JSON.stringify(end.snapshot.value);

const typing: PathModel = {
  name: 'composer-typing',
  machine: composerTypingMachine.provide({
    actors: { startTyping: hang<TypingInput>(), stopTyping: hang<TypingInput>() },
  }),
  input: { parentId: null } satisfies TypingInput,
  events: eventsWith([{ type: 'typing.keystroke' }, { type: 'typing.ended' }, { type: 'typing.idled' }]),
  outcomes: {
    // Every keystroke announces (or keeps the announcement); 2 s later, or on a failed start, it is quiet.
    active: (end) => ({
      actual: valueOf(end),
      expected: JSON.stringify({ active: end.event?.type === 'typing.keystroke' ? 'announced' : 'quiet' }),
    }),
    // Stopping comes only from typing: on emptying, on sending, or a second without keystrokes.
    stopping: (end) => ({
      actual: [end.before.matches('active'), ['typing.ended', 'typing.idled'].includes(end.event?.type ?? '')],
      expected: [true, true],
    }),
    idle: (end) => ({
      actual: end.event === undefined || end.before.matches('stopping') || end.before.matches('idle'),
      expected: true,
    }),
  },
};

const payload: DraftPayload = { text: 'see you at 10' };
const draftSamples: DraftEvent[] = [
  { type: 'draft.edited', payload, empty: false },
  { type: 'draft.edited', payload: { text: '' }, empty: true },
  { type: 'draft.sent', empty: true },
  { type: 'draft.arrived', draft: { message: { id: 'd1', text: 'from another tab' } } },
  { type: 'draft.removed' },
];
const draftOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DraftContext;

const draft: PathModel = {
  name: 'composer-draft',
  // Alone, the draft has no composer to answer; the path test stands in for it.
  machine: composerDraftMachine.provide({
    actors: { saveDraft: hang<DraftPayload>(), deleteDraft: hang<DeleteDraftInput>() },
    actions: { adopt: () => undefined, drop: () => undefined },
  }),
  inputs: [
    { threadId: null, hasDraft: false },
    { threadId: 't1', hasDraft: true },
  ],
  events: eventsWith(draftSamples),
  serializeState: (snapshot) => {
    const { hasDraft, empty } = draftOf(snapshot);
    return JSON.stringify({ value: snapshot.value as unknown, hasDraft, empty });
  },
  outcomes: {
    // Deleting forgets the draft at once, whatever the request's fate.
    deleting: (end) => ({ actual: draftOf(end.snapshot).hasDraft, expected: false }),
    // A change waits with what it was told.
    pending: (end) => ({
      actual: end.event?.type === 'draft.edited' ? draftOf(end.snapshot).payload : 'edited',
      expected: end.event?.type === 'draft.edited' ? end.event.payload : 'edited',
    }),
    saving: (end) => ({ actual: draftOf(end.snapshot).empty, expected: end.event?.type === 'draft.sent' }),
    // A draft from elsewhere is taken (and remembered) or a removal forgotten only at rest.
    idle: (end) => {
      const { hasDraft } = draftOf(end.snapshot);
      const before = draftOf(end.before).hasDraft;
      switch (end.event?.type) {
        case 'draft.arrived':
          return { actual: hasDraft, expected: true };
        case 'draft.removed':
          return { actual: hasDraft, expected: false };
        case 'xstate.done.actor.0.composerDraft.saving':
          return { actual: hasDraft, expected: true };
        default:
          return { actual: hasDraft, expected: end.before.matches('deleting') ? false : before };
      }
    },
  },
};

const countdown: PathModel = {
  name: 'slow-mode-countdown',
  machine: slowModeCountdownMachine,
  input: { seconds: 2 },
  events: eventsWith([]),
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value as unknown, remaining: (snapshot.context as CountdownContext).remaining }),
  outcomes: {
    // It counts down one a second, never below 1 while counting, and reads 0 once over.
    coolingDown: (end) => {
      const before = (end.before.context as CountdownContext).remaining;
      const ticked = end.event?.type?.includes('cooldownTick');
      return {
        actual: selectRemaining(end.snapshot as Parameters<typeof selectRemaining>[0]),
        expected: end.event === undefined ? 2 : ticked ? Math.max(1, before - 1) : before,
      };
    },
    over: (end) => ({
      actual: [end.snapshot.status, selectRemaining(end.snapshot as Parameters<typeof selectRemaining>[0])],
      expected: ['done', 0],
    }),
  },
};

/** Exported with the composer's own model by composer.paths.ts. */
export const childPathModels: PathModel[] = [typing, draft, countdown];
