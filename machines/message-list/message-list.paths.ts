/**
 * The message list machine's path model: opened at the latest messages, at an unloaded first
 * unread message, at an addressed message and away from the latest set; every chat call
 * answering with either pagination or an error, every delay elapsing.
 */
import { fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { ownEventTypes, type PathEnd, type PathModel } from '../shared/path-coverage';
import { messageListMachine } from './message-list.machine';
import { FAILURE_KEYS } from './message-list.rules';
import {
  selectAnnouncement,
  selectHighlightedId,
  selectIsLatest,
  selectPagination,
  selectRevision,
  selectScroll,
  selectTick,
  selectViewState,
} from './message-list.selectors';
import type {
  MessageListContext,
  MessageListEvent,
  MessageListInput,
  Pagination,
  RefreshResult,
} from './message-list.types';

const never = () => new Promise<never>(() => {});
const latest: Pagination = { hasPrev: true, hasNext: false, isLatest: true };
const older: Pagination = { hasPrev: true, hasNext: true, isLatest: false };

const inputs: MessageListInput[] = [
  { pagination: latest, unread: { count: 2, lastReadMessageId: 'r1', firstUnreadLoaded: true }, targetMessageId: null },
  {
    pagination: latest,
    unread: { count: 60, lastReadMessageId: 'r1', firstUnreadLoaded: false },
    targetMessageId: null,
  },
  {
    pagination: latest,
    unread: { count: 60, lastReadMessageId: null, firstUnreadLoaded: false },
    targetMessageId: null,
  },
  { pagination: latest, unread: null, targetMessageId: 'm5' },
  { pagination: older, unread: null, targetMessageId: null },
];

const samples: MessageListEvent[] = [
  { type: 'list.startReached' },
  { type: 'list.endReached' },
  { type: 'list.bottomChanged', atBottom: true },
  { type: 'list.bottomChanged', atBottom: false },
  { type: 'list.rendered' },
  { type: 'list.jumpTo', messageId: 'm9' },
  { type: 'list.jumpToLatest' },
  { type: 'list.jumpToFirstUnread', loaded: true },
  { type: 'list.jumpToFirstUnread', loaded: false },
  { type: 'message.received', fromOther: true },
  { type: 'read.changed', unreadCount: 0 },
  { type: 'read.hold' },
  { type: 'connection.restored' },
  { type: 'announce', text: 'Jordan: hi' },
];

function outputFor(type: string): AnyEventObject[] {
  if (type.includes('refresh')) return [{ type, output: { pagination: latest, unreadCount: 0 } }];
  if (type.includes('markRead')) return [{ type, output: {} }];
  return [
    { type, output: latest },
    { type, output: older },
  ];
}

type Regions = { view: string; reading: string; announcer: string; highlight: string };

/**
 * The regions are independent apart from the context they share, so exploring every
 * combination would multiply all their states. Each region is explored while the others rest:
 * the view while nothing is being marked, announced or highlighted (bar a second jump during a
 * highlight); marking read, announcing, highlighting and the clock while the view browses. The
 * other openings are explored only until their first load settles, the first one until its third
 * (deeper paths repeat the same transitions).
 */
function explored(snapshot: AnyMachineSnapshot, type: string): boolean {
  const v = snapshot.value as Regions;
  const c = snapshot.context as MessageListContext;
  if (c.revision > (c.unread?.count === 2 ? 2 : 0)) return false;
  const quiet = v.announcer === 'quiet';
  const browsing = v.view === 'browsing';
  // Reading, new messages and announcements are independent of where the view has been: they
  // are explored from the opened list only (before any load).
  const fresh = c.revision === 0;
  if (type === 'announce' || type.includes('announceInterval'))
    return fresh && browsing && v.reading === 'idle' && v.highlight === 'off' && !c.atBottom;
  if (type.includes('clockTick')) return fresh && browsing && v.reading === 'idle' && quiet;
  if (type.includes('highlightDuration')) return browsing && v.reading === 'idle' && quiet;
  if (type.includes('markRead')) return fresh && browsing && quiet && v.highlight === 'off';
  if (['list.bottomChanged', 'message.received', 'read.changed', 'read.hold'].includes(type))
    return fresh && browsing && quiet && v.highlight === 'off';
  // While settling one noted end is enough to take each way out.
  if (v.view === 'settling' && (type === 'list.startReached' || type === 'list.endReached'))
    return !c.reached.start && !c.reached.end && quiet && v.reading === 'idle' && v.highlight === 'off';
  if (v.highlight === 'on')
    return quiet && v.reading === 'idle' && (type === 'list.jumpTo' || type.includes('loadAround'));
  // Where the member scrolled and what is unread only matter for reading, explored above.
  const untouched = !c.atBottom && c.unreadCount === (c.unread?.count ?? 0);
  return quiet && v.reading === 'idle' && untouched;
}

type Snapshot = Parameters<typeof selectPagination>[0];
const unreadOf = (s: Snapshot) => s.context.unreadCount;
const jumpOf = (s: Snapshot) => s.context.jump;
const loads = ['loadOlder', 'loadNewer', 'loadAround', 'loadLatest'].map((id) => `xstate.done.actor.${id}`);

/**
 * What the last event left: a page answer replaces the pagination (one revision more), a failed
 * call says so once and leaves the pagination, marking read or a refresh zeroes the count, "jump to
 * latest" scrolls when the latest set is shown and loads it otherwise; anything else keeps the
 * pagination and revision.
 */
function outcome(end: PathEnd) {
  const [snapshot, before] = [end.snapshot as Snapshot, end.before as Snapshot];
  const { event, emitted } = end;
  const type = event?.type ?? '';
  const kept = [selectPagination(before), selectRevision(before)];
  if (loads.includes(type))
    return {
      actual: [selectPagination(snapshot), selectRevision(snapshot), emitted],
      expected: [event!.output, selectRevision(before) + 1, []],
    };
  if (type === 'xstate.done.actor.refresh')
    return {
      actual: [selectPagination(snapshot), unreadOf(snapshot), selectViewState(snapshot)],
      expected: [latest, 0, 'browsing'],
    };
  if (type === 'xstate.done.actor.markRead') return { actual: unreadOf(snapshot), expected: 0 };
  if (type === 'xstate.error.actor.markRead')
    return { actual: emitted, expected: [{ type: 'messageList.failed', key: FAILURE_KEYS.markRead }] };
  if (type.startsWith('xstate.error.actor.')) {
    const key =
      type !== 'xstate.error.actor.loadAround'
        ? FAILURE_KEYS.load
        : jumpOf(before)?.kind === 'unread'
          ? FAILURE_KEYS.jumpToUnread
          : FAILURE_KEYS.jump;
    // A failed refresh is silent: the channel stays as the client recovered it.
    const failedCall = type !== 'xstate.error.actor.refresh';
    return {
      actual: [emitted, selectViewState(snapshot), selectPagination(snapshot), selectRevision(snapshot)],
      expected: [failedCall ? [{ type: 'messageList.failed', key }] : [], 'browsing', ...kept],
    };
  }
  if (type === 'list.jumpToLatest') {
    const view = selectViewState(before);
    const placed = ['browsing', 'settling'].includes(view);
    if (placed && selectIsLatest(before))
      return {
        actual: [selectScroll(snapshot), selectViewState(snapshot)],
        expected: [{ seq: selectScroll(before).seq + 1, target: { kind: 'bottom' } }, view],
      };
    return {
      actual: [selectViewState(snapshot), ...kept],
      expected: [
        placed || ['loadingOlder', 'loadingNewer', 'jumping'].includes(view) ? 'loadingLatest' : view,
        ...kept,
      ],
    };
  }
  if (type === 'list.jumpTo')
    return {
      actual: [selectViewState(snapshot), jumpOf(snapshot)],
      expected: ['jumping', { kind: 'message', messageId: 'm9' }],
    };
  if (type.includes('highlightDuration')) return { actual: selectHighlightedId(snapshot), expected: null };
  if (type.includes('clockTick')) return { actual: selectTick(snapshot), expected: selectTick(before) + 1 };
  if (type === 'read.changed') return { actual: unreadOf(snapshot), expected: 0 };
  if (type === 'announce' && selectAnnouncement(before) === null)
    return { actual: selectAnnouncement(snapshot)?.text, expected: 'Jordan: hi' };
  return { actual: [selectPagination(snapshot), selectRevision(snapshot), emitted], expected: [...kept, []] };
}

export const pathModel: PathModel = {
  name: 'message-list',
  machine: messageListMachine.provide({
    actors: {
      loadOlder: fromPromise<Pagination>(never),
      loadNewer: fromPromise<Pagination>(never),
      loadAround: fromPromise<Pagination, { messageId: string }>(never),
      loadLatest: fromPromise<Pagination>(never),
      refresh: fromPromise<RefreshResult>(never),
      markRead: fromPromise<unknown>(never),
    },
  }),
  inputs,
  events: (snapshot) =>
    ownEventTypes(snapshot)
      .filter((type) => explored(snapshot, type))
      .flatMap((type): AnyEventObject[] => {
        if (type.startsWith('xstate.done.actor.')) return outputFor(type);
        if (type.startsWith('xstate.error.actor.')) return [{ type, error: new Error('offline') }];
        if (type.startsWith('xstate.after.')) return [{ type }];
        return samples.filter((e) => e.type === type);
      }),
  // Counters grow without end; buckets keep the graph finite.
  serializeState: (snapshot: AnyMachineSnapshot) => {
    const c = snapshot.context as MessageListContext;
    return JSON.stringify({
      value: snapshot.value as unknown,
      pagination: c.pagination,
      unread: c.unread,
      unreadCount: c.unreadCount > 0,
      atBottom: c.atBottom,
      jump: c.jump?.kind ?? null,
      pending: c.pendingAnnouncement !== null,
      reached: c.reached,
    });
  },
  outcomes: { '*': outcome },
};
