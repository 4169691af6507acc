/** The upload machine's path model: one upload the rules let through, one they block. */
import { fromPromise, type AnyEventObject } from 'xstate';
import type { UploadedAttachment, UploadInput } from '../shared/composer-children';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { uploadMachine } from './upload.machine';
import {
  selectAttachment,
  selectBlockedNotice,
  selectBlockedReason,
  selectCanRetry,
  selectProgress,
  selectUploadError,
  selectUploadStatus,
} from './upload.selectors';
import type { UploadContext, UploadEvent, UploadFileInput } from './upload.types';

const limits = {
  allowedFileExtensions: [],
  blockedFileExtensions: ['.exe'],
  allowedMimeTypes: [],
  blockedMimeTypes: [],
  sizeLimit: 0,
};
const allowed: UploadInput = {
  localId: 'a1',
  file: { name: 'lineup.pdf', size: 2048, type: 'application/pdf' },
  blob: 'bytes',
  limits,
  canUploadFile: true,
  slotsLeft: 10,
};
const blocked: UploadInput = { ...allowed, file: { name: 'setup.exe', size: 2048, type: '' } };

const attachment: UploadedAttachment = {
  type: 'file',
  asset_url: 'http://chat.local/uploads/a1.pdf',
  title: 'lineup.pdf',
  mime_type: 'application/pdf',
  file_size: 2048,
};

const samples: UploadEvent[] = [
  { type: 'upload.progressed', progress: 50 },
  { type: 'upload.retry' },
  { type: 'upload.remove' },
];

type Snapshot = Parameters<typeof selectProgress>[0];
const attemptsOf = (s: Snapshot) => s.context.attempts;

export const pathModel: PathModel = {
  name: 'upload',
  // Alone, an upload has no composer to tell; the path test stands in for it.
  machine: uploadMachine.provide({
    actors: { uploadFile: fromPromise<UploadedAttachment, UploadFileInput>(() => new Promise(() => {})) },
    actions: { notifyUpdated: () => undefined, notifyRemoved: () => undefined },
  }),
  inputs: [allowed, blocked],
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.done.actor.')) return [{ type, output: attachment }];
      if (type.startsWith('xstate.error.actor.')) return [{ type, error: { message: 'Payload too big' } }];
      return samples.filter((e) => e.type === type);
    }),
  // Progress and attempts count up; a bucket of each keeps the graph finite.
  serializeState: (snapshot) => {
    const context = snapshot.context as UploadContext;
    return JSON.stringify({
      value: snapshot.value as string,
      file: context.file.name,
      progress: context.progress > 0,
      attempts: Math.min(context.attempts, 2),
    });
  },
  outcomes: {
    // Progress only climbs within an attempt; a new attempt (first or retry) starts at 0 with no error.
    uploading: ({ snapshot, before, event }) => {
      const [s, b] = [snapshot as Snapshot, before as Snapshot];
      const progressed = event?.type === 'upload.progressed';
      return {
        actual: [selectUploadError(s), selectProgress(s), attemptsOf(s)],
        expected: [
          null,
          progressed ? Math.max(50, selectProgress(b)) : 0,
          progressed ? attemptsOf(b) : attemptsOf(b) + 1,
        ],
      };
    },
    finished: ({ snapshot }) => ({
      actual: [
        selectAttachment(snapshot as Snapshot),
        selectProgress(snapshot as Snapshot),
        selectUploadError(snapshot as Snapshot),
      ],
      expected: [attachment, 100, null],
    }),
    // The reason lowercased; progress back to 0, and a retry offered.
    failed: ({ snapshot }) => ({
      actual: [
        selectUploadError(snapshot as Snapshot),
        selectProgress(snapshot as Snapshot),
        selectCanRetry(snapshot as Snapshot),
      ],
      expected: [{ key: 'chat.upload.failed', values: { reason: 'payload too big' } }, 0, true],
    }),
    // Refused before any request, with the file-type notice, and no retry.
    blocked: ({ snapshot }) => ({
      actual: [
        selectBlockedReason(snapshot as Snapshot),
        selectBlockedNotice(snapshot as Snapshot),
        attemptsOf(snapshot as Snapshot),
        selectCanRetry(snapshot as Snapshot),
      ],
      expected: ['blocked_file_extensions', { key: 'chat.upload.blockedFileType' }, 0, false],
    }),
    removed: ({ snapshot, before }) => ({
      actual: [selectUploadStatus(snapshot as Snapshot), snapshot.status, selectAttachment(snapshot as Snapshot)],
      expected: ['removed', 'done', selectAttachment(before as Snapshot)],
    }),
  },
};
