import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/outbox/outbox.test.ts');

export const trace: TraceEntry[] = [
  {
    clause: '§4.8a',
    statement: 'Message: status defaults to received.',
    machine: 'outboxMessage',
    transitions: [
      'sending --done: sendMessage--> received',
      'sending --error: sendMessage [isAlreadyStored]--> received',
    ],
    tests: [
      test('sends a message as a message:<id> child; received removes it'),
      test('a retry answered "already exists" counts as received; another code 4 stays failed'),
    ],
    note: 'Only messages of this member still being sent are in the outbox; everything else the list shows is received.',
  },
  {
    clause: '§4.8b',
    statement: 'Failed replies are kept locally and re-added when a thread reloads.',
    machine: 'outbox',
    transitions: [
      '(outbox) --message.failed--> (stays)',
      'loading --done: loadPending--> ready.saving',
      'ready.idle --pending.changed--> ready.saving',
    ],
    tests: [
      test('failed and unsent messages survive a reload with their kinds; retry after it uses the same id'),
      test('filters entries per channel and thread'),
    ],
  },
  {
    clause: '§4.22a',
    statement: 'Message states shown to users: sending, failed (retry, unauthorized, unsent).',
    machine: 'outboxMessage',
    transitions: [
      'queued --message.send--> sending',
      'sending --error: sendMessage [isUnauthorized]--> failed.unauthorized',
      'sending --error: sendMessage [isUnsent]--> failed.unsent',
      'sending --error: sendMessage--> failed.retryable',
      'failed --message.retry [canRetry]--> sending',
      'failed --message.discard--> discarded',
    ],
    tests: [
      test('maps 403 / code 17 to unauthorized, no answer to unsent, any other answer to retryable'),
      test('lists each failed kind with the spec texts (as keys)'),
      test('retries with the same id; an unauthorized message is not retried'),
      test('discards a failed message'),
    ],
  },
  {
    clause: '§4.22a',
    statement: 'Message states shown to users: sending, failed (retry, unauthorized, unsent).',
    machine: 'outbox',
    transitions: [
      '(outbox) --outbox.send [isNewMessage]--> (stays)',
      '(outbox) --outbox.retry [isKnown]--> (stays)',
      '(outbox) --outbox.discard [isKnown]--> (stays)',
      '(outbox) --message.attempted--> (stays)',
      '(outbox) --message.received--> (stays)',
      '(outbox) --message.discarded--> (stays)',
      '(outbox) --connection.restored--> (stays)',
    ],
    tests: [
      test('sends a message as a message:<id> child; received removes it'),
      test('ignores a second hand-over of the same id'),
      test('a recovered connection resends every unsent message (same ids), not the other kinds'),
    ],
  },
  {
    clause: '§8.10b',
    statement:
      'Message Failed · Click to try again; Message Failed · Unauthorized; Error · Unsent; Send message request failed.',
    machine: 'outboxMessage',
    transitions: [
      'sending --error: sendMessage [isUnauthorized]--> failed.unauthorized',
      'sending --error: sendMessage [isUnsent]--> failed.unsent',
      'sending --error: sendMessage--> failed.retryable',
    ],
    tests: [test('lists each failed kind with the spec texts (as keys)')],
  },
  {
    clause: '§8.7a',
    statement: 'Codes (retryable): …; 17 not allowed; … (the codes decide how a failed message is shown).',
    machine: 'outboxMessage',
    transitions: [
      'sending --error: sendMessage [isUnauthorized]--> failed.unauthorized',
      'sending --error: sendMessage [isAlreadyStored]--> received',
    ],
    tests: [
      test('reduces chat client errors to status and numeric code'),
      test('recognises "already exists" (code 4) only'),
    ],
  },
];
