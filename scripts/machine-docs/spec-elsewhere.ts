/**
 * Statements of spec sections 4, 5, 8 and 9 that no statechart implements, with where they are
 * implemented instead and the tests that exercise them (entry format: machines/shared/trace.ts).
 * Much of the spec describes the stream-chat client Sideline uses (`package:stream-chat`) and the
 * chat service, which the chat sandbox (server/chat-sandbox) stands in for in development and tests.
 */
import type { ElsewhereClause } from '../../machines/shared/trace.js';

const api = (title: string) => `src/lib/api-client.test.ts › ${title}`;
const sandbox = 'server/chat-sandbox';
const client = 'package:stream-chat';
const serverSide =
  'a server-side-only call (spec section 6: with the app secret); Sideline makes no such call and the chat sandbox does not serve it';

export const ELSEWHERE: ElsewhereClause[] = [
  // Section 4: states and transitions.
  {
    clause: '§4.1e',
    statement: 'Unauthenticated leads to redirect to /login.',
    implementedIn: ['src/app/RequireSession.tsx'],
    tests: ['src/app/routes.test.tsx › sends a signed-out visitor to /login with the path and query as next'],
  },
  {
    clause: '§4.2a',
    statement: 'League selection: setting stores it; clearing removes it and sets none.',
    implementedIn: ['src/lib/selected-league.ts'],
    tests: ['src/lib/selected-league.test.ts › sets, shares and clears the selection'],
  },
  {
    clause: '§4.5b',
    statement: 'Latest message dates per channel reset when user id changes.',
    implementedIn: [client, 'src/lib/chat/chat-provider.tsx'],
    tests: ['tests/integration/chat-connections.test.tsx'],
    note: 'A new user gets a new client (one chat connection actor per identity), so nothing of the previous user is kept.',
  },
  {
    clause: '§4.8c',
    statement: 'Soft delete makes type deleted and clears attachments; hard delete keeps minimal fields.',
    implementedIn: [`${sandbox}/services/message-changes.ts`, 'src/features/chat/message-list/MessageItem.tsx'],
    tests: ['tests/chat/messages.test.ts › soft deletes, undeletes and hard deletes'],
  },
  {
    clause: '§4.8d',
    statement: 'When a user is deleted, their messages and quoted copies become deleted.',
    implementedIn: [`${sandbox}/services/users.ts`],
    tests: ['tests/chat/users.test.ts'],
  },
  {
    clause: '§4.10a',
    statement: 'Typing: entry dropped after 7 s without update, emitting typing.stop.',
    implementedIn: [client, 'src/features/chat/shared/use-channel-version.ts'],
    tests: ['tests/integration/composer.test.ts'],
    note: "stream-chat's channel state drops a typing entry after 7 s and emits typing.stop; the message list shows who is typing from it.",
  },
  {
    clause: '§4.11d',
    statement:
      'Thread list needs reload when new unseen threads arrive or order is stale; reloads after connection drop and recovery.',
    implementedIn: [client, 'src/features/chat/threads'],
    tests: ['tests/integration/threads-view.test.tsx'],
    note: "stream-chat's `ThreadManager` keeps the list and its reload flags; the threads view shows its reload button.",
  },
  {
    clause: '§4.15a',
    statement:
      'Poll: open until closed (is_closed set true by partial update; nobody can vote after). Votes can be cast, changed, removed; answers are kept apart from option votes. With unique voting a changed vote replaces all own votes.',
    implementedIn: [`${sandbox}/polls.ts`, `${sandbox}/services/poll-votes.ts`, 'src/features/chat/polls/PollCard.tsx'],
    tests: [
      'tests/chat/polls.test.ts › closes a poll (creator only): poll.closed, then nobody can vote',
      'tests/chat/polls.test.ts › replaces a unique vote (poll.vote_changed) and ignores the same vote again',
      'tests/chat/polls.test.ts › keeps answers apart from option votes; a second answer replaces the first',
      'tests/chat/polls.test.ts › removes votes (poll.vote_removed); only the voter may',
      'tests/integration/poll-card.test.tsx',
    ],
  },
  {
    clause: '§4.17a',
    statement: 'Campaign: created, started (optionally scheduled with an end time), stopped or deleted.',
    implementedIn: [],
    tests: [],
    notImplemented: serverSide,
  },
  {
    clause: '§4.18f',
    statement: 'Truncation removes older messages.',
    implementedIn: [`${sandbox}/routes/channels.ts`, 'src/features/chat/shared/use-channel-version.ts'],
    tests: ['tests/chat/channels.test.ts'],
  },
  {
    clause: '§4.21a',
    statement:
      'Unread counting skips shadowed, silent, thread-only replies, own, muted-user and muted-channel messages, and channels lacking the read-events capability.',
    implementedIn: [`${sandbox}/unread.ts`],
    tests: ['tests/chat/reads.test.ts', 'tests/chat/message-reads.test.ts'],
  },
  {
    clause: '§4.22b',
    statement: 'Message states shown to users: delivered, edited, deleted, pinned.',
    implementedIn: ['src/features/chat/message-list/MessageItem.tsx', 'src/features/chat/message-list/rows.ts'],
    tests: ['src/features/chat/message-list/rows.test.ts', 'tests/integration/message-list-content.test.tsx'],
  },

  // Section 5: validation rules.
  {
    clause: '§5.1a',
    statement: 'Stored league selection needs numeric league_id and team_id.',
    implementedIn: ['src/lib/selected-league.ts'],
    tests: [
      'src/lib/selected-league.test.ts › accepts numeric league and team ids, with an optional week',
      'src/lib/selected-league.test.ts › refuses to store non-numeric ids',
    ],
  },
  {
    clause: '§5.2a',
    statement: 'Login and profile form validation: not shown.',
    implementedIn: ['docs/decisions/0003-profile-and-sign-in.md', 'server/api'],
    tests: ['tests/server/auth.test.ts', 'tests/server/users.test.ts'],
    note: 'The spec leaves it open; the decision records the rules Sideline chose.',
  },
  {
    clause: '§5.3d',
    statement: "Poll fields validated again where the poll is created (the create dialog's schema).",
    implementedIn: ['src/lib/poll-schema.ts'],
    tests: ['src/lib/poll-schema.test.ts'],
  },
  {
    clause: '§5.9a',
    statement:
      "Channel type: letters, digits, underscore, hyphen ('Invalid chat type ..., letters, numbers and \"_-\" are allowed'). Channel id: letters, digits, '!', underscore, hyphen ('Invalid chat id ..., letters, numbers and \"!-_\" are allowed'). Neither may contain ':'.",
    implementedIn: [`${sandbox}/channel-types.ts`, client],
    tests: ['tests/chat/channels.test.ts'],
  },
  {
    clause: '§5.11a',
    statement:
      'Reaction needs message id and non-empty reaction; deleting needs message id and type. Archive, unarchive, pin, unpin need a user id.',
    implementedIn: [client, `${sandbox}/routes`],
    tests: ['tests/chat/reactions.test.ts', 'tests/chat/channels.test.ts'],
  },
  {
    clause: '§5.12a',
    statement: 'Search cannot combine offset and next; query is a string or filter object.',
    implementedIn: [`${sandbox}/routes/search.ts`, 'src/lib/actors/channel-search-actors.ts'],
    tests: ['tests/chat/search.test.ts'],
  },
  {
    clause: '§5.13a',
    statement:
      "Vote refused with 'Reached the vote limit. Remove an existing vote first.' when own votes equal max_votes_allowed.",
    implementedIn: [`${sandbox}/polls.ts`, 'src/features/chat/polls/PollCard.tsx'],
    tests: [
      'tests/chat/polls.test.ts › caps votes at max_votes_allowed with the exact message',
      'tests/integration/poll-card.test.tsx',
    ],
  },
  {
    clause: '§5.14a',
    statement:
      'Thread partial update forbids setting created_at, id, last_message_at, type, updated_at, user, reply_count, participants, channel, custom.',
    implementedIn: [`${sandbox}/routes/threads.ts`, client],
    tests: ['tests/chat/threads.test.ts'],
  },
  {
    clause: '§5.15a',
    statement:
      'User update needs an id; profile check needs a username or image. Blank date rejected for token revocation. Message update needs an id. Channel by members needs at least one member. A channel cannot be used before watching or after disconnect.',
    implementedIn: [client, `${sandbox}/services/users.ts`],
    tests: ['tests/chat/users.test.ts', 'tests/server/chat-token-revocation.test.ts', 'tests/chat/channels.test.ts'],
  },
  {
    clause: '§5.16a',
    statement:
      'Delete users: user option soft, hard or pruning; conversations soft or hard; messages soft, hard or pruning; otherwise an error naming the allowed values.',
    implementedIn: [],
    tests: [],
    notImplemented: serverSide,
  },
  {
    clause: '§5.17a',
    statement: 'Unread marking only within the newest 100 channel messages.',
    implementedIn: [`${sandbox}/unread.ts`],
    tests: ['tests/chat/message-reads.test.ts'],
  },

  // Section 8: error catalogue.
  {
    clause: '§8.1a',
    statement: '403 whose message mentions csrf: clear the cached token, fetch a new one, retry once.',
    implementedIn: ['src/lib/api-client.ts'],
    tests: [
      api('is refreshed after a 403 that mentions csrf, and the call is retried once with the new token'),
      api('raises a second consecutive csrf 403 instead of retrying again'),
      api('does not retry a 403 that does not mention csrf, and keeps the token'),
    ],
  },
  {
    clause: '§8.2a',
    statement:
      "401 on a path ending /me: triggers a logout call. 401 elsewhere: error 'Unauthorized' unless the call is marked to skip auth redirect.",
    implementedIn: ['src/lib/api-client.ts'],
    tests: [
      api('on a path ending /me calls logout with a CSRF token, then onUnauthorized, and raises status 401'),
      api('on /me still calls onUnauthorized and raises 401 when the logout call fails'),
    ],
  },
  {
    clause: '§8.3a',
    statement:
      "Other non-success: error with status and body; message is the body's error message, else its message field, else status code and text. 204 or empty body returns nothing.",
    implementedIn: ['src/lib/api-client.ts'],
    tests: [
      api('uses the body error before its message and carries status, body and headers'),
      api('uses the body message when there is no error'),
      api('falls back to "<status> <statusText>" for a non-JSON body'),
      api('returns undefined for 204 No Content'),
    ],
  },
  {
    clause: '§8.6a',
    statement:
      "API error text 'error code {code}: {message}' or 'error HTTP code: {status}'; any status outside 200 to 299 is an error; responses carry message, code, status. Expired token (40) with a provider triggers token reload and retry.",
    implementedIn: [client, `${sandbox}/errors.ts`, 'src/lib/actors/chat-connection-actors.ts'],
    tests: ['tests/integration/chat-connection.test.ts', 'tests/chat/jwt.test.ts'],
  },
  {
    clause: '§8.7c',
    statement: 'Codes (retryable) -1 … 99 and websocket normal close 1000: the chat service answers with them.',
    implementedIn: [`${sandbox}/errors.ts`],
    tests: ['tests/chat/route-schemas.test.ts', 'tests/chat/permission-matrix.test.ts'],
  },
  {
    clause: '§8.8a',
    statement:
      'Thrown errors: channel query with neither channel nor type, or neither id nor members; missing campaign id.',
    implementedIn: [client],
    tests: ['tests/integration/open-channel.test.ts'],
    note: 'Thrown by the stream-chat client before any request; Sideline always passes type and id.',
  },
  {
    clause: '§8.9f',
    statement:
      "Websocket 'WS failed with code ... and reason ...' and 'initial WS connection could not be established'.",
    implementedIn: [client, 'src/lib/actors/chat-connection-actors.ts'],
    tests: ['tests/integration/chat-connection.test.ts'],
  },
  {
    clause: '§8.10c',
    statement:
      'Edit message request failed; Error deleting message; Error pinning message; Error removing message pin; Error adding flag; Error fetching reactions; Error muting a user; Error unmuting a user.',
    implementedIn: [
      'src/features/chat/message-actions',
      'src/i18n/locales/en.json',
      'src/i18n/locales/actions/en.json',
      'src/i18n/locales/moderation/en.json',
    ],
    tests: ['tests/integration/message-actions.test.tsx', 'tests/integration/pinned-messages.test.tsx'],
  },
  {
    clause: '§8.10k',
    statement: 'Failed to get the draft.',
    implementedIn: ['src/features/chat/composer/use-channel-composer.ts'],
    tests: ['tests/integration/composer.test.ts'],
  },
  {
    clause: '§8.10s',
    statement: 'Message was blocked by moderation policies; This message did not meet our content guidelines.',
    implementedIn: [
      'src/features/chat/moderation/ModerationNote.tsx',
      'src/features/chat/moderation/moderation-message.ts',
    ],
    tests: ['tests/integration/moderation.test.tsx', 'tests/e2e/chat-moderation.spec.ts'],
  },
  {
    clause: '§8.10t',
    statement: 'Reached the vote limit, remove an existing vote first.',
    implementedIn: ['src/features/chat/polls/PollCard.tsx'],
    tests: ['tests/integration/poll-card.test.tsx'],
  },
  {
    clause: '§8.10u',
    statement: 'Recording start, processing, playback, unsupported format and seek errors.',
    implementedIn: ['src/features/chat/voice/VoicePlayer.tsx'],
    tests: ['tests/integration/voice-message.test.tsx'],
    note: 'The player: unsupported format, playback and seek errors. Recording start and processing errors are the voice-recorder machine’s (its trace).',
  },

  // Section 9: business constants and limits.
  {
    clause: '§9.1a',
    statement:
      'Product API: base /api; timeout 15000 ms; GET tries 2 in total with 200 to 500 ms random wait; storage key selectedLeague; header X-CSRF-Token.',
    implementedIn: ['src/lib/api-client.ts', 'src/lib/selected-league.ts'],
    tests: [
      api('raises the error when the single retry fails too (2 tries in total)'),
      api('waits the default random 200–500 ms before the retry'),
      api('is fetched from GET /api/csrf before the first change call and sent as X-CSRF-Token'),
      'src/lib/selected-league.test.ts',
    ],
  },
  {
    clause: '§9.2c',
    statement: 'Default language en. Chat client version 13.7.0. A public chat application key {key} is embedded.',
    implementedIn: ['src/i18n', 'src/lib/chat/chat-config.ts'],
    tests: ['src/lib/chat/chat-config.test.ts › defaults to the sandbox under this origin', 'src/i18n/locales.test.ts'],
    note: 'Sideline uses the stream-chat version in package.json rather than 13.7.0.',
  },
  {
    clause: '§9.3d',
    statement: 'Typing expiry 7000 ms; cleanup tick 500 ms.',
    implementedIn: [client, 'src/features/chat/shared/use-channel-version.ts'],
    tests: ['tests/integration/composer.test.ts'],
    note: "stream-chat's channel state expires other members' typing entries; the sending side is §9.3e (composer).",
  },
  {
    clause: '§9.5a',
    statement:
      'Members fully loaded when fewer than 100; mention fuzzy distance 3; default message page limit 25; channel search checks the last 5 messages.',
    implementedIn: ['src/features/chat/composer/mention-search.ts', client],
    tests: ['src/features/chat/composer/mention-search.test.ts'],
  },
  {
    clause: '§9.6b',
    statement:
      'Websocket ping 25 s; connection-check timeout 35 s; connect timeout 15 s (6 s with fallback). Chat HTTP timeout 3 s; long poll request 30 s, connect 8 s, disconnect 2 s. Metrics retry 3 tries, 3 s steps.',
    implementedIn: [client, `${sandbox}/longpoll.ts`, `${sandbox}/ws-connect.ts`],
    tests: ['tests/chat/longpoll.test.ts', 'tests/chat/connection.test.ts'],
  },
  {
    clause: '§9.7a',
    statement:
      'Thread list page 25, participant limit 10, reply limit 10; client thread query limit 10, reply limit 3; single thread participant limit 100, reply limit 3; reload debounce 1 s.',
    implementedIn: [client, 'src/features/chat/threads'],
    tests: ['tests/integration/threads-view.test.tsx', 'tests/chat/threads.test.ts'],
  },
  {
    clause: '§9.9a',
    statement:
      'Unread marking covers the newest 100 channel messages. Dialog removal delay 16 ms. Default import mode upsert. Token-expired code 40.',
    implementedIn: [`${sandbox}/unread.ts`, `${sandbox}/errors.ts`],
    tests: ['tests/chat/message-reads.test.ts', 'tests/chat/jwt.test.ts'],
    note: 'Imports are server-side only and not implemented.',
  },
];
