import { describe, expect, it } from 'vitest';
import { latest, start } from './message-list.fixtures';
import { HIGHLIGHT_MS, RENDER_WAIT_MS, SETTLE_MS } from './message-list.rules';
import {
  selectHighlightedId,
  selectIsJumping,
  selectIsLoadingOlder,
  selectListEpoch,
  selectPagination,
  selectReadingState,
  selectRevision,
  selectScroll,
  selectShowJumpToLatest,
  selectUnreadMarker,
  selectViewState,
} from './message-list.selectors';

describe('message list machine: opening', () => {
  it('opens at the latest messages when nothing is unread and nothing is addressed', () => {
    const { snap } = start();
    expect(selectViewState(snap())).toBe('browsing');
    expect(selectScroll(snap()).target).toEqual({ kind: 'bottom' });
  });

  it('opens at the first unread message when it is loaded', () => {
    const { snap, around } = start({ unread: { count: 3, lastReadMessageId: 'm7', firstUnreadLoaded: true } });
    expect(selectViewState(snap())).toBe('browsing');
    expect(selectScroll(snap()).target).toEqual({ kind: 'unread' });
    expect(around.calls).toHaveLength(0);
  });

  it('loads the messages around the last read one when the first unread is not loaded', async () => {
    const machine = start({ unread: { count: 40, lastReadMessageId: 'm7', firstUnreadLoaded: false } });
    const { snap, around } = machine;
    expect(selectViewState(snap())).toBe('jumping');
    expect(around.last().input).toEqual({ messageId: 'm7' });
    around.last().resolve({ hasPrev: true, hasNext: true, isLatest: false });
    await machine.run.settle();
    expect(selectViewState(snap())).toBe('settling');
    machine.settle();
    expect(selectViewState(snap())).toBe('browsing');
    expect(selectScroll(snap()).target).toEqual({ kind: 'unread' });
    expect(selectUnreadMarker(snap())?.firstUnreadLoaded).toBe(true);
    expect(selectListEpoch(snap())).toBe(1);
    // An unread jump highlights nothing: the separator marks the place.
    expect(selectHighlightedId(snap())).toBeNull();
  });

  it('marks nothing read while it jumps, even when the set shown meanwhile reports its bottom', async () => {
    const machine = start({ unread: { count: 40, lastReadMessageId: 'm7', firstUnreadLoaded: false } });
    const { run, snap, around, markRead } = machine;
    // The latest messages are on screen until the jump's set arrives; their bottom says nothing.
    run.send({ type: 'list.bottomChanged', atBottom: true });
    expect(markRead.calls).toHaveLength(0);
    around.last().resolve({ hasPrev: true, hasNext: true, isLatest: true });
    await machine.run.settle();
    run.send({ type: 'list.bottomChanged', atBottom: true });
    expect(markRead.calls).toHaveLength(0);
    machine.settle();
    expect(selectViewState(snap())).toBe('browsing');
    run.send({ type: 'list.bottomChanged', atBottom: true });
    expect(markRead.calls).toHaveLength(1);
  });

  it('jumps to the addressed message first, and highlights it for a while', async () => {
    const { run, snap, around } = start({ targetMessageId: 'm3' });
    expect(selectIsJumping(snap())).toBe(true);
    expect(around.last().input).toEqual({ messageId: 'm3' });
    around.last().resolve({ hasPrev: true, hasNext: true, isLatest: false });
    await run.settle();
    expect(selectScroll(snap()).target).toEqual({ kind: 'message', messageId: 'm3' });
    expect(selectHighlightedId(snap())).toBe('m3');
    expect(selectPagination(snap())).toEqual({ hasPrev: true, hasNext: true, isLatest: false });
    run.advance(HIGHLIGHT_MS);
    expect(selectHighlightedId(snap())).toBeNull();
  });

  it('goes back to the latest set when the channel was left elsewhere in its history', async () => {
    const machine = start({ pagination: { hasPrev: true, hasNext: true, isLatest: false } });
    const { snap, toLatest } = machine;
    expect(selectViewState(snap())).toBe('loadingLatest');
    toLatest.last().resolve(latest);
    await machine.run.settle();
    machine.settle();
    expect(selectViewState(snap())).toBe('browsing');
    expect(selectScroll(snap()).target).toEqual({ kind: 'bottom' });
  });
});

describe('message list machine: pages', () => {
  it('loads older pages only while there are older messages, recomputing hasPrev each time', async () => {
    const { run, snap, older } = start();
    run.send({ type: 'list.startReached' });
    expect(selectIsLoadingOlder(snap())).toBe(true);
    // A second signal while loading does not start another request.
    run.send({ type: 'list.startReached' });
    expect(older.calls).toHaveLength(1);
    older.last().resolve({ hasPrev: true, hasNext: false, isLatest: true });
    await run.settle();
    expect(selectRevision(snap())).toBe(1);
    run.send({ type: 'list.startReached' });
    older.last().resolve({ hasPrev: false, hasNext: false, isLatest: true });
    await run.settle();
    expect(selectPagination(snap()).hasPrev).toBe(false);
    run.send({ type: 'list.startReached' });
    expect(older.calls).toHaveLength(2);
    expect(selectViewState(snap())).toBe('browsing');
  });

  it('loads newer pages only while hasNext, and tells a failure', async () => {
    const { run, snap, newer } = start({ pagination: { hasPrev: true, hasNext: false, isLatest: true } });
    run.send({ type: 'list.endReached' });
    expect(newer.calls).toHaveLength(0);

    const away = start({ targetMessageId: 'm1' });
    away.around.last().resolve({ hasPrev: true, hasNext: true, isLatest: false });
    await run.settle();
    away.settle();
    away.run.send({ type: 'list.endReached' });
    expect(selectViewState(away.snap())).toBe('loadingNewer');
    away.newer.last().reject(new Error('timeout'));
    await run.settle();
    expect(selectViewState(away.snap())).toBe('browsing');
    away.run.expectEmitted('messageList.failed', { key: 'chat.messageList.loadFailed' });
    run.expectEmitted('messageList.failed');
    expect(snap).toBeDefined();
  });

  it('tells a failed older page and stays where it was', async () => {
    const { run, snap, older } = start();
    run.send({ type: 'list.startReached' });
    older.last().reject(new Error('boom'));
    await run.settle();
    expect(selectViewState(snap())).toBe('browsing');
    run.expectEmitted('messageList.failed', { key: 'chat.messageList.loadFailed' });
  });
});

describe('message list machine: settling after a rebuild', () => {
  it('pages an end that came into view while the rebuilt list was being placed, after the delay', async () => {
    const { run, snap, around, newer, older } = start({ targetMessageId: 'm1' });
    around.last().resolve({ hasPrev: true, hasNext: true, isLatest: false });
    await run.settle();
    expect(selectViewState(snap())).toBe('settling');
    run.send({ type: 'list.startReached' }).send({ type: 'list.endReached' });
    // The delay counts from the first rows react-virtuoso shows, not from the rebuild.
    run.advance(SETTLE_MS);
    expect(selectViewState(snap())).toBe('settling');
    run.send({ type: 'list.rendered' }).advance(SETTLE_MS - 1);
    expect(newer.calls).toHaveLength(0);
    run.advance(1);
    // Newer first (the member reads down from a jump); the top is paged when it is reached again.
    expect(selectViewState(snap())).toBe('loadingNewer');
    expect(older.calls).toHaveLength(0);
  });

  it('starts the settle delay anyway when the rebuilt list shows no rows within the render wait', async () => {
    const { run, snap, around } = start({ targetMessageId: 'm1' });
    around.last().resolve({ hasPrev: false, hasNext: false, isLatest: true });
    (await run.settle()).advance(RENDER_WAIT_MS).advance(SETTLE_MS - 1);
    expect(selectViewState(snap())).toBe('settling');
    run.advance(1);
    expect(selectViewState(snap())).toBe('browsing');
  });

  it('pages the top after the delay, and nothing when neither end was reached', async () => {
    const top = start({ targetMessageId: 'm1' });
    top.around.last().resolve({ hasPrev: true, hasNext: false, isLatest: true });
    await top.run.settle();
    top.run.send({ type: 'list.startReached' });
    top.settle();
    expect(selectViewState(top.snap())).toBe('loadingOlder');

    const still = start({ targetMessageId: 'm1' });
    still.around.last().resolve({ hasPrev: true, hasNext: true, isLatest: false });
    await still.run.settle();
    still.settle();
    expect(selectViewState(still.snap())).toBe('browsing');
  });

  it('goes back to the latest or refreshes from settling too', async () => {
    const away = start({ targetMessageId: 'm1' });
    away.around.last().resolve({ hasPrev: true, hasNext: true, isLatest: false });
    await away.run.settle();
    away.run.send({ type: 'list.jumpToLatest' });
    expect(selectViewState(away.snap())).toBe('loadingLatest');

    const here = start({ targetMessageId: 'm1' });
    here.around.last().resolve(latest);
    await here.run.settle();
    const seq = selectScroll(here.snap()).seq;
    here.run.send({ type: 'list.jumpToLatest' });
    expect(selectScroll(here.snap()).seq).toBe(seq + 1);
    here.run.send({ type: 'connection.restored' });
    expect(selectViewState(here.snap())).toBe('refreshing');
  });
});

describe('message list machine: jumps', () => {
  it('jumps to a far message and back to the latest, rebuilding the list each time', async () => {
    const { run, snap, around, toLatest } = start();
    run.send({ type: 'list.jumpTo', messageId: 'old-1' });
    around.last().resolve({ hasPrev: true, hasNext: true, isLatest: false });
    await run.settle();
    expect(selectListEpoch(snap())).toBe(1);
    // Not offered while react-virtuoso places the rebuilt list (it would flash), then offered.
    expect(selectShowJumpToLatest(snap())).toBe(false);
    run.send({ type: 'list.rendered' }).advance(SETTLE_MS);
    expect(selectShowJumpToLatest(snap())).toBe(true);
    run.send({ type: 'list.jumpToLatest' });
    expect(selectViewState(snap())).toBe('loadingLatest');
    toLatest.last().resolve(latest);
    await run.settle();
    expect(selectListEpoch(snap())).toBe(2);
    expect(selectScroll(snap()).target).toEqual({ kind: 'bottom' });
  });

  it('only scrolls to the end when already on the latest set', () => {
    const { run, snap, toLatest } = start();
    const before = selectScroll(snap()).seq;
    run.send({ type: 'list.jumpToLatest' });
    expect(toLatest.calls).toHaveLength(0);
    expect(selectScroll(snap())).toEqual({ seq: before + 1, target: { kind: 'bottom' } });
    expect(selectListEpoch(snap())).toBe(0);
  });

  it('a new jump replaces one in progress; jump to latest cancels it', async () => {
    const { run, snap, around } = start();
    run.send({ type: 'list.jumpTo', messageId: 'a' }).send({ type: 'list.jumpTo', messageId: 'b' });
    expect(around.calls.map((c) => c.input.messageId)).toEqual(['a', 'b']);
    around.calls[0]!.resolve(latest);
    await run.settle();
    expect(selectViewState(snap())).toBe('jumping');
    run.send({ type: 'list.jumpToLatest' });
    expect(selectViewState(snap())).toBe('loadingLatest');
  });

  it('says a message could not be found, and the first unread one could not be reached', async () => {
    const { run, around } = start({
      unread: { count: 60, lastReadMessageId: 'r1', firstUnreadLoaded: false },
    });
    around.last().reject(new Error('not found'));
    (await run.settle())
      .expectEmitted('messageList.failed', { key: 'chat.messageList.jumpToUnreadFailed' })
      .send({ type: 'list.jumpTo', messageId: 'gone' });
    around.last().reject(new Error('not found'));
    (await run.settle()).expectEmitted(
      'messageList.failed',
      { key: 'chat.messageList.jumpToUnreadFailed' },
      { key: 'chat.messageList.jumpFailed' },
    );
  });

  it('jumps to the first unread message: a scroll when loaded, a load when not', async () => {
    const { run, snap, around } = start({ unread: { count: 2, lastReadMessageId: 'r1', firstUnreadLoaded: true } });
    const seq = selectScroll(snap()).seq;
    run.send({ type: 'list.jumpToFirstUnread', loaded: true });
    expect(selectScroll(snap())).toEqual({ seq: seq + 1, target: { kind: 'unread' } });
    run.send({ type: 'list.jumpToFirstUnread', loaded: false });
    expect(around.last().input).toEqual({ messageId: 'r1' });
    around.last().resolve({ hasPrev: true, hasNext: true, isLatest: false });
    await run.settle();
    expect(selectScroll(snap()).target).toEqual({ kind: 'unread' });
  });

  it('a jump during another one restarts only the view: marking read is not repeated', async () => {
    const { run, snap, around, markRead } = start({
      unread: { count: 1, lastReadMessageId: 'r', firstUnreadLoaded: true },
    });
    run.send({ type: 'list.bottomChanged', atBottom: true });
    expect(markRead.calls).toHaveLength(1);
    run.send({ type: 'list.jumpTo', messageId: 'a' }).send({ type: 'list.jumpTo', messageId: 'b' });
    expect(selectReadingState(snap())).toBe('marking');
    expect(markRead.calls).toHaveLength(1);
    expect(around.calls).toHaveLength(2);
  });

  it('cannot jump to the first unread message without knowing the last read one', () => {
    const { run, snap, around } = start({ unread: { count: 2, lastReadMessageId: null, firstUnreadLoaded: false } });
    run.send({ type: 'list.jumpToFirstUnread', loaded: false });
    expect(around.calls).toHaveLength(0);
    expect(selectViewState(snap())).toBe('browsing');
  });
});
