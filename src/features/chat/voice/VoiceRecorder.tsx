/**
 * The voice recorder in place of the composer's text row (decision 0023), over the
 * voice-recorder machine with the real microphone: while recording, the timer and the live
 * waveform with pause/resume, stop, discard and send; then a preview to listen to before sending.
 * A sent recording goes to the outbox as a message with its `voiceRecording` attachment, like any
 * message the composer hands over. Escape discards it and gives the focus back.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { voiceRecorderMachine } from '../../../../machines/voice-recorder/voice-recorder.machine';
import { clockText } from '../../../../machines/voice-recorder/voice-recorder.rules';
import {
  selectDuration,
  selectElapsedMs,
  selectError,
  selectMaxDurationMs,
  selectRecording,
  selectVoiceState,
  selectWaveform,
} from '../../../../machines/voice-recorder/voice-recorder.selectors';
import { useTranslation } from '../../../i18n/use-translation';
import { createVoiceRecorderActors } from '../../../lib/actors/voice-recorder-actors';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
import { LiveLevels } from './LiveLevels';
import { VoicePlayer } from './VoicePlayer';
import { PauseIcon, RecordIcon, StopIcon, TrashIcon } from './voice-icons';
import './voice.css';

const SendIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="icon">
    <path d="M3 20.5 21 12 3 3.5V10l12 2-12 2v6.5Z" fill="currentColor" />
  </svg>
);

export function VoiceRecorder({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { outbox } = useChatWorkspace();
  const { channel, threadId } = useOpenChannel();
  const machine = useMemo(
    () => voiceRecorderMachine.provide({ actors: createVoiceRecorderActors(channel) }),
    [channel],
  );
  const recorder = useActorRef(machine, { input: {} });
  const state = useSelector(recorder, selectVoiceState);
  const elapsed = useSelector(recorder, selectElapsedMs);
  const max = useSelector(recorder, selectMaxDurationMs);
  const error = useSelector(recorder, selectError);
  const recording = useSelector(recorder, selectRecording);
  const sendWhenReady = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const started = useRef(false);

  useEffect(() => {
    const subscription = recorder.on('voice.uploaded', ({ attachment }) => {
      outbox.send({
        type: 'outbox.send',
        message: {
          id: crypto.randomUUID(),
          attachments: [attachment],
          ...(threadId ? { parent_id: threadId } : {}),
          cid: channel.cid,
          createdAt: new Date().toISOString(),
        },
      });
    });
    if (!started.current) {
      started.current = true;
      recorder.send({ type: 'voice.start' });
    }
    return () => subscription.unsubscribe();
  }, [recorder, outbox, channel, threadId]);

  // Back to idle (sent or discarded) after having left it: the text row returns.
  const leftIdle = useRef(false);
  useEffect(() => {
    if (state !== 'idle') leftIdle.current = true;
    else if (leftIdle.current) onClose();
  }, [state, onClose]);

  // "Send" while recording stops first and sends once the file is ready.
  useEffect(() => {
    if (state === 'preview' && sendWhenReady.current) {
      sendWhenReady.current = false;
      recorder.send({ type: 'voice.send' });
    }
    if (state === 'failed') sendWhenReady.current = false;
  }, [state, recorder]);

  // Keep the focus inside the recorder as its controls change.
  useEffect(() => {
    const root = rootRef.current;
    if (root && !root.contains(document.activeElement)) root.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [state]);

  const previewUrl = useMemo(
    () => (recording?.blob instanceof Blob ? URL.createObjectURL(recording.blob) : null),
    [recording],
  );
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const cancel = () => recorder.send({ type: 'voice.cancel' });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    cancel();
  };
  const send = () => {
    if (state === 'preview') recorder.send({ type: 'voice.send' });
    else {
      sendWhenReady.current = true;
      recorder.send({ type: 'voice.stop' });
    }
  };

  const capturing = state === 'recording' || state === 'paused';
  const status =
    state === 'requestingPermission'
      ? t('chat.voice.requesting')
      : state === 'processing'
        ? t('chat.voice.processing')
        : state === 'uploading'
          ? t('chat.voice.uploading')
          : null;

  return (
    <div
      ref={rootRef}
      className="voice-recorder"
      role="group"
      aria-label={t('chat.voice.recorder')}
      data-part="voice-recorder"
      data-state={state}
      onKeyDown={onKeyDown}
    >
      <IconButton part="voice-cancel" label={t('chat.voice.cancel')} onClick={cancel}>
        <TrashIcon />
      </IconButton>
      <div className="voice-recorder-body">
        {capturing && (
          <>
            <span className="voice-dot" data-paused={state === 'paused' || undefined} aria-hidden="true" />
            <span
              className="voice-timer"
              data-part="voice-timer"
              role="timer"
              aria-label={t('chat.voice.timer', { elapsed: clockText(elapsed / 1000), max: clockText(max / 1000) })}
            >
              {clockText(elapsed / 1000)}
            </span>
            <LiveLevels recorder={recorder} />
            <span className="visually-hidden" role="status">
              {state === 'paused' ? t('chat.voice.paused') : t('chat.voice.recording')}
            </span>
          </>
        )}
        {state === 'preview' && previewUrl && recording && (
          <PreviewPlayer recorder={recorder} src={previewUrl} mimeType={recording.mimeType} />
        )}
        {status && (
          <span className="voice-status" role="status">
            {status}
          </span>
        )}
        {state === 'failed' && error && (
          <p className="voice-error" role="alert" data-part="voice-recorder-error">
            {t(`chat.voice.errors.${error.kind}`, { reason: error.reason ?? '' })}
          </p>
        )}
      </div>
      {state === 'recording' && (
        <IconButton
          part="voice-pause"
          label={t('chat.voice.pause')}
          autofocus
          onClick={() => recorder.send({ type: 'voice.pause' })}
        >
          <PauseIcon />
        </IconButton>
      )}
      {state === 'paused' && (
        <IconButton
          part="voice-resume"
          label={t('chat.voice.resume')}
          autofocus
          onClick={() => recorder.send({ type: 'voice.resume' })}
        >
          <RecordIcon />
        </IconButton>
      )}
      {capturing && (
        <IconButton
          part="voice-stop"
          label={t('chat.voice.stop')}
          onClick={() => recorder.send({ type: 'voice.stop' })}
        >
          <StopIcon />
        </IconButton>
      )}
      {state === 'failed' && (
        <button
          type="button"
          className="composer-text-button"
          data-part="voice-retry"
          data-autofocus
          onClick={() => recorder.send({ type: 'voice.retry' })}
        >
          {t('chat.voice.retry')}
        </button>
      )}
      {(capturing || state === 'preview') && (
        <button
          type="button"
          className="composer-send"
          data-part="voice-send"
          data-autofocus={state === 'preview' || undefined}
          aria-label={t('chat.voice.send')}
          title={t('chat.voice.send')}
          onClick={send}
        >
          <SendIcon />
        </button>
      )}
    </div>
  );
}

interface IconButtonProps {
  part: string;
  label: string;
  /** Takes the focus when the recorder's controls change. */
  autofocus?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function IconButton({ part, label, autofocus, onClick, children }: IconButtonProps) {
  return (
    <button
      type="button"
      className="composer-icon-button"
      data-part={part}
      data-autofocus={autofocus || undefined}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

type Recorder = ReturnType<typeof useActorRef<typeof voiceRecorderMachine>>;

function PreviewPlayer({ recorder, src, mimeType }: { recorder: Recorder; src: string; mimeType: string }) {
  const waveform = useSelector(
    recorder,
    selectWaveform,
    (a, b) => a.length === b.length && a.every((v, i) => v === b[i]),
  );
  const duration = useSelector(recorder, selectDuration);
  return <VoicePlayer src={src} mimeType={mimeType} duration={duration} waveform={waveform} />;
}

export default VoiceRecorder;
