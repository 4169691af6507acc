/** The live waveform while recording: the latest levels, newest on the right. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { voiceRecorderMachine } from '../../../../machines/voice-recorder/voice-recorder.machine';
import { selectRecentLevels } from '../../../../machines/voice-recorder/voice-recorder.selectors';
import { Waveform } from './Waveform';

/** Bars of the live waveform (one per clock tick: the last LIVE_BARS × 100 ms). */
export const LIVE_BARS = 48;

const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export function LiveLevels({ recorder }: { recorder: ActorRefFrom<typeof voiceRecorderMachine> }) {
  const levels = useSelector(recorder, (s) => selectRecentLevels(s, LIVE_BARS), same);
  const padded = [...Array.from({ length: LIVE_BARS - levels.length }, () => 0), ...levels];
  return (
    <span className="voice-live" data-part="voice-levels">
      <Waveform levels={padded} />
    </span>
  );
}
