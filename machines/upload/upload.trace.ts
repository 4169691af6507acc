import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/upload/upload.test.ts');
const machine = 'upload';

export const trace: TraceEntry[] = [
  {
    clause: '§4.6a',
    statement: 'Attachment upload: pending, uploading, finished or failed.',
    machine,
    transitions: [
      'pending --always--> uploading',
      'uploading --upload.progressed--> (stays)',
      'uploading --done: uploadFile--> finished',
      'uploading --error: uploadFile--> failed',
      'failed --upload.retry--> uploading',
    ],
    tests: [
      test('uploads at once, reporting progress, and finishes with the attachment'),
      test('a failed upload says why (lowercased) and can be retried'),
      test('retry is ignored unless failed'),
    ],
  },
  {
    clause: '§4.6b',
    statement: 'Blocked when config forbids.',
    machine,
    transitions: ['pending --always [isBlocked]--> blocked'],
    tests: [test('the config notice names size limit or unsupported file type')],
  },
  {
    clause: '§4.6c',
    statement: 'Failed or discarded uploads removed or marked failed.',
    machine,
    transitions: ['(upload) --upload.remove--> removed', 'uploading --error: uploadFile--> failed'],
    tests: [
      test('removing an upload in flight aborts the request and tells the parent'),
      test('a finished, failed or blocked upload can be removed too'),
    ],
  },
  {
    clause: '§5.5a',
    statement: 'Uploads refused without the upload-file capability or with no slots left (default 10 files).',
    machine,
    transitions: ['pending --always [isBlocked]--> blocked'],
    tests: [
      test('the config notice names size limit or unsupported file type'),
      'machines/composer/composer-sending.test.ts › gives each upload child the contract input, slots counting down from 10',
    ],
  },
  {
    clause: '§5.5b',
    statement: 'Blocked by allowed or blocked extensions or mime types, or size over the limit (default 100 MB).',
    machine,
    transitions: ['pending --always [isBlocked]--> blocked', 'pending --always--> uploading'],
    tests: [
      test('a file exactly at the limit is allowed'),
      test('the config notice names size limit or unsupported file type'),
    ],
  },
  {
    clause: '§5.5c',
    statement: "Messages: 'File is required for upload attachment', 'Local upload attachment missing local id'.",
    machine,
    transitions: ['pending --always [isBlocked]--> blocked'],
    tests: [test('the config notice names size limit or unsupported file type')],
    note: "Checked first, in stream-chat's order (`upload.rules.ts`).",
  },
  {
    clause: '§8.10p',
    statement:
      'File is too large (size and limit); Upload type not allowed; Missing permissions to upload the attachment.',
    machine,
    transitions: ['pending --always [isBlocked]--> blocked'],
    tests: [test('the config notice names size limit or unsupported file type')],
  },
  {
    clause: '§8.10q',
    statement:
      'Error uploading attachment (api:attachment:upload:failed with reason, lowercased, network error worded as such).',
    machine,
    transitions: ['uploading --error: uploadFile--> failed'],
    tests: [
      test('a failed upload says why (lowercased) and can be retried'),
      test('words a network error as such, and anything else without a message as an unknown error'),
    ],
  },
  {
    clause: '§8.10r',
    statement:
      'The attachment upload was blocked (reason: allowed_file_extensions, blocked_file_extensions, allowed_mime_types, blocked_mime_types, size_limit; shown as unknown error, size limit or unsupported file type).',
    machine,
    transitions: ['pending --always [isBlocked]--> blocked'],
    tests: [test('the config notice names size limit or unsupported file type')],
  },
  {
    clause: '§9.3a',
    statement: 'Files per message 10; upload limit 100 MB.',
    machine,
    transitions: ['pending --always [isBlocked]--> blocked', 'pending --always--> uploading'],
    tests: [
      test('a file exactly at the limit is allowed'),
      'machines/composer/composer-sending.test.ts › gives each upload child the contract input, slots counting down from 10',
    ],
  },
  {
    clause: '§8.10y',
    statement: 'Generic network error and unknown error.',
    machine,
    transitions: ['uploading --error: uploadFile--> failed'],
    tests: [test('words a network error as such, and anything else without a message as an unknown error')],
  },
];
