import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, SimulatedClock, type AnyEventObject } from 'xstate';
import { machineTest } from '../shared/machine-test';
import { voiceRecorderMachine, VOICE_TICK_MS } from './voice-recorder.machine';
import { clockText, durationSeconds, reduceWaveform } from './voice-recorder.rules';
import {
  selectDuration,
  selectElapsedMs,
  selectError,
  selectRecentLevels,
  selectRecording,
  selectVoiceState,
  selectWaveform,
} from './voice-recorder.selectors';
import type { CaptureCommand, UploadRecordingInput, VoiceAttachment, VoiceRecorderEvent } from './voice-recorder.types';

const recording = { blob: 'bytes', mimeType: 'audio/webm', size: 2048 };

/**
 * A recorder on the harness, its time (`now`) read from the harness's simulated clock, whose
 * capture actor records the commands it gets and whose uploads the test settles.
 */
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
  const run = machineTest(machine, { clock, input: { maxDurationMs, bars: 4, now: () => clock.now() } });
  /** What the capture actor (the microphone) tells the machine. */
  const fromCapture = (event: VoiceRecorderEvent) => {
    toMachine!(event);
    return run;
  };
  return { run, commands, uploads, fromCapture };
}

describe('voice recorder machine', () => {
  it('asks for the microphone, counts time only while recording, and collects one sample per tick', () => {
    const { run, commands, fromCapture } = start();
    run.expectPaths('idle').send({ type: 'voice.start' }).expectPaths('capturing.requestingPermission');
    expect(commands).toEqual(['open']);
    run.advance(VOICE_TICK_MS * 3).expectSelected(selectElapsedMs, 0);

    fromCapture({ type: 'voice.permitted' }).expectPaths('capturing.recording');
    run.expectSelected(selectVoiceState, 'recording');
    fromCapture({ type: 'voice.level', level: 0.4 }).advance(VOICE_TICK_MS);
    fromCapture({ type: 'voice.level', level: 1.7 }).advance(VOICE_TICK_MS);
    run.expectSelected(selectElapsedMs, 200);
    expect(selectRecentLevels(run.snapshot(), 5)).toEqual([0.4, 1]);
    // A level between ticks changes no sample: the same lists, nothing to re-render.
    const [levels, bars] = [selectRecentLevels(run.snapshot(), 5), selectWaveform(run.snapshot())];
    fromCapture({ type: 'voice.level', level: 0.2 });
    expect(selectRecentLevels(run.snapshot(), 5)).toBe(levels);
    expect(selectWaveform(run.snapshot())).toBe(bars);

    run.send({ type: 'voice.pause' }).expectPaths('capturing.paused');
    run.advance(VOICE_TICK_MS * 5).expectSelected(selectElapsedMs, 200);
    run.send({ type: 'voice.resume' }).advance(VOICE_TICK_MS).expectSelected(selectElapsedMs, 300);
    expect(commands).toEqual(['open', 'capture.pause', 'capture.resume']);
  });

  it('stops, waits for the file, previews, uploads with duration and waveform, and announces the attachment', async () => {
    const { run, commands, uploads, fromCapture } = start();
    run.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.permitted' });
    for (const level of [0.2, 0.5, 0.1, 0.25]) fromCapture({ type: 'voice.level', level }).advance(VOICE_TICK_MS);
    run.send({ type: 'voice.stop' }).expectPaths('capturing.processing');
    expect(commands.at(-1)).toBe('capture.stop');
    run.advance(VOICE_TICK_MS * 3).expectSelected(selectElapsedMs, 400);

    fromCapture({ type: 'voice.recorded', recording }).expectPaths('preview');
    expect(commands.at(-1)).toBe('close');
    run.expectSelected(selectDuration, 0.4).expectSelected(selectWaveform, [0.4, 1, 0.2, 0.5]);

    run.send({ type: 'voice.send' }).expectPaths('uploading');
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
    run.expectEmitted('voice.uploaded');
    uploads[0]!.resolve(attachment);
    (await run.settle()).expectPaths('idle').expectEmitted('voice.uploaded', { attachment });
    expect(run.emitted).toEqual([{ type: 'voice.uploaded', attachment }]);
    run.expectSelected(selectElapsedMs, 0);
  });

  it('counts the time that passed, not the ticks: a late tick loses nothing', () => {
    const { run, fromCapture } = start();
    run.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.permitted' })
      .advance(VOICE_TICK_MS * 3 + 50)
      .expectSelected(selectElapsedMs, 350);
    expect(selectRecentLevels(run.snapshot(), 10)).toHaveLength(1);
    run.advance(30).send({ type: 'voice.pause' }).expectSelected(selectElapsedMs, 380);
  });

  it('stops by itself at the maximum duration', () => {
    const { run, commands, fromCapture } = start(300);
    run.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.permitted' });
    run.advance(VOICE_TICK_MS).advance(VOICE_TICK_MS).expectPaths('capturing.recording');
    run.advance(VOICE_TICK_MS).expectPaths('capturing.processing').expectSelected(selectElapsedMs, 300);
    expect(commands.at(-1)).toBe('capture.stop');
    run.advance(VOICE_TICK_MS * 10).expectSelected(selectElapsedMs, 300);
  });

  it('fails with the capture error kind, and retry asks for the microphone again', () => {
    const { run, commands, fromCapture } = start();
    run.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.failed', error: { kind: 'permissionDenied' } }).expectPaths('failed');
    run.expectSelected(selectError, { kind: 'permissionDenied' });
    expect(commands).toEqual(['open', 'close']);
    run.send({ type: 'voice.retry' }).expectPaths('capturing.requestingPermission').expectSelected(selectError, null);
    expect(commands).toEqual(['open', 'close', 'open']);
  });

  it('a failed upload keeps the recording and retry uploads it again; cancel discards it', async () => {
    const { run, uploads, fromCapture } = start();
    run.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.permitted' }).send({ type: 'voice.stop' });
    fromCapture({ type: 'voice.recorded', recording }).send({ type: 'voice.send' });
    uploads[0]!.reject({ message: 'Upload type not allowed' });
    (await run.settle()).expectPaths('failed');
    run.expectSelected(selectError, { kind: 'upload', reason: 'upload type not allowed' });
    run.send({ type: 'voice.retry' }).expectPaths('uploading');
    expect(uploads).toHaveLength(2);
    expect(uploads[1]!.input.recording).toBe(recording);
    run.send({ type: 'voice.cancel' }).expectPaths('idle').expectSelected(selectRecording, null);
  });

  it('cancel while recording closes the microphone and keeps nothing', () => {
    const { run, commands, fromCapture } = start();
    run.send({ type: 'voice.start' });
    fromCapture({ type: 'voice.permitted' }).advance(VOICE_TICK_MS);
    run.send({ type: 'voice.cancel' }).expectPaths('idle');
    expect(commands.at(-1)).toBe('close');
    run.expectSelected(selectElapsedMs, 0);
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
