/**
 * The voice recorder's real I/O: the microphone (`getUserMedia`), a MediaRecorder in the first
 * format the browser supports (Opus in WebM or Ogg, else MP4/AAC), an AnalyserNode whose level
 * (RMS of the waveform) is reported every LEVEL_INTERVAL_MS, and the upload of the finished file
 * with `channel.sendFile` (POST /channels/{type}/{id}/file) as a `voiceRecording` attachment.
 */
import type { Channel } from 'stream-chat';
import { fromCallback, fromPromise } from 'xstate';
import type {
  CaptureCommand,
  UploadRecordingInput,
  VoiceAttachment,
  VoiceErrorKind,
  VoiceRecorderEvent,
} from '../../../machines/voice-recorder/voice-recorder.types';
import { chatFailureOf, uploadableOf } from './upload-actors';

/** Recording formats, best first (Chromium and Firefox take the first, Safari the MP4 one). */
export const VOICE_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];
/** How often the microphone's level is read. */
export const LEVEL_INTERVAL_MS = 50;
/** The level is the signal's RMS times this (speech rarely exceeds an RMS of 0.3), capped at 1. */
const LEVEL_GAIN = 3;

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a' };

/** The first of VOICE_MIME_TYPES this browser records, or null. */
export function recordingMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return VOICE_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/** `audio/webm;codecs=opus` → `audio/webm`. */
export const baseMimeType = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/** What a getUserMedia or MediaRecorder failure means for the member. */
export function startFailureKind(error: unknown): VoiceErrorKind {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'permissionDenied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noMicrophone';
  if (name === 'NotSupportedError') return 'unsupported';
  return 'recordingStart';
}

function levelOf(analyser: AnalyserNode, buffer: Float32Array<ArrayBuffer>): number {
  analyser.getFloatTimeDomainData(buffer);
  let sum = 0;
  for (const value of buffer) sum += value * value;
  return Math.min(1, Math.sqrt(sum / buffer.length) * LEVEL_GAIN);
}

/** The microphone, from permission to the finished file; told to pause, resume and stop. */
const capture = fromCallback<CaptureCommand>(({ sendBack, receive }) => {
  const send = (event: VoiceRecorderEvent) => sendBack(event);
  let closed = false;
  let stream: MediaStream | null = null;
  let recorder: MediaRecorder | null = null;
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const mimeType = recordingMimeType();

  const release = () => {
    clearInterval(timer);
    stream?.getTracks().forEach((track) => track.stop());
    void context?.close().catch(() => undefined);
    context = null;
  };

  if (!mimeType || !navigator.mediaDevices?.getUserMedia) {
    send({ type: 'voice.failed', error: { kind: 'unsupported', reason: 'MediaRecorder or getUserMedia missing' } });
  } else {
    navigator.mediaDevices.getUserMedia({ audio: true }).then(
      (opened) => {
        stream = opened;
        if (closed) return release();
        try {
          const chunks: Blob[] = [];
          const active = new MediaRecorder(opened, { mimeType });
          recorder = active;
          active.ondataavailable = (event) => {
            if (event.data.size > 0) chunks.push(event.data);
          };
          active.onstop = () => {
            release();
            const type = baseMimeType(active.mimeType || mimeType);
            const blob = new Blob(chunks, { type });
            if (blob.size === 0)
              send({ type: 'voice.failed', error: { kind: 'processing', reason: 'empty recording' } });
            else send({ type: 'voice.recorded', recording: { blob, mimeType: type, size: blob.size } });
          };
          active.onerror = () =>
            send({ type: 'voice.failed', error: { kind: 'processing', reason: 'recorder error' } });
          context = new AudioContext();
          const analyser = context.createAnalyser();
          analyser.fftSize = 1024;
          context.createMediaStreamSource(opened).connect(analyser);
          const buffer = new Float32Array(analyser.fftSize);
          timer = setInterval(() => {
            if (active.state === 'recording') send({ type: 'voice.level', level: levelOf(analyser, buffer) });
          }, LEVEL_INTERVAL_MS);
          active.start(1_000);
          send({ type: 'voice.permitted' });
        } catch (error) {
          release();
          send({ type: 'voice.failed', error: { kind: startFailureKind(error), reason: String(error) } });
        }
      },
      (error: unknown) =>
        send({ type: 'voice.failed', error: { kind: startFailureKind(error), reason: String(error) } }),
    );
  }

  receive((command) => {
    if (!recorder || recorder.state === 'inactive') return;
    if (command.type === 'capture.pause' && recorder.state === 'recording') recorder.pause();
    else if (command.type === 'capture.resume' && recorder.state === 'paused') recorder.resume();
    else if (command.type === 'capture.stop') recorder.stop();
  });

  return () => {
    closed = true;
    if (recorder && recorder.state !== 'inactive') {
      recorder.onstop = null;
      recorder.stop();
    }
    release();
  };
});

/** `voice-message-2026-11-27-0812.webm`: the file's name, local time. */
function fileNameOf(mimeType: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  return `voice-message-${stamp}.${EXTENSIONS[mimeType] ?? 'webm'}`;
}

/** `machine.provide({ actors: createVoiceRecorderActors(channel) })`. */
export function createVoiceRecorderActors(channel: Channel, now: () => Date = () => new Date()) {
  return {
    capture,
    uploadRecording: fromPromise<VoiceAttachment, UploadRecordingInput>(async ({ input, signal }) => {
      const { recording } = input;
      const title = fileNameOf(recording.mimeType, now());
      try {
        const source = await uploadableOf(recording.blob);
        const { file } = await channel.sendFile(source, title, recording.mimeType, undefined, { signal });
        return {
          type: 'voiceRecording',
          asset_url: file,
          title,
          mime_type: recording.mimeType,
          file_size: recording.size,
          duration: input.duration,
          waveform_data: input.waveform,
        };
      } catch (error) {
        throw chatFailureOf(error);
      }
    }),
  };
}
