import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/image-preview/image-preview.test.ts');

export const trace: TraceEntry[] = [
  {
    clause: '§4.3a',
    statement: 'Image preview: closed to open when a source is set; close resets both.',
    machine: 'imagePreview',
    transitions: [
      'closed --preview.open [hasSource]--> open',
      'open --preview.open [hasSource]--> (stays)',
      'open --preview.close--> closed',
    ],
    tests: [test('opens when a source is set and closing resets both'), test('ignores an empty source')],
  },
];
