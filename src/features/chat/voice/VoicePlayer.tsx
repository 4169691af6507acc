/**
 * Plays a voice message: play/pause, the waveform as a seek slider (click or arrow keys), the
 * time played and the total, and a speed button cycling 1×, 1.5×, 2×. The spec's playback,
 * unsupported-format and seek errors are shown under it (decision 0023).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { clockText, reduceWaveform } from '../../../../machines/voice-recorder/voice-recorder.rules';
import { Waveform } from './Waveform';
import { PauseIcon, PlayIcon } from './voice-icons';

/** Playback speeds the speed button cycles through. */
export const PLAYBACK_RATES = [1, 1.5, 2] as const;
/** Bars the player draws (the message's waveform, reduced to fit a phone's width). */
export const PLAYER_BARS = 40;
/** Arrow keys move by this many seconds (Page Up/Down by ten times as much). */
export const SEEK_STEP_SECONDS = 1;

/** MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED: the browser cannot decode the file. */
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

export type PlayerError = 'playback' | 'unsupportedFormat' | 'seek';

export interface VoicePlayerProps {
  src: string;
  mimeType?: string;
  /** Seconds, from the attachment (WebM from MediaRecorder does not say its own duration). */
  duration?: number;
  waveform?: readonly number[];
}

const finite = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

export function VoicePlayer({ src, mimeType, duration, waveform }: VoicePlayerProps) {
  const { t } = useTranslation();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(0);
  const [rate, setRate] = useState<number>(1);
  const [error, setError] = useState<PlayerError | null>(() =>
    mimeType && typeof document !== 'undefined' && document.createElement('audio').canPlayType(mimeType) === ''
      ? 'unsupportedFormat'
      : null,
  );
  const total = finite(mediaDuration) || finite(duration ?? 0);
  const bars = useMemo(() => reduceWaveform(waveform ?? [], PLAYER_BARS), [waveform]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.playbackRate = rate;
  }, [rate]);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio || error === 'unsupportedFormat') return;
    if (!audio.paused) return audio.pause();
    setError(null);
    audio.play().catch((reason: unknown) => {
      const name = reason && typeof reason === 'object' && 'name' in reason ? String(reason.name) : '';
      if (name === 'AbortError') return;
      setError(name === 'NotSupportedError' ? 'unsupportedFormat' : 'playback');
    });
  };

  const seek = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio || total === 0) return;
    const target = Math.min(total, Math.max(0, seconds));
    try {
      audio.currentTime = target;
      setCurrent(target);
      if (error === 'seek') setError(null);
    } catch {
      setError('seek');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: SEEK_STEP_SECONDS,
      ArrowUp: SEEK_STEP_SECONDS,
      ArrowLeft: -SEEK_STEP_SECONDS,
      ArrowDown: -SEEK_STEP_SECONDS,
      PageUp: SEEK_STEP_SECONDS * 10,
      PageDown: -SEEK_STEP_SECONDS * 10,
    };
    if (event.key === 'Home') seek(0);
    else if (event.key === 'End') seek(total);
    else if (event.key in steps) seek(current + steps[event.key]!);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) seek(((event.clientX - box.left) / box.width) * total);
  };

  const nextRate = () => setRate((r) => PLAYBACK_RATES[(PLAYBACK_RATES.indexOf(r as 1) + 1) % PLAYBACK_RATES.length]!);
  const position = t('chat.voice.position', { current: clockText(current), total: clockText(total) });

  return (
    <div className="voice-player" data-part="voice-player" data-state={error ?? (playing ? 'playing' : 'paused')}>
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => setMediaDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setMediaDuration(event.currentTarget.duration)}
        onError={(event) => {
          const code = event.currentTarget.error?.code;
          setError(code === MEDIA_ERR_SRC_NOT_SUPPORTED ? 'unsupportedFormat' : 'playback');
          setPlaying(false);
        }}
      />
      <button
        type="button"
        className="voice-round-button"
        data-part="voice-play"
        aria-label={playing ? t('chat.voice.pausePlayback') : t('chat.voice.play')}
        aria-disabled={error === 'unsupportedFormat' || undefined}
        onClick={toggle}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <div
        className="voice-seek"
        role="slider"
        tabIndex={0}
        data-part="voice-seek"
        aria-label={t('chat.voice.seek')}
        aria-valuemin={0}
        aria-valuemax={Math.round(total * 10) / 10}
        aria-valuenow={Math.round(current * 10) / 10}
        aria-valuetext={position}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
      >
        <Waveform levels={bars} progress={total > 0 ? current / total : 0} />
      </div>
      <span className="voice-time" data-part="voice-time" aria-hidden="true">
        {clockText(current)} / {clockText(total)}
      </span>
      <button
        type="button"
        className="voice-speed"
        data-part="voice-speed"
        aria-label={t('chat.voice.speed', { rate: String(rate) })}
        onClick={nextRate}
      >
        {rate}×
      </button>
      {error && (
        <p className="voice-error" role="alert" data-part="voice-player-error">
          {error === 'unsupportedFormat'
            ? t('chat.voice.errors.unsupportedFormat', { type: mimeType ?? '' })
            : t(`chat.voice.errors.${error}`)}
        </p>
      )}
    </div>
  );
}
