import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/chat-connection/chat-connection.test.ts');
const machine = 'chatConnection';

export const trace: TraceEntry[] = [
  {
    clause: '§4.4a',
    statement:
      'Chat connection: created when user id, token or key changes; exposed only after a successful connect; disconnects on cleanup or user change.',
    machine,
    transitions: [
      'connecting --done: connectUser--> ready',
      'ready --connection.close--> disconnecting',
      'disconnecting --done: disconnectUser--> disconnected',
      'disconnecting --error: disconnectUser--> disconnected',
      '(chatConnection) --connection.close--> disconnected',
    ],
    tests: [
      test('exposes the client only after a successful connect, with the initial unread count'),
      test('close disconnects the user and ends; the client is no longer exposed'),
      test('close while connecting ends without a client'),
    ],
    note: 'One actor per identity: `src/lib/chat/chat-provider.tsx` stops it and starts a new one when the user id, token or key changes.',
  },
  {
    clause: '§4.4b',
    statement: 'Used only when the user has a token.',
    machine,
    transitions: ['connecting --error: connectUser [isMissingToken]--> noToken'],
    tests: [test('without a token it never connects: noToken, no client')],
  },
  {
    clause: '§4.4c',
    statement: 'Connection is healthy or unhealthy (unhealthy published after 5 s).',
    machine,
    transitions: [
      'ready.health.healthy --link.lost--> ready.health.unhealthyPending',
      'ready.health.unhealthyPending --after unhealthyDelay--> ready.health.unhealthy',
      'ready.health.unhealthyPending --link.restored--> ready.health.healthy',
      'ready.health.unhealthy --link.restored--> ready.health.healthy',
    ],
    tests: [
      test('publishes unhealthy after exactly 5 s of a lost connection, not before'),
      test('coming back within 5 s cancels it'),
      test('back to healthy after being published unhealthy clears the text'),
    ],
  },
  {
    clause: '§4.4d',
    statement: 'It reconnects with backoff and reloads the token if expired.',
    machine,
    transitions: [
      'ready.link.connected --connection.changed [isOffline]--> ready.link.waitingToReconnect',
      'ready.link.waitingToReconnect --after reconnectDelay--> ready.link.reconnecting',
      'ready.link.reconnecting --done: reconnect--> ready.link.connected',
      'ready.link.reconnecting --error: reconnect--> ready.link.waitingToReconnect',
      'ready.link --connection.changed [isOnline]--> ready.link.connected',
    ],
    tests: [
      test('tries again with backoff 1, 2, 4, 8, 16 s, then every 25 s (the cap)'),
      test('a successful attempt reconnects and resets the backoff'),
      test('the client reconnecting by itself ends the wait'),
      'tests/integration/chat-connection.test.ts',
    ],
    note: 'The token reload is the token provider handed to the client (`src/lib/actors/chat-connection-actors.ts`); the integration test proves it.',
  },
  {
    clause: '§4.4e',
    statement:
      'Falls back to long polling when the websocket fails if fallback is enabled. Long-poll states: INIT, CONNECTING, CONNECTED, CLOSED, DISCONNECTED.',
    machine,
    transitions: ['ready --transport.changed--> (stays)'],
    tests: [
      test('follows the transport (long-poll fallback)'),
      test('takes the transport the connect ended up on (already on long poll when the websocket failed)'),
    ],
    note: "The long-poll states themselves are stream-chat's; the chat sandbox serves GET /longpoll (`tests/chat/longpoll.test.ts`).",
  },
  {
    clause: '§4.4f',
    statement: 'Offline gives CLOSED; online reconnects; a connection-id error reconnects without an id.',
    machine,
    transitions: [
      'ready.link --network.offline--> ready.link.offline',
      'ready.link.offline --network.online--> ready.link.reconnecting',
      'ready.link --connection.idNotFound--> ready.link.reconnecting',
    ],
    tests: [
      test('offline closes the connection; online reconnects at once'),
      test('a connection-id error (code 46) reconnects at once without the id'),
    ],
  },
  {
    clause: '§4.5d',
    statement:
      'Total unread count is recomputed on new message, message read, new-message notification and mark-read notification.',
    machine,
    transitions: [
      'ready --message.new--> (stays)',
      'ready --message.read--> (stays)',
      'ready --notification.message_new--> (stays)',
      'ready --notification.mark_read--> (stays)',
    ],
    tests: [test('recomputes the total unread count on the four unread events')],
  },
  {
    clause: '§5.10a',
    statement:
      'Connecting needs a user id (\'The "id" field on the user is missing\'); a different second user needs disconnect first. Token non-empty (except anonymous), string or function, and its user_id must match.',
    machine,
    transitions: [
      'connecting --error: connectUser [isMissingToken]--> noToken',
      'connecting --error: connectUser--> failed',
    ],
    tests: [test('without a token it never connects: noToken, no client'), 'tests/chat/jwt.test.ts'],
    note: "The checks themselves are stream-chat's `connectUser`; the machine rests in noToken or failed.",
  },
  {
    clause: '§8.5b',
    statement: 'A failed chat init logs an error.',
    machine,
    transitions: ['connecting --error: connectUser--> failed', 'failed --network.online--> connecting'],
    tests: [test('a failed first connect shows the refresh text; the browser coming online tries again')],
  },
  {
    clause: '§8.10a',
    statement: 'Error connecting to chat, refresh the page to try again; Connection failure, reconnecting now...',
    machine,
    transitions: [
      'connecting --error: connectUser--> failed',
      'ready.health.unhealthyPending --after unhealthyDelay--> ready.health.unhealthy',
    ],
    tests: [
      test('a failed first connect shows the refresh text; the browser coming online tries again'),
      test('publishes unhealthy after exactly 5 s of a lost connection, not before'),
    ],
  },
  {
    clause: '§9.5c',
    statement: 'Retry backoff capped at 25 s.',
    machine,
    transitions: ['ready.link.waitingToReconnect --after reconnectDelay--> ready.link.reconnecting'],
    tests: [test('tries again with backoff 1, 2, 4, 8, 16 s, then every 25 s (the cap)')],
  },
  {
    clause: '§9.6a',
    statement: 'Unhealthy delay 5 s; reconnect after online 10 ms.',
    machine,
    transitions: [
      'ready.health.unhealthyPending --after unhealthyDelay--> ready.health.unhealthy',
      'ready.link.offline --network.online--> ready.link.reconnecting',
    ],
    tests: [
      test('publishes unhealthy after exactly 5 s of a lost connection, not before'),
      test('offline closes the connection; online reconnects at once'),
    ],
    note: 'Online reconnects at once (no 10 ms wait needed: the browser event is the signal).',
  },
];
