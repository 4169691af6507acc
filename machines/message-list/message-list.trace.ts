import { testIn, type TraceEntry } from '../shared/trace';

const test = testIn('machines/message-list/message-list.test.ts');
const reading = testIn('machines/message-list/message-list-reading.test.ts');
const machine = 'messageList';

export const trace: TraceEntry[] = [
  {
    clause: '§4.9a',
    statement: 'Message sets: latest and current.',
    machine,
    transitions: [
      'view.opening --always--> view.settling',
      'view.opening --always [isAwayFromLatest]--> view.loadingLatest',
      'view.settling --list.jumpToLatest--> view.loadingLatest',
      'view.browsing --list.jumpToLatest--> view.loadingLatest',
      'view.browsing --list.jumpToLatest [isLatest]--> (stays)',
      'view.settling --list.jumpToLatest [isLatest]--> (stays)',
      'view.loadingLatest --done: loadLatest--> view.settling',
      'view.loadingLatest --error: loadLatest--> view.browsing',
    ],
    tests: [
      test('opens at the latest messages when nothing is unread and nothing is addressed'),
      test('goes back to the latest set when the channel was left elsewhere in its history'),
      test('only scrolls to the end when already on the latest set'),
    ],
  },
  {
    clause: '§4.9b',
    statement: 'Jump-to-message loads a set around an id and merges overlaps.',
    machine,
    transitions: [
      'view --list.jumpTo--> view.jumping',
      'view.jumping --list.jumpTo--> view.jumping (re-entered)',
      'view.jumping --list.jumpToLatest--> view.loadingLatest',
      'view.opening --always [hasTarget]--> view.jumping',
      'view.jumping --done: loadAround--> view.settling',
      'view.jumping --error: loadAround--> view.browsing',
      'highlight.off --highlight.show--> highlight.on',
      'highlight.on --highlight.show--> highlight.on (re-entered)',
      'highlight.on --after highlightDuration--> highlight.off',
    ],
    tests: [
      test('jumps to the addressed message first, and highlights it for a while'),
      test('jumps to a far message and back to the latest, rebuilding the list each time'),
      test('a new jump replaces one in progress; jump to latest cancels it'),
      reading('restarts the highlight on a second jump'),
    ],
    note: "The client's `ChannelState` keeps the sets and merges overlaps; the machine decides when to load around an id.",
  },
  {
    clause: '§4.9c',
    statement: 'hasPrev and hasNext recomputed after each page.',
    machine,
    transitions: [
      'view.browsing --list.startReached [hasPrev]--> view.loadingOlder',
      'view.browsing --list.endReached [hasNext]--> view.loadingNewer',
      'view.loadingOlder --done: loadOlder--> view.browsing',
      'view.loadingNewer --done: loadNewer--> view.browsing',
      'view.loadingOlder --list.jumpToLatest--> view.loadingLatest',
      'view.loadingNewer --list.jumpToLatest--> view.loadingLatest',
      'view.settling --list.startReached--> (stays)',
      'view.settling --list.endReached--> (stays)',
      'view.settling.rendering --list.rendered--> view.settling.placing',
      'view.settling.rendering --after renderWait--> view.settling.placing',
      'view.settling.placing --after settleDelay [wantsNewer]--> view.loadingNewer',
      'view.settling.placing --after settleDelay [wantsOlder]--> view.loadingOlder',
      'view.settling.placing --after settleDelay--> view.browsing',
      'view.browsing --connection.restored--> view.refreshing',
      'view.settling --connection.restored--> view.refreshing',
      'view.refreshing --done: refresh--> view.browsing',
      'view.refreshing --error: refresh--> view.browsing',
    ],
    tests: [
      test('loads older pages only while there are older messages, recomputing hasPrev each time'),
      test('loads newer pages only while hasNext, and tells a failure'),
      test('pages an end that came into view while the rebuilt list was being placed, after the delay'),
      test('starts the settle delay anyway when the rebuilt list shows no rows within the render wait'),
      test('pages the top after the delay, and nothing when neither end was reached'),
      reading('refreshes paging and unread count after the connection recovered'),
      test('goes back to the latest or refreshes from settling too'),
    ],
  },
  {
    clause: '§8.9c',
    statement: 'Corrupted message set state is logged (a page that fails keeps the set shown).',
    machine,
    transitions: [
      'view.loadingOlder --error: loadOlder--> view.browsing',
      'view.loadingNewer --error: loadNewer--> view.browsing',
    ],
    tests: [
      test('tells a failed older page and stays where it was'),
      test('loads newer pages only while hasNext, and tells a failure'),
    ],
  },
  {
    clause: '§8.10h',
    statement:
      'Error marking message unread (cannot mark messages older than the newest 100 channel messages); Failed to mark channel as read; Failed to jump to the first unread message.',
    machine,
    transitions: [
      'reading.marking --error: markRead--> reading.resting',
      'view --list.jumpToFirstUnread [hasUnreadAnchor]--> view.jumping',
      'view --list.jumpToFirstUnread [isUnreadLoaded]--> (stays)',
      'view.jumping --list.jumpToFirstUnread [isUnreadLoaded]--> (stays)',
      'view.jumping --list.jumpToFirstUnread [hasUnreadAnchor]--> view.jumping (re-entered)',
      'view.opening --always [needsUnreadLoad]--> view.jumping',
    ],
    tests: [
      reading("says 'Failed to mark channel as read' when marking fails"),
      test('says a message could not be found, and the first unread one could not be reached'),
      test('jumps to the first unread message: a scroll when loaded, a load when not'),
      test('cannot jump to the first unread message without knowing the last read one'),
      test('loads the messages around the last read one when the first unread is not loaded'),
    ],
  },
  {
    clause: '§9.3g',
    statement: 'Mark-read throttle 1000 ms.',
    machine,
    transitions: [
      'reading.idle --always [and(isPlaced, shouldMarkRead)]--> reading.marking',
      'reading.marking --done: markRead--> reading.resting',
      'reading.resting --after markReadThrottle--> reading.idle',
      '(messageList) --list.bottomChanged--> (stays)',
      '(messageList) --message.received--> (stays)',
      '(messageList) --read.hold--> (stays)',
      '(messageList) --read.changed--> (stays)',
    ],
    tests: [
      reading('does not count while at the bottom of the latest set, but marks read, throttled to 1000 ms'),
      reading('marks nothing read once the member asks to mark unread, not even when the throttle ends'),
      reading('does not mark read when nothing is unread, and follows the read state from elsewhere'),
      reading('counts new messages from others below while scrolled up, and clears the count at the bottom'),
    ],
  },
];
