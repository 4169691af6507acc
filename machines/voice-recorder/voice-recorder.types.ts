/** The voice recorder statechart's types (spec sections 1, 4 and 8: voice messages). */

/**
 * Why recording or sending stopped: the microphone was refused, there is none, the browser cannot
 * record (no MediaRecorder, or none of its formats), starting failed otherwise, the recorded
 * audio could not be finished (processing), or the upload failed.
 */
export type VoiceErrorKind =
  'permissionDenied' | 'noMicrophone' | 'unsupported' | 'recordingStart' | 'processing' | 'upload';

export interface VoiceError {
  kind: VoiceErrorKind;
  /** The service's or browser's message, for `upload` (shown lowercased) and in logs. */
  reason?: string;
}

/** The recorded audio as the capture actor hands it over. */
export interface VoiceRecording {
  /** The audio (a Blob in the browser); opaque to the machine. */
  blob: unknown;
  /** The recorder's MIME type without parameters, e.g. `audio/webm`. */
  mimeType: string;
  /** Bytes. */
  size: number;
}

/** The `voiceRecording` attachment the service stores (stream-chat's VoiceRecordingAttachment). */
export interface VoiceAttachment {
  type: 'voiceRecording';
  asset_url: string;
  title: string;
  mime_type: string;
  file_size: number;
  /** Seconds, one decimal. */
  duration: number;
  /** Amplitudes in 0..1, one per bar. */
  waveform_data: number[];
}

export interface VoiceRecorderInput {
  /** Recording stops by itself at this length (default MAX_VOICE_DURATION_MS). */
  maxDurationMs?: number;
  /** Bars of the sent waveform (default WAVEFORM_BARS). */
  bars?: number;
  /** The clock's time in milliseconds (default `performance.now`, else `Date.now`). */
  now?: () => number;
}

export interface VoiceRecorderContext {
  maxDurationMs: number;
  bars: number;
  now: () => number;
  /** Recorded time, counted by the machine's own clock while recording (not while paused). */
  elapsedMs: number;
  /** `now()` when the current stretch of recording began (or was last counted); null when not recording. */
  countedAt: number | null;
  /** The latest microphone level in 0..1 (the capture actor reports it). */
  level: number;
  /** One level per clock tick while recording. */
  samples: number[];
  recording: VoiceRecording | null;
  attachment: VoiceAttachment | null;
  error: VoiceError | null;
}

/** What the `uploadRecording` actor is given. */
export interface UploadRecordingInput {
  recording: VoiceRecording;
  /** Seconds, one decimal. */
  duration: number;
  waveform: number[];
}

/** What the parent tells the running `capture` actor. */
export type CaptureCommand = { type: 'capture.pause' } | { type: 'capture.resume' } | { type: 'capture.stop' };

export type VoiceRecorderEvent =
  | { type: 'voice.start' }
  | { type: 'voice.pause' }
  | { type: 'voice.resume' }
  | { type: 'voice.stop' }
  | { type: 'voice.send' }
  | { type: 'voice.cancel' }
  | { type: 'voice.retry' }
  /** From the capture actor: the microphone is open and recording has begun. */
  | { type: 'voice.permitted' }
  /** From the capture actor: the current level, 0..1. */
  | { type: 'voice.level'; level: number }
  /** From the capture actor, after `capture.stop`: the finished audio. */
  | { type: 'voice.recorded'; recording: VoiceRecording }
  /** From the capture actor: it could not start or finish. */
  | { type: 'voice.failed'; error: VoiceError };

/** Emitted once the recording is uploaded: the app sends the message with this attachment. */
export type VoiceRecorderEmitted = { type: 'voice.uploaded'; attachment: VoiceAttachment };
