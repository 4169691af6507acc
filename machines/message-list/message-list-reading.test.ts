import { describe, expect, it } from 'vitest';
import { latest, start } from './message-list.fixtures';
import { ANNOUNCE_INTERVAL_MS, CLOCK_TICK_MS, HIGHLIGHT_MS, MARK_READ_THROTTLE_MS } from './message-list.rules';
import {
  selectAnnouncement,
  selectHighlightedId,
  selectNewBelow,
  selectNow,
  selectPagination,
  selectReadingState,
  selectShowJumpToLatest,
  selectTick,
  selectViewState,
} from './message-list.selectors';

describe('message list machine: new messages and reading', () => {
  it('counts new messages from others below while scrolled up, and clears the count at the bottom', async () => {
    const { run, snap, markRead } = start();
    run
      .send({ type: 'list.bottomChanged', atBottom: false })
      .send({ type: 'message.received', fromOther: true })
      .send({ type: 'message.received', fromOther: true })
      .send({ type: 'message.received', fromOther: false });
    expect(selectNewBelow(snap())).toBe(2);
    expect(selectShowJumpToLatest(snap())).toBe(true);
    expect(markRead.calls).toHaveLength(0);
    run.send({ type: 'list.bottomChanged', atBottom: true });
    expect(selectNewBelow(snap())).toBe(0);
    expect(selectShowJumpToLatest(snap())).toBe(false);
    // At the bottom with unread messages: marked read.
    expect(markRead.calls).toHaveLength(1);
    markRead.last().resolve({});
    await run.settle();
    expect(selectReadingState(snap())).toBe('resting');
  });

  it('does not count while at the bottom of the latest set, but marks read, throttled to 1000 ms', async () => {
    const { run, snap, markRead } = start();
    run.send({ type: 'list.bottomChanged', atBottom: true }).send({ type: 'message.received', fromOther: true });
    expect(selectNewBelow(snap())).toBe(0);
    expect(markRead.calls).toHaveLength(1);
    markRead.last().resolve({});
    (await run.settle()).send({ type: 'message.received', fromOther: true }).advance(MARK_READ_THROTTLE_MS - 1);
    expect(markRead.calls).toHaveLength(1);
    run.advance(1);
    expect(markRead.calls).toHaveLength(2);
  });

  it('marks nothing read once the member asks to mark unread, not even when the throttle ends', async () => {
    const { run, snap, markRead } = start();
    run.send({ type: 'list.bottomChanged', atBottom: true }).send({ type: 'message.received', fromOther: true });
    markRead.last().resolve({});
    (await run.settle())
      .send({ type: 'message.received', fromOther: true })
      .send({ type: 'read.hold' })
      .advance(MARK_READ_THROTTLE_MS);
    expect(markRead.calls).toHaveLength(1);
    expect(selectReadingState(snap())).toBe('idle');
    // Scrolling away and back is reading again.
    run.send({ type: 'list.bottomChanged', atBottom: false }).send({ type: 'list.bottomChanged', atBottom: true });
    expect(markRead.calls).toHaveLength(2);
  });

  it('keeps counting below while viewing an older set, even at its bottom', async () => {
    const { run, snap, around } = start();
    run.send({ type: 'list.jumpTo', messageId: 'old' });
    around.last().resolve({ hasPrev: true, hasNext: true, isLatest: false });
    (await run.settle())
      .send({ type: 'list.bottomChanged', atBottom: true })
      .send({ type: 'message.received', fromOther: true });
    expect(selectNewBelow(snap())).toBe(1);
  });

  it('does not mark read when nothing is unread, and follows the read state from elsewhere', () => {
    const { run, markRead } = start({ unread: { count: 4, lastReadMessageId: 'a', firstUnreadLoaded: true } });
    run.send({ type: 'read.changed', unreadCount: 0 }).send({ type: 'list.bottomChanged', atBottom: true });
    expect(markRead.calls).toHaveLength(0);
    run.send({ type: 'read.changed', unreadCount: 1 });
    expect(markRead.calls).toHaveLength(1);
  });

  it('leaves a channel the member marked unread unread until they scroll away or a message arrives', () => {
    const { run, markRead } = start({ unread: { count: 0, lastReadMessageId: 'a', firstUnreadLoaded: true } });
    run
      .send({ type: 'list.bottomChanged', atBottom: true })
      .send({ type: 'read.changed', unreadCount: 3, markedUnread: true });
    expect(markRead.calls).toHaveLength(0);
    run.send({ type: 'list.bottomChanged', atBottom: false }).send({ type: 'list.bottomChanged', atBottom: true });
    expect(markRead.calls).toHaveLength(1);
  });

  it('marks read again when a new message arrives after marking unread', () => {
    const { run, markRead } = start({ unread: { count: 0, lastReadMessageId: 'a', firstUnreadLoaded: true } });
    run
      .send({ type: 'list.bottomChanged', atBottom: true })
      .send({ type: 'read.changed', unreadCount: 2, markedUnread: true });
    expect(markRead.calls).toHaveLength(0);
    run.send({ type: 'message.received', fromOther: true });
    expect(markRead.calls).toHaveLength(1);
  });

  it("says 'Failed to mark channel as read' when marking fails", async () => {
    const { run, markRead } = start({
      unread: { count: 1, lastReadMessageId: 'a', firstUnreadLoaded: true },
    });
    run.send({ type: 'list.bottomChanged', atBottom: true });
    markRead.last().reject(new Error('offline'));
    (await run.settle()).expectEmitted('messageList.failed', { key: 'chat.messageList.markReadFailed' });
  });

  it('refreshes paging and unread count after the connection recovered', async () => {
    const { run, snap, refresh, recover } = start();
    recover();
    expect(selectViewState(snap())).toBe('refreshing');
    refresh.last().resolve({ pagination: { hasPrev: false, hasNext: false, isLatest: true }, unreadCount: 0 });
    await run.settle();
    expect(selectViewState(snap())).toBe('browsing');
    expect(selectPagination(snap()).hasPrev).toBe(false);
    recover();
    refresh.last().reject(new Error('again'));
    await run.settle();
    expect(selectViewState(snap())).toBe('browsing');
  });
});

describe('message list machine: announcements and clock', () => {
  it('announces at most once a second, the newest waiting text next', () => {
    const { run, snap } = start();
    run.send({ type: 'announce', text: 'Jordan: hi' });
    expect(selectAnnouncement(snap())).toEqual({ text: 'Jordan: hi', seq: 1 });
    run
      .send({ type: 'announce', text: 'Jordan is typing…' })
      .send({ type: 'announce', text: 'Jordan: are you there?' })
      .advance(ANNOUNCE_INTERVAL_MS - 1);
    expect(selectAnnouncement(snap())?.text).toBe('Jordan: hi');
    run.advance(1);
    expect(selectAnnouncement(snap())).toEqual({ text: 'Jordan: are you there?', seq: 2 });
    run.advance(ANNOUNCE_INTERVAL_MS).send({ type: 'announce', text: 'Sam: ok' });
    expect(selectAnnouncement(snap())).toEqual({ text: 'Sam: ok', seq: 3 });
  });

  it('ticks so relative times refresh', () => {
    const { run, snap } = start();
    // Opening let the list settle (the clock moved on); the times are the clock's, read through `now`.
    const opened = run.clock.now();
    expect(selectNow(snap())).toBe(0);
    run.advance(CLOCK_TICK_MS - opened - 1);
    expect([selectTick(snap()), selectNow(snap())]).toEqual([0, 0]);
    run.advance(1).advance(CLOCK_TICK_MS);
    expect(selectTick(snap())).toBe(2);
    expect(selectNow(snap())).toBe(2 * CLOCK_TICK_MS);
  });

  it('restarts the highlight on a second jump', async () => {
    const { run, snap, around } = start();
    run.send({ type: 'list.jumpTo', messageId: 'a' });
    around.last().resolve(latest);
    (await run.settle()).advance(HIGHLIGHT_MS - 10).send({ type: 'list.jumpTo', messageId: 'b' });
    around.last().resolve(latest);
    (await run.settle()).advance(20);
    expect(selectHighlightedId(snap())).toBe('b');
  });
});
