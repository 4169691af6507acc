import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/voice-recorder/voice-recorder.test.ts');
const machine = 'voiceRecorder';

export const trace: TraceEntry[] = [
  {
    clause: '§8.10u',
    statement: 'Recording start, processing, playback, unsupported format and seek errors.',
    machine,
    transitions: [
      'capturing --voice.failed--> failed',
      'failed --voice.retry--> capturing',
      'uploading --error: uploadRecording--> failed',
      'failed --voice.retry [uploadFailed]--> uploading',
    ],
    tests: [
      test('fails with the capture error kind, and retry asks for the microphone again'),
      test('a failed upload keeps the recording and retry uploads it again; cancel discards it'),
    ],
    note: 'The recorder machine holds the recording-start and processing errors (the capture actor reports the kind: permission denied, no microphone, not supported, processing). Playback, unsupported-format and seek errors belong to the player (see the entry outside the machines).',
  },
];
