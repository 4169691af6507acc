import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import { voiceRecorderMachine, VOICE_TICK_MS } from './voice-recorder.machine';
import { clockText, durationSeconds, reduceWaveform } from './voice-recorder.rules';
import {
  selectDuration,
  selectElapsedMs,
  selectError,
  selectRecentLevels,
  selectVoiceState,
  selectWaveform,
} from './voice-recorder.selectors';
import type { CaptureCommand, UploadRecordingInput, VoiceAttachment, VoiceRecorderEvent } from './voice-recorder.types';

const recording = { blob: 'bytes', mimeType: 'audio/webm', size: 2048 };

/** A recorder on a simulated clock whose capture actor records the commands it gets. */
function start(maxDurationMs = 1_000) {
  const clock = new SimulatedClock();
  const commands: string[] = [];
  let toMachine: ((event: AnyEventObject) => void) | null = null;
  const uploads: {
    input: UploadRecordingInput;
    resolve: (a: VoiceAttachment) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const machine = voiceRecorderMachine.provide({
    actors: {
      capture: fromCallback<CaptureCommand>(({ sendBack, receive }) => {
        toMachine = sendBack;
        commands.push('open');
        receive((command) => commands.push(command.type));
        return () => commands.push('close');
      }),
      uploadRecording: fromPromise<VoiceAttachment, UploadRecordingInput>(
        ({ input }) => new Promise((resolve, reject) => uploads.push({ input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input: { maxDurationMs, bars: 4, now: () => clock.now() }, clock }).start();
  const fromCapture = (event: VoiceRecorderEvent) => toMachine!(event);
  const state = () => selectVoiceState(actor.getSnapshot());
  return { actor, clock, commands, uploads, fromCapture, state };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('voice recorder machine', () => {
  it('asks for the microphone, counts time only while recording, and collects one sample per tick', () => {
    const { actor, clock, commands, fromCapture, state } = start();
    expect(state()).toBe('idle');
    actor.send({ type: 'voice.start' });
    expect(state()).toBe('requestingPermission');
    expect(commands).toEqual(['open']);
    clock.increment(VOICE_TICK_MS * 3);
    expect(selectElapsedMs(actor.getSnapshot())).toBe(0);

    fromCapture({ type: 'voice.permitted' });
    expect(state()).toBe('recording');
    fromCapture({ type: 'voice.level', level: 0.4 });
    clock.increment(VOICE_TICK_MS);
    fromCapture({ type: 'voice.level', level: 1.7 });
    clock.increment(VOICE_TICK_MS);
    expect(selectElapsedMs(actor.getSnapshot())).toBe(200);
    expect(selectRecentLevels(actor.getSnapshot(), 5)).toEqual([0.4, 1]);
    // A level between ticks changes no sample: the same lists, nothing to re-render.
    const [levels, bars] = [selectRecentLevels(actor.getSnapshot(), 5), selectWaveform(actor.getSnapshot())];
    fromCapture({ type: 'voice.level', level: 0.2 });
    expect(selectRecentLevels(actor.getSnapshot(), 5)).toBe(levels);
    expect(selectWaveform(actor.getSnapshot())).toBe(bars);

    actor.send({ type: 'voice.pause' });
    expect(state()).toBe('paused');
    clock.increment(VOICE_TICK_MS * 5);
    expect(selectElapsedMs(actor.getSnapshot())).toBe(200);
    actor.send({ type: 'voice.resume' });
    clock.increment(VOICE_TICK_MS);
    expect(selectElapsedMs(actor.getSnapshot())).toBe(300);
    expect(commands).toEqual(['open', 'capture.pause', 'capture.resume']);
  });

  it('stops, waits for the file, previews, uploads with duration and waveform, and announces the attachment', async () => {
    const { actor, clock, commands, uploads, fromCapture, state } = start();
    const announced: VoiceAttachment[] = [];
    actor.on('voice.uploaded', (event) => announced.push(event.attachment));
    actor.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.permitted' });
    for (const level of [0.2, 0.5, 0.1, 0.25]) {
      fromCapture({ type: 'voice.level', level });
      clock.increment(VOICE_TICK_MS);
    }
    actor.send({ type: 'voice.stop' });
    expect(state()).toBe('processing');
    expect(commands.at(-1)).toBe('capture.stop');
    clock.increment(VOICE_TICK_MS * 3);
    expect(selectElapsedMs(actor.getSnapshot())).toBe(400);

    fromCapture({ type: 'voice.recorded', recording });
    expect(state()).toBe('preview');
    expect(commands.at(-1)).toBe('close');
    expect(selectDuration(actor.getSnapshot())).toBe(0.4);
    expect(selectWaveform(actor.getSnapshot())).toEqual([0.4, 1, 0.2, 0.5]);

    actor.send({ type: 'voice.send' });
    expect(state()).toBe('uploading');
    expect(uploads[0]!.input).toEqual({ recording, duration: 0.4, waveform: [0.4, 1, 0.2, 0.5] });
    const attachment: VoiceAttachment = {
      type: 'voiceRecording',
      asset_url: 'http://chat.local/v.webm',
      title: 'Voice message',
      mime_type: 'audio/webm',
      file_size: 2048,
      duration: 0.4,
      waveform_data: [0.4, 1, 0.2, 0.5],
    };
    uploads[0]!.resolve(attachment);
    await settle();
    expect(state()).toBe('idle');
    expect(announced).toEqual([attachment]);
    expect(selectElapsedMs(actor.getSnapshot())).toBe(0);
  });

  it('counts the time that passed, not the ticks: a late tick loses nothing', () => {
    const { actor, clock, fromCapture } = start();
    actor.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.permitted' });
    clock.increment(VOICE_TICK_MS * 3 + 50);
    expect(selectElapsedMs(actor.getSnapshot())).toBe(350);
    expect(selectRecentLevels(actor.getSnapshot(), 10)).toHaveLength(1);
    clock.increment(30);
    actor.send({ type: 'voice.pause' });
    expect(selectElapsedMs(actor.getSnapshot())).toBe(380);
  });

  it('stops by itself at the maximum duration', () => {
    const { actor, clock, commands, fromCapture, state } = start(300);
    actor.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.permitted' });
    clock.increment(VOICE_TICK_MS);
    clock.increment(VOICE_TICK_MS);
    expect(state()).toBe('recording');
    clock.increment(VOICE_TICK_MS);
    expect(state()).toBe('processing');
    expect(selectElapsedMs(actor.getSnapshot())).toBe(300);
    expect(commands.at(-1)).toBe('capture.stop');
    clock.increment(VOICE_TICK_MS * 10);
    expect(selectElapsedMs(actor.getSnapshot())).toBe(300);
  });

  it('fails with the capture error kind, and retry asks for the microphone again', () => {
    const { actor, commands, fromCapture, state } = start();
    actor.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.failed', error: { kind: 'permissionDenied' } });
    expect(state()).toBe('failed');
    expect(selectError(actor.getSnapshot())).toEqual({ kind: 'permissionDenied' });
    expect(commands).toEqual(['open', 'close']);
    actor.send({ type: 'voice.retry' });
    expect(state()).toBe('requestingPermission');
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(commands).toEqual(['open', 'close', 'open']);
  });

  it('a failed upload keeps the recording and retry uploads it again; cancel discards it', async () => {
    const { actor, uploads, fromCapture, state } = start();
    actor.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.permitted' });
    actor.send({ type: 'voice.stop' });
    fromCapture({ type: 'voice.recorded', recording });
    actor.send({ type: 'voice.send' });
    uploads[0]!.reject({ message: 'Upload type not allowed' });
    await settle();
    expect(state()).toBe('failed');
    expect(selectError(actor.getSnapshot())).toEqual({ kind: 'upload', reason: 'upload type not allowed' });
    actor.send({ type: 'voice.retry' });
    expect(state()).toBe('uploading');
    expect(uploads).toHaveLength(2);
    expect(uploads[1]!.input.recording).toBe(recording);
    actor.send({ type: 'voice.cancel' });
    expect(state()).toBe('idle');
    expect(actor.getSnapshot().context.recording).toBeNull();
  });

  it('cancel while recording closes the microphone and keeps nothing', () => {
    const { actor, clock, commands, fromCapture, state } = start();
    actor.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.permitted' });
    clock.increment(VOICE_TICK_MS);
    actor.send({ type: 'voice.cancel' });
    expect(state()).toBe('idle');
    expect(commands.at(-1)).toBe('close');
    expect(selectElapsedMs(actor.getSnapshot())).toBe(0);
  });
});

describe('voice recorder rules', () => {
  it('reduces samples to bars by their peaks, scaled to the loudest', () => {
    expect(reduceWaveform([0.1, 0.2, 0.4, 0.1], 2)).toEqual([0.5, 1]);
    expect(reduceWaveform([0.5], 3)).toEqual([1, 1, 1]);
    expect(reduceWaveform([], 2)).toEqual([0, 0]);
    expect(reduceWaveform([0, 0], 2)).toEqual([0, 0]);
    expect(
      reduceWaveform(
        Array.from({ length: 1000 }, (_, i) => i / 1000),
        100,
      ),
    ).toHaveLength(100);
  });

  it('writes durations as seconds with one decimal and clocks as m:ss', () => {
    expect(durationSeconds(12_340)).toBe(12.3);
    expect(clockText(0)).toBe('0:00');
    expect(clockText(65.9)).toBe('1:05');
    expect(clockText(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});
