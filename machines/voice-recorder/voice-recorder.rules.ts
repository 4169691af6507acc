/** The voice recorder's settings and pure rules (waveform reduction, durations). */

/** Longest voice message: recording stops by itself after 5 minutes. */
export const MAX_VOICE_DURATION_MS = 5 * 60_000;
/** The machine's clock: elapsed time and one waveform sample per tick. */
export const VOICE_TICK_MS = 100;
/** Bars in a sent waveform (stream-chat's players draw about as many). */
export const WAVEFORM_BARS = 100;

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/**
 * `samples` reduced to `bars` values in 0..1: each bar is the loudest sample of its share of the
 * recording (so a short word is not averaged away), then all are scaled so the loudest bar is 1.
 * Fewer samples than bars are spread over the bars; no samples give silence.
 */
export function reduceWaveform(samples: readonly number[], bars: number): number[] {
  if (bars <= 0) return [];
  if (samples.length === 0) return Array.from({ length: bars }, () => 0);
  const out: number[] = [];
  for (let i = 0; i < bars; i += 1) {
    const from = Math.floor((i * samples.length) / bars);
    const to = Math.max(from + 1, Math.floor(((i + 1) * samples.length) / bars));
    let peak = 0;
    for (let j = from; j < to && j < samples.length; j += 1) peak = Math.max(peak, clamp01(samples[j]!));
    out.push(peak);
  }
  const loudest = Math.max(...out);
  return loudest > 0 ? out.map((v) => Math.round((v / loudest) * 1000) / 1000) : out;
}

/** Milliseconds as the attachment's `duration`: seconds with one decimal. */
export const durationSeconds = (ms: number) => Math.round(ms / 100) / 10;

/** `m:ss` for a time in seconds (the recorder's timer and the player); shared with the chat's lists. */
export { clockText } from '../shared/clock-text';

export { clamp01 };
