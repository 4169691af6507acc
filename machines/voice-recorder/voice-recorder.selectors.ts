import type { SnapshotFrom } from 'xstate';
import type { VoiceRecorderMachine } from './voice-recorder.machine';
import { keyedByWith } from '../shared/memo';
import { durationSeconds, reduceWaveform } from './voice-recorder.rules';
import type { VoiceError } from './voice-recorder.types';

type Snapshot = SnapshotFrom<VoiceRecorderMachine>;

export type VoiceRecorderState =
  'idle' | 'requestingPermission' | 'recording' | 'paused' | 'processing' | 'preview' | 'uploading' | 'failed';

/** The one state that is true, flattened (`capturing.recording` → `recording`). */
export function selectVoiceState(snapshot: Snapshot): VoiceRecorderState {
  const value = snapshot.value;
  return typeof value === 'string' ? value : value.capturing;
}

export const selectElapsedMs = (snapshot: Snapshot): number => snapshot.context.elapsedMs;
export const selectMaxDurationMs = (snapshot: Snapshot): number => snapshot.context.maxDurationMs;
export const selectError = (snapshot: Snapshot): VoiceError | null => snapshot.context.error;
export const selectRecording = (snapshot: Snapshot) => snapshot.context.recording;
// Kept per samples array: a snapshot whose samples did not change gives the same list.
const recent = keyedByWith((samples: number[], count: number) => samples.slice(-count));
const waveform = keyedByWith((samples: number[], bars: number) => reduceWaveform(samples, bars));
/** The last `count` samples (the live waveform while recording), oldest first. */
export const selectRecentLevels = (snapshot: Snapshot, count: number): number[] =>
  recent(snapshot.context.samples, count);
/** The waveform the message will carry. */
export const selectWaveform = (snapshot: Snapshot): number[] =>
  waveform(snapshot.context.samples, snapshot.context.bars);
/** The duration the message will carry, in seconds. */
export const selectDuration = (snapshot: Snapshot): number => durationSeconds(snapshot.context.elapsedMs);
