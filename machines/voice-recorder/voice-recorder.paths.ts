/** The voice recorder's path model: one recorder at its maximum length from the start, one never. */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { voiceRecorderMachine } from './voice-recorder.machine';
import { selectElapsedMs, selectError, selectRecording } from './voice-recorder.selectors';
import type {
  UploadRecordingInput,
  VoiceAttachment,
  VoiceRecorderContext,
  VoiceRecorderEvent,
} from './voice-recorder.types';

const attachment: VoiceAttachment = {
  type: 'voiceRecording',
  asset_url: 'http://chat.local/uploads/v1.webm',
  title: 'Voice message.webm',
  mime_type: 'audio/webm',
  file_size: 4096,
  duration: 0.3,
  waveform_data: [1],
};

const recorded = { blob: 'bytes', mimeType: 'audio/webm', size: 4096 };

const samples: VoiceRecorderEvent[] = [
  { type: 'voice.start' },
  { type: 'voice.permitted' },
  { type: 'voice.level', level: 0.5 },
  { type: 'voice.pause' },
  { type: 'voice.resume' },
  { type: 'voice.stop' },
  { type: 'voice.recorded', recording: recorded },
  { type: 'voice.failed', error: { kind: 'permissionDenied' } },
  { type: 'voice.send' },
  { type: 'voice.retry' },
  { type: 'voice.cancel' },
];

export const pathModel: PathModel = {
  name: 'voice-recorder',
  machine: voiceRecorderMachine.provide({
    actors: {
      capture: fromCallback(() => undefined),
      uploadRecording: fromPromise<VoiceAttachment, UploadRecordingInput>(() => new Promise(() => {})),
    },
  }),
  // A clock that stands still: the first input is at its maximum at once, the second never.
  inputs: [
    { maxDurationMs: 0, now: () => 0 },
    { maxDurationMs: 1_000, now: () => 0 },
  ],
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.after.')) return [{ type }];
      if (type.startsWith('xstate.done.actor.')) return [{ type, output: attachment }];
      if (type.startsWith('xstate.error.actor.')) return [{ type, error: { message: 'Payload too big' } }];
      return samples.filter((e) => e.type === type);
    }),
  outcomes: {
    // Nothing is kept once discarded, sent or not yet started.
    idle: ({ snapshot }) => ({
      actual: [selectRecording(snapshot), selectError(snapshot), selectElapsedMs(snapshot)],
      expected: [null, null, 0],
    }),
    // Asking again (start or retry) starts from nothing.
    'capturing.requestingPermission': ({ snapshot }) => ({
      actual: [selectRecording(snapshot), selectError(snapshot), selectElapsedMs(snapshot)],
      expected: [null, null, 0],
    }),
    // While capturing there is no file yet, no error, and time never runs backwards.
    capturing: ({ snapshot, before }) => ({
      actual: [selectRecording(snapshot), selectError(snapshot), selectElapsedMs(snapshot) >= selectElapsedMs(before)],
      expected: [null, null, true],
    }),
    preview: ({ snapshot }) => ({
      actual: [selectRecording(snapshot), selectError(snapshot)],
      expected: [recorded, null],
    }),
    uploading: ({ snapshot }) => ({
      actual: [selectRecording(snapshot), selectError(snapshot)],
      expected: [recorded, null],
    }),
    // A capture failure keeps its kind and no file; a failed upload keeps the file to try again.
    failed: ({ snapshot, event }) =>
      event?.type === 'voice.failed'
        ? { actual: [selectError(snapshot), selectRecording(snapshot)], expected: [event.error, null] }
        : {
            actual: [selectError(snapshot), selectRecording(snapshot)],
            expected: [{ kind: 'upload', reason: 'payload too big' }, recorded], // the reason lowercased (spec §8)
          },
  },
  serializeState: (snapshot) => {
    const context = snapshot.context as VoiceRecorderContext;
    return JSON.stringify({
      value: snapshot.value as unknown,
      elapsed: context.elapsedMs,
      level: context.level > 0,
      recording: context.recording !== null,
      error: context.error?.kind ?? null,
    });
  },
};
