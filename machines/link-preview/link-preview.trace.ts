import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/link-preview/link-preview.test.ts');
const machine = 'linkPreview';

export const trace: TraceEntry[] = [
  {
    clause: '§4.7a',
    statement: 'Link preview: pending, loading, loaded, failed, dismissed.',
    machine,
    transitions: [
      'pending --after previewDebounce--> loading',
      'loading --done: fetchPreview--> loaded',
      'loading --error: fetchPreview--> failed',
      'failed --preview.retry [isPreviewable]--> loading',
      '(linkPreview) --preview.dismiss--> dismissed',
    ],
    tests: [
      test('waits 1500 ms before fetching, then loads the preview'),
      test('a failed enrichment marks the preview failed; retry fetches again at once'),
      test('can be dismissed while loading'),
      test('a late answer after dismissal is ignored'),
    ],
  },
  {
    clause: '§5.7a',
    statement: 'Link preview only for URLs with valid host names.',
    machine,
    transitions: [
      'pending --always [not(isPreviewable)]--> failed',
      'failed --preview.retry [isPreviewable]--> loading',
    ],
    tests: [test('http://localhost:5173/x is previewable')],
  },
  {
    clause: '§8.9a',
    statement: 'Failed enrichment marks the preview failed.',
    machine,
    transitions: ['loading --error: fetchPreview--> failed'],
    tests: [
      test('a failed enrichment marks the preview failed; retry fetches again at once'),
      test('a rejection without a message still fails'),
    ],
  },
  {
    clause: '§9.3b',
    statement: 'Link preview debounce 1500 ms, disabled by default.',
    machine,
    transitions: ['pending --after previewDebounce--> loading'],
    tests: [
      test('waits 1500 ms before fetching, then loads the preview'),
      'machines/composer/composer-sending.test.ts › takes the URLs the caller found, and with url_enrichment off spawns nothing',
    ],
  },
];
