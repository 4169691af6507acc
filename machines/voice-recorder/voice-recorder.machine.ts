/**
 * Recording one voice message (spec sections 1 and 8). idle → requestingPermission (the capture
 * actor opens the microphone) → recording ⇄ paused → processing (the recorder finishes the file)
 * → preview (listen, then send or discard) → uploading → idle, having emitted `voice.uploaded`
 * with the `voiceRecording` attachment. Anything that goes wrong ends in `failed` with its kind.
 * The elapsed time is the machine's own clock: the time (`now`, injectable) spent recording,
 * counted on a tick every VOICE_TICK_MS and whenever recording pauses or stops (a late tick
 * under load does not lose time); each tick also keeps the microphone's current level as a
 * waveform sample, and recording stops by itself at the maximum duration.
 */
import { assign, emit, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import {
  clamp01,
  durationSeconds,
  MAX_VOICE_DURATION_MS,
  reduceWaveform,
  VOICE_TICK_MS,
  WAVEFORM_BARS,
} from './voice-recorder.rules';
import type {
  CaptureCommand,
  UploadRecordingInput,
  VoiceAttachment,
  VoiceError,
  VoiceRecorderContext,
  VoiceRecorderEmitted,
  VoiceRecorderEvent,
  VoiceRecorderInput,
} from './voice-recorder.types';

export { MAX_VOICE_DURATION_MS, VOICE_TICK_MS, WAVEFORM_BARS } from './voice-recorder.rules';

const fresh = { elapsedMs: 0, countedAt: null, level: 0, samples: [], recording: null, attachment: null, error: null };
const defaultNow = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

const noInput: VoiceRecorderInput = {};

const stopCount = { type: 'count', params: { stop: true } } as const;

export const voiceRecorderMachine = setup({
  types: {
    context: {} as VoiceRecorderContext,
    input: noInput,
    events: {} as VoiceRecorderEvent,
    emitted: {} as VoiceRecorderEmitted,
  },
  actors: {
    capture: fromCallback<CaptureCommand>(({ sendBack }) => {
      sendBack({ type: 'voice.failed', error: { kind: 'unsupported', reason: 'capture not provided' } });
    }),
    uploadRecording: fromPromise<VoiceAttachment, UploadRecordingInput>(() =>
      Promise.reject(new Error('uploadRecording not provided')),
    ),
  },
  delays: { tick: VOICE_TICK_MS },
  guards: {
    reachesMax: ({ context }) => counted(context).elapsedMs >= context.maxDurationMs,
    uploadFailed: ({ context }) => context.error?.kind === 'upload' && context.recording !== null,
  },
  actions: {
    reset: assign(fresh),
    startCounting: assign({ countedAt: ({ context }) => context.now() }),
    /** Adds the time since the last count; `stop` ends the stretch (paused or stopped). */
    count: assign(({ context }, params: { stop: boolean }) => {
      const { elapsedMs, countedAt } = counted(context);
      return { elapsedMs, countedAt: params.stop ? null : countedAt };
    }),
    sample: assign({ samples: ({ context }) => [...context.samples, context.level] }),
    setLevel: assign({ level: (_, params: { level: number }) => clamp01(params.level) }),
    pauseCapture: sendTo('capture', { type: 'capture.pause' } satisfies CaptureCommand),
    resumeCapture: sendTo('capture', { type: 'capture.resume' } satisfies CaptureCommand),
    stopCapture: sendTo('capture', { type: 'capture.stop' } satisfies CaptureCommand),
    keepRecording: assign({
      recording: (_, params: { recording: VoiceRecorderContext['recording'] }) => params.recording,
    }),
    recordError: assign({ error: (_, params: { error: VoiceError }) => params.error }),
    recordUploadError: assign({
      error: (_, params: { error: unknown }): VoiceError => ({ kind: 'upload', reason: reasonOf(params.error) }),
    }),
    clearError: assign({ error: null }),
    announce: emit((_, params: { attachment: VoiceAttachment }) => ({
      type: 'voice.uploaded' as const,
      attachment: params.attachment,
    })),
  },
}).createMachine({
  id: 'voiceRecorder',
  context: ({ input }) => ({
    maxDurationMs: input.maxDurationMs ?? MAX_VOICE_DURATION_MS,
    bars: input.bars ?? WAVEFORM_BARS,
    now: input.now ?? defaultNow,
    ...fresh,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'voice.start': { target: 'capturing', actions: 'reset' } },
    },
    /** The capture actor runs (microphone open) from the permission request until the file is finished. */
    capturing: {
      invoke: { id: 'capture', src: 'capture' },
      initial: 'requestingPermission',
      on: {
        'voice.cancel': { target: 'idle', actions: 'reset' },
        'voice.failed': { target: 'failed', actions: { type: 'recordError', params: ({ event }) => event } },
      },
      states: {
        requestingPermission: {
          on: { 'voice.permitted': { target: 'recording', actions: 'startCounting' } },
        },
        recording: {
          after: {
            tick: [
              { guard: 'reachesMax', target: 'processing', actions: [stopCount, 'sample', 'stopCapture'] },
              { target: 'recording', reenter: true, actions: [{ type: 'count', params: { stop: false } }, 'sample'] },
            ],
          },
          on: {
            'voice.level': { actions: { type: 'setLevel', params: ({ event }) => event } },
            'voice.pause': { target: 'paused', actions: [stopCount, 'pauseCapture'] },
            'voice.stop': { target: 'processing', actions: [stopCount, 'stopCapture'] },
          },
        },
        paused: {
          on: {
            'voice.resume': { target: 'recording', actions: ['startCounting', 'resumeCapture'] },
            'voice.stop': { target: 'processing', actions: 'stopCapture' },
          },
        },
        /** Stopped: waiting for the recorder's file. */
        processing: {
          on: {
            'voice.recorded': {
              target: '#voiceRecorder.preview',
              actions: { type: 'keepRecording', params: ({ event }) => event },
            },
          },
        },
      },
    },
    /** The recording can be listened to, sent or discarded. */
    preview: {
      on: {
        'voice.send': 'uploading',
        'voice.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    uploading: {
      invoke: {
        src: 'uploadRecording',
        input: ({ context }) => ({
          recording: context.recording!,
          duration: durationSeconds(context.elapsedMs),
          waveform: reduceWaveform(context.samples, context.bars),
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'announce', params: ({ event }) => ({ attachment: event.output }) }, 'reset'],
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordUploadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'voice.cancel': { target: 'idle', actions: 'reset' } },
    },
    /** Something went wrong (`error.kind`); retry sends a failed upload again, else records anew. */
    failed: {
      on: {
        'voice.retry': [
          { guard: 'uploadFailed', target: 'uploading', actions: 'clearError' },
          { target: 'capturing', actions: 'reset' },
        ],
        'voice.cancel': { target: 'idle', actions: 'reset' },
      },
    },
  },
});

/** The elapsed time counted up to now (capped at the maximum). */
function counted(context: VoiceRecorderContext): { elapsedMs: number; countedAt: number | null } {
  if (context.countedAt === null) return { elapsedMs: context.elapsedMs, countedAt: null };
  const now = context.now();
  const elapsedMs = Math.min(context.maxDurationMs, context.elapsedMs + Math.max(0, now - context.countedAt));
  return { elapsedMs, countedAt: now };
}

function reasonOf(error: unknown): string {
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message) : '';
  return message.trim().toLowerCase() || 'unknown error';
}

export type VoiceRecorderMachine = typeof voiceRecorderMachine;
