/**
 * What the composer's tests share (composer-*.test.ts): small real child machines that report
 * with the contract's events, and `start`, a composer on the machine-test harness with fake I/O.
 */
import { assign, fromPromise, sendParent, setup, type AnyActorRef } from 'xstate';
import type { ComposerEmitted } from '../shared/composed-message';
import type {
  ComposerChildEvent,
  LinkPreviewData,
  LinkPreviewInput,
  UploadedAttachment,
  UploadInput,
} from '../shared/composer-children';
import { machineTest } from '../shared/machine-test';
import { composerMachine } from './composer.machine';
import { selectChild, selectCountdown, selectDraft } from './composer.selectors';
import { selectRemaining } from './countdown.machine';
import type { ComposerInput, DeleteDraftInput, DraftPayload } from './composer.types';
import { composerDraftMachine } from './draft.machine';
import { composerTypingMachine, type TypingInput } from './typing.machine';

// Small real child machines that keep their status as their state (the composer reads it, as
// composer.children.ts says) and report with the contract's events, as the real ones do.
export const fakeUpload = setup({
  types: {
    context: {} as { localId: string; input: UploadInput; progress: number; attachment: UploadedAttachment | null },
    input: {} as UploadInput,
    events: {} as { type: 'test.progress'; progress: number } | { type: 'test.finish' } | { type: 'test.remove' },
  },
}).createMachine({
  context: ({ input }) => ({ localId: input.localId, input, progress: 0, attachment: null }),
  initial: 'uploading',
  states: {
    uploading: {
      on: {
        'test.progress': { actions: assign({ progress: ({ event }) => event.progress }) },
        'test.finish': {
          target: 'finished',
          actions: [
            assign({ progress: 100, attachment: ({ context }) => attachmentFor(context.input.file.name) }),
            sendParent(({ context }): ComposerChildEvent => ({
              type: 'upload.updated',
              localId: context.localId,
              status: 'finished',
              progress: 100,
              attachment: attachmentFor(context.input.file.name),
            })),
          ],
        },
      },
    },
    finished: {},
    removed: {},
  },
  on: {
    'test.remove': {
      target: '.removed',
      actions: sendParent(({ context }): ComposerChildEvent => ({ type: 'upload.removed', localId: context.localId })),
    },
  },
});

export const attachmentFor = (name: string): UploadedAttachment => ({
  type: 'image',
  image_url: `https://cdn.test/${name}`,
  title: name,
  mime_type: 'image/png',
  file_size: 10,
});

export const fakePreview = setup({
  types: {
    context: {} as LinkPreviewInput & { preview: LinkPreviewData | null },
    input: {} as LinkPreviewInput,
    events: {} as { type: 'test.load' },
  },
}).createMachine({
  context: ({ input }) => ({ url: input.url, preview: null }),
  initial: 'loading',
  states: {
    loading: {
      on: {
        'test.load': {
          target: 'loaded',
          actions: assign({
            preview: ({ context }) => ({ og_scrape_url: context.url, title: `Title of ${context.url}` }),
          }),
        },
      },
    },
    loaded: {},
  },
});

export const fakePoll = setup({
  types: { events: {} as { type: 'test.create' } | { type: 'test.cancel' } },
}).createMachine({
  on: {
    'test.create': { actions: sendParent((): ComposerChildEvent => ({ type: 'poll.created', pollId: 'poll-1' })) },
    'test.cancel': { actions: sendParent((): ComposerChildEvent => ({ type: 'poll.cancelled' })) },
  },
});

/** A composer with fake I/O on the harness's simulated clock; every call and emitted event recorded. */
export function start(input: ComposerInput = {}, options: { failSave?: boolean } = {}) {
  const calls = {
    startTyping: [] as TypingInput[],
    stopTyping: [] as TypingInput[],
    saveDraft: [] as DraftPayload[],
    deleteDraft: [] as DeleteDraftInput[],
  };
  let nextId = 0;
  const machine = composerMachine.provide({
    actors: {
      upload: fakeUpload,
      linkPreview: fakePreview,
      pollComposer: fakePoll,
      typing: composerTypingMachine.provide({
        actors: {
          startTyping: fromPromise<void, TypingInput>(async ({ input }) => void calls.startTyping.push(input)),
          stopTyping: fromPromise<void, TypingInput>(async ({ input }) => void calls.stopTyping.push(input)),
        },
      }),
      draft: composerDraftMachine.provide({
        actors: {
          saveDraft: fromPromise<void, DraftPayload>(async ({ input }) => {
            calls.saveDraft.push(input);
            if (options.failSave) throw new Error('save failed');
          }),
          deleteDraft: fromPromise<void, DeleteDraftInput>(async ({ input }) => void calls.deleteDraft.push(input)),
        },
      }),
    },
  });
  const run = machineTest(machine, {
    input: { newId: () => `id-${++nextId}`, now: () => Date.UTC(2026, 0, 1), deviceId: 'device-1', ...input },
  });
  // composer.sent and composer.edited are all the composer emits.
  const emitted = run.emitted as ComposerEmitted[];
  const snap = () => run.snapshot();
  const type = (text: string, urls?: string[]) => run.send({ type: 'composer.type', text, ...(urls ? { urls } : {}) });
  const child = (id: string) => selectChild(snap(), id) as AnyActorRef;
  /** The draft child's snapshot, and the countdown's seconds left (0 when none runs). */
  const draft = () => selectDraft(snap()).getSnapshot();
  const remaining = () => {
    const countdown = selectCountdown(snap());
    return countdown ? selectRemaining(countdown.getSnapshot()) : 0;
  };
  return { run, calls, emitted, snap, type, child, draft, remaining };
}

export const previewChildren = (snapshot: { children: object }) =>
  Object.keys(snapshot.children).filter((id) => id.startsWith('preview:'));
export const png = (name: string) => ({ file: { name, size: 10, type: 'image/png' }, blob: new Blob(['x']) });
