/**
 * One attachment upload (spec section 4, "Attachment upload"): pending → uploading (progress
 * 0..100) → finished or failed; blocked when the input, the channel's `upload-file` capability,
 * the message's slots or the app's upload config forbid it (spec section 5), before any request.
 * A failed upload can be retried; any upload can be removed, which aborts one in flight. The
 * composer spawns one `upload:${localId}` child per file; every state change (and every progress
 * step) is reported to it with `upload.updated`, and removal with `upload.removed`.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { ComposerChildEvent, UploadedAttachment, UploadInput, UploadStatus } from '../shared/composer-children';
import { uploadBlockOf, uploadFailureText } from './upload.rules';
import type { UploadContext, UploadEvent, UploadFileInput } from './upload.types';

export { DEFAULT_UPLOAD_SIZE_LIMIT, MAX_FILES_PER_MESSAGE } from './upload.rules';

const clampPercent = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    input: {} as UploadInput,
    events: {} as UploadEvent,
  },
  actors: {
    uploadFile: fromPromise<UploadedAttachment, UploadFileInput>(() =>
      Promise.reject(new Error('uploadFile not provided')),
    ),
  },
  guards: {
    isBlocked: ({ context }) => uploadBlockOf(context) !== null,
  },
  actions: {
    recordBlock: assign(({ context }) => {
      const block = uploadBlockOf(context);
      return { blockedReason: block?.reason ?? null, error: block?.error ?? null };
    }),
    startAttempt: assign({ progress: 0, error: null, attempts: ({ context }) => context.attempts + 1 }),
    setProgress: assign({
      progress: ({ context }, params: { progress: number }) =>
        Math.max(context.progress, clampPercent(params.progress)),
    }),
    setAttachment: assign({
      attachment: (_, params: { attachment: UploadedAttachment }) => params.attachment,
      progress: 100,
    }),
    recordFailure: assign({
      error: (_, params: { error: unknown }) => uploadFailureText(params.error),
      progress: 0,
    }),
    notifyUpdated: sendParent(({ context }, params: { status: UploadStatus }): ComposerChildEvent => ({
      type: 'upload.updated',
      localId: context.localId,
      status: params.status,
      progress: context.progress,
      ...(context.attachment ? { attachment: context.attachment } : {}),
    })),
    notifyRemoved: sendParent(({ context }): ComposerChildEvent => ({
      type: 'upload.removed',
      localId: context.localId,
    })),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    ...input,
    progress: 0,
    attachment: null,
    blockedReason: null,
    error: null,
    attempts: 0,
  }),
  initial: 'pending',
  on: {
    'upload.remove': '.removed',
  },
  states: {
    /** Checks the rules; left at once (the composer already shows a new file as pending). */
    pending: {
      always: [
        { guard: 'isBlocked', target: 'blocked', actions: 'recordBlock' },
        { target: 'uploading', actions: 'startAttempt' },
      ],
    },
    uploading: {
      entry: { type: 'notifyUpdated', params: { status: 'uploading' } },
      invoke: {
        src: 'uploadFile',
        input: ({ context, self }) => ({
          file: context.file,
          blob: context.blob,
          onProgress: (progress: number) => self.send({ type: 'upload.progressed', progress }),
        }),
        onDone: {
          target: 'finished',
          actions: { type: 'setAttachment', params: ({ event }) => ({ attachment: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'upload.progressed': {
          actions: [
            { type: 'setProgress', params: ({ event }) => ({ progress: event.progress }) },
            { type: 'notifyUpdated', params: { status: 'uploading' } },
          ],
        },
      },
    },
    finished: {
      entry: { type: 'notifyUpdated', params: { status: 'finished' } },
    },
    failed: {
      entry: { type: 'notifyUpdated', params: { status: 'failed' } },
      on: {
        'upload.retry': { target: 'uploading', actions: 'startAttempt' },
      },
    },
    /** Refused before any request; only removal leaves it. */
    blocked: {
      entry: { type: 'notifyUpdated', params: { status: 'blocked' } },
    },
    /** Discarded by the user; leaving `uploading` stops (aborts) the request. */
    removed: {
      type: 'final',
      entry: 'notifyRemoved',
    },
  },
});

export type UploadMachine = typeof uploadMachine;
