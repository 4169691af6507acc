/** Waveform bars (levels 0..1); bars before `progress` (0..1) are drawn as played. */
import { memo } from 'react';

/** A recording without waveform data still shows this many flat bars. */
const EMPTY_BARS = 40;
/** The shortest bar, so silence is still visible. */
const MIN_BAR = 0.08;

export const Waveform = memo(function Waveform({
  levels,
  progress = 0,
}: {
  levels: readonly number[];
  progress?: number;
}) {
  const bars = levels.length > 0 ? levels : Array.from({ length: EMPTY_BARS }, () => 0);
  const played = Math.round(progress * bars.length);
  return (
    <span className="voice-waveform" aria-hidden="true">
      {bars.map((level, i) => (
        <span
          key={i}
          className="voice-bar"
          data-played={i < played || undefined}
          style={{ height: `${Math.round(Math.max(MIN_BAR, Math.min(1, Number(level) || 0)) * 100)}%` }}
        />
      ))}
    </span>
  );
});
