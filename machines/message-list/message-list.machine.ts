/**
 * The open channel's message list (issue #10 item 3, spec §4 "Message sets"): pages, jumps, the
 * latest messages, new messages below, marking read (throttled), polite announcements. Parallel
 * regions `view`, `reading`, `announcer`, `highlight`, `clock`; constants and context updates in
 * message-list.rules.ts; all I/O injected with `.provide()` (see the notes).
 */
import { and, assign, emit, enqueueActions, fromCallback, fromPromise, or, setup, stateIn } from 'xstate';
import * as rules from './message-list.rules';
import { failed, FAILURE_KEYS, place } from './message-list.rules';
import type {
  MessageListContext,
  MessageListEmitted,
  MessageListEvent,
  MessageListInput,
  Pagination,
  RefreshResult,
} from './message-list.types';

const missing = () => Promise.reject(new Error('message list actor not provided'));

export const messageListMachine = setup({
  types: {
    context: {} as MessageListContext,
    input: {} as MessageListInput,
    events: {} as MessageListEvent,
    emitted: {} as MessageListEmitted,
  },
  actors: {
    loadOlder: fromPromise<Pagination>(missing),
    loadNewer: fromPromise<Pagination>(missing),
    loadAround: fromPromise<Pagination, { messageId: string }>(missing),
    loadLatest: fromPromise<Pagination>(missing),
    refresh: fromPromise<RefreshResult>(missing),
    markRead: fromPromise<unknown>(missing),
    /** Sends `connection.restored` each time the chat connection comes back after a drop. */
    watchConnection: fromCallback(() => undefined),
  },
  delays: rules.DELAYS,
  guards: {
    hasTarget: ({ context }) => context.jump !== null,
    needsUnreadLoad: ({ context }) => rules.needsUnreadLoad(context),
    isAwayFromLatest: ({ context }) => !context.pagination.isLatest,
    hasPrev: ({ context }) => context.pagination.hasPrev,
    hasNext: ({ context }) => context.pagination.hasNext,
    isLatest: ({ context }) => context.pagination.isLatest,
    isUnreadLoaded: ({ event }) => event.type === 'list.jumpToFirstUnread' && event.loaded,
    hasUnreadAnchor: ({ context }) => context.unread?.lastReadMessageId != null,
    shouldMarkRead: ({ context }) => rules.shouldMarkRead(context),
    /** The list shows its set in place: until then, what is at the bottom says nothing about reading. */
    isPlaced: or(rules.PLACED_VIEWS.map((view) => stateIn({ view }))),
    hasPendingAnnouncement: ({ context }) => context.pendingAnnouncement !== null,
    wantsNewer: ({ context }) => context.reached.end && context.pagination.hasNext,
    wantsOlder: ({ context }) => context.reached.start && context.pagination.hasPrev,
  },
  actions: {
    startMessageJump: assign(({ event }) => ({ jump: rules.messageJumpOf(event) })),
    startUnreadJump: assign({ jump: ({ context }) => rules.unreadJump(context) }),
    setPagination: assign({
      pagination: (_, params: { pagination: Pagination }) => params.pagination,
      revision: ({ context }) => context.revision + 1,
    }),
    placeAtJump: assign(({ context }) => rules.placedAtJump(context)),
    placeAtBottom: assign(({ context }) => rules.placedAtBottom(context)),
    scrollToBottom: assign({ scroll: ({ context }) => place(context, { kind: 'bottom' }) }),
    scrollToUnread: assign({ scroll: ({ context }) => place(context, { kind: 'unread' }) }),
    clearJump: assign({ jump: null }),
    forgetReached: assign({ reached: { start: false, end: false } }),
    noteReached: assign(({ context, event }) => ({ reached: rules.noteReached(context.reached, event.type) })),
    /** Only a jump to a message highlights it; the first unread one has its separator. */
    highlightJump: enqueueActions(({ context, enqueue }) => {
      if (context.jump?.kind === 'message')
        enqueue.raise({ type: 'highlight.show', messageId: context.jump.messageId });
    }),
    setHighlight: assign(({ event }) => ({ highlightedId: event.type === 'highlight.show' ? event.messageId : null })),
    clearHighlight: assign({ highlightedId: null }),
    setAtBottom: assign(({ context }, params: { atBottom: boolean }) => rules.bottomChanged(context, params.atBottom)),
    countReceived: assign(({ context }, params: { fromOther: boolean }) => rules.received(context, params.fromOther)),
    setUnreadCount: assign((_, params: { unreadCount: number; hold?: boolean }) => ({
      unreadCount: Math.max(0, params.unreadCount),
      readHeld: params.hold === true,
    })),
    holdReading: assign({ readHeld: true }),
    speak: assign(({ context, event }) => rules.spoken(context, event.type === 'announce' ? event.text : '')),
    speakPending: assign(({ context }) => rules.spoken(context, context.pendingAnnouncement ?? '')),
    queueAnnouncement: assign(({ event }) => ({ pendingAnnouncement: event.type === 'announce' ? event.text : null })),
    tick: assign({ tick: ({ context }) => context.tick + 1, tickedAt: ({ context }) => context.now() }),
    emitLoadFailed: emit(failed(FAILURE_KEYS.load)),
    emitJumpFailed: emit(({ context }) =>
      failed(context.jump?.kind === 'unread' ? FAILURE_KEYS.jumpToUnread : FAILURE_KEYS.jump),
    ),
    emitMarkReadFailed: emit(failed(FAILURE_KEYS.markRead)),
  },
}).createMachine({
  id: 'messageList',
  context: ({ input }) => rules.initialContext(input),
  invoke: { src: 'watchConnection' },
  type: 'parallel',
  on: {
    'list.bottomChanged': { actions: { type: 'setAtBottom', params: ({ event }) => event } },
    'message.received': { actions: { type: 'countReceived', params: ({ event }) => event } },
    'read.hold': { actions: 'holdReading' },
    'read.changed': {
      actions: {
        type: 'setUnreadCount',
        params: ({ event }) => ({ unreadCount: event.unreadCount, hold: event.markedUnread }),
      },
    },
  },
  states: {
    view: {
      initial: 'opening',
      on: {
        'list.jumpTo': { target: '.jumping', actions: 'startMessageJump' },
        'list.jumpToFirstUnread': [
          { guard: 'isUnreadLoaded', actions: 'scrollToUnread' },
          { guard: 'hasUnreadAnchor', target: '.jumping', actions: 'startUnreadJump' },
        ],
      },
      states: {
        /** Decides where the list opens: the addressed message, the first unread one, or the latest. */
        opening: {
          always: [
            { guard: 'hasTarget', target: 'jumping' },
            { guard: 'needsUnreadLoad', target: 'jumping', actions: 'startUnreadJump' },
            { guard: 'isAwayFromLatest', target: 'loadingLatest' },
            { target: 'settling' },
          ],
        },
        /**
         * The list was just (re)built at a place: react-virtuoso is still scrolling to it, so an
         * end in view is noted and paged after the settle delay, not while it places the list. The
         * delay counts from the first rows it shows (`list.rendered`): on a busy device rendering
         * takes a while, and "Jump to latest" would flash before the list reported its bottom.
         */
        settling: {
          entry: 'forgetReached',
          initial: 'rendering',
          on: {
            'list.startReached': { actions: 'noteReached' },
            'list.endReached': { actions: 'noteReached' },
            'list.jumpToLatest': [{ guard: 'isLatest', actions: 'scrollToBottom' }, { target: 'loadingLatest' }],
            'connection.restored': 'refreshing',
          },
          states: {
            rendering: { on: { 'list.rendered': 'placing' }, after: { renderWait: 'placing' } },
            placing: {
              after: {
                settleDelay: [
                  { guard: 'wantsNewer', target: '#messageList.view.loadingNewer' },
                  { guard: 'wantsOlder', target: '#messageList.view.loadingOlder' },
                  { target: '#messageList.view.browsing' },
                ],
              },
            },
          },
        },
        browsing: {
          on: {
            'list.startReached': { guard: 'hasPrev', target: 'loadingOlder' },
            'list.endReached': { guard: 'hasNext', target: 'loadingNewer' },
            'list.jumpToLatest': [{ guard: 'isLatest', actions: 'scrollToBottom' }, { target: 'loadingLatest' }],
            'connection.restored': 'refreshing',
          },
        },
        loadingOlder: {
          invoke: {
            id: 'loadOlder',
            src: 'loadOlder',
            onDone: {
              target: 'browsing',
              actions: { type: 'setPagination', params: ({ event }) => ({ pagination: event.output }) },
            },
            onError: { target: 'browsing', actions: 'emitLoadFailed' },
          },
          on: { 'list.jumpToLatest': 'loadingLatest' },
        },
        loadingNewer: {
          invoke: {
            id: 'loadNewer',
            src: 'loadNewer',
            onDone: {
              target: 'browsing',
              actions: { type: 'setPagination', params: ({ event }) => ({ pagination: event.output }) },
            },
            onError: { target: 'browsing', actions: 'emitLoadFailed' },
          },
          on: { 'list.jumpToLatest': 'loadingLatest' },
        },
        /** Loads a set around the jump's message (merging overlaps) and rebuilds the list there. */
        jumping: {
          invoke: {
            id: 'loadAround',
            src: 'loadAround',
            input: ({ context }) => ({ messageId: context.jump?.messageId ?? '' }),
            onDone: {
              target: 'settling',
              actions: [
                { type: 'setPagination', params: ({ event }) => ({ pagination: event.output }) },
                'highlightJump',
                'placeAtJump',
              ],
            },
            onError: { target: 'browsing', actions: ['emitJumpFailed', 'clearJump'] },
          },
          on: {
            // A new jump replaces this one (re-entered here, so only the view restarts).
            'list.jumpTo': { target: 'jumping', reenter: true, actions: 'startMessageJump' },
            'list.jumpToFirstUnread': [
              { guard: 'isUnreadLoaded', actions: 'scrollToUnread' },
              { guard: 'hasUnreadAnchor', target: 'jumping', reenter: true, actions: 'startUnreadJump' },
            ],
            'list.jumpToLatest': { target: 'loadingLatest', actions: 'clearJump' },
          },
        },
        /** Back to the latest set (loading it when needed) and rebuilt at its end. */
        loadingLatest: {
          invoke: {
            id: 'loadLatest',
            src: 'loadLatest',
            onDone: {
              target: 'settling',
              actions: [
                { type: 'setPagination', params: ({ event }) => ({ pagination: event.output }) },
                'placeAtBottom',
              ],
            },
            onError: { target: 'browsing', actions: 'emitLoadFailed' },
          },
        },
        /** After a reconnect the client has recovered the channel; re-read paging and unread. */
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'refresh',
            onDone: {
              target: 'browsing',
              actions: [
                { type: 'setPagination', params: ({ event }) => ({ pagination: event.output.pagination }) },
                { type: 'setUnreadCount', params: ({ event }) => ({ unreadCount: event.output.unreadCount }) },
              ],
            },
            onError: 'browsing',
          },
        },
      },
    },
    /** Marks the channel read while its latest end is visible, at most once per throttle period. */
    reading: {
      initial: 'idle',
      states: {
        idle: { always: { guard: and(['isPlaced', 'shouldMarkRead']), target: 'marking' } },
        marking: {
          invoke: {
            id: 'markRead',
            src: 'markRead',
            onDone: { target: 'resting', actions: { type: 'setUnreadCount', params: { unreadCount: 0 } } },
            onError: { target: 'resting', actions: 'emitMarkReadFailed' },
          },
        },
        resting: { after: { markReadThrottle: 'idle' } },
      },
    },
    /** One polite announcement a second at most; newer text replaces what waits. */
    announcer: {
      initial: 'quiet',
      states: {
        quiet: { on: { announce: { target: 'speaking', actions: 'speak' } } },
        speaking: {
          on: { announce: { actions: 'queueAnnouncement' } },
          after: {
            announceInterval: [
              { guard: 'hasPendingAnnouncement', target: 'speaking', reenter: true, actions: 'speakPending' },
              { target: 'quiet' },
            ],
          },
        },
      },
    },
    highlight: {
      initial: 'off',
      states: {
        off: { on: { 'highlight.show': { target: 'on', actions: 'setHighlight' } } },
        on: {
          on: { 'highlight.show': { target: 'on', reenter: true, actions: 'setHighlight' } },
          after: { highlightDuration: { target: 'off', actions: 'clearHighlight' } },
        },
      },
    },
    clock: {
      initial: 'running',
      states: {
        running: { after: { clockTick: { target: 'running', reenter: true, actions: 'tick' } } },
      },
    },
  },
});

export type MessageListMachine = typeof messageListMachine;
