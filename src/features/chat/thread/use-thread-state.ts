/**
 * The thread panel's view of stream-chat's `Thread` state (its parent, replies, paging), kept
 * current with the store's own subscription, and the rows to draw: the parent, then the replies
 * with the member's replies still in the outbox (sending or failed) after them.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import type { Thread } from 'stream-chat';
import { selectEntriesFor, type OutboxListItem } from '../../../../machines/outbox/outbox.selectors';
import type { OutboxActor } from '../../../lib/chat/channel-machines';
import { buildRows, RowCache, type Row } from '../message-list/rows';

const sameEntries = (a: OutboxListItem[], b: OutboxListItem[]) =>
  a.length === b.length && a.every((entry, i) => entry === b[i]);

/** The thread's state, re-read whenever the client changes it. */
export function useThreadState(thread: Thread) {
  const subscribe = useCallback((notify: () => void) => thread.state.subscribe(notify), [thread]);
  const read = useCallback(() => thread.state.getLatestValue(), [thread]);
  return useSyncExternalStore(subscribe, read);
}

export interface ThreadRows {
  parent: Row | null;
  replies: Row[];
  replyCount: number;
}

export function useThreadRows(thread: Thread, outbox: OutboxActor, userId: string): ThreadRows {
  const state = useThreadState(thread);
  const cid = thread.channel.cid;
  const pending = useSelector(outbox, (snapshot) => selectEntriesFor(snapshot, cid, thread.id), sameEntries);
  const [cache] = useState(() => new RowCache());
  const { parentMessage, replies, pagination, replyCount } = state;
  return useMemo(() => {
    const common = { userId, firstUnreadId: null, unreadCount: 0, reads: {}, inThread: true } as const;
    const [parent = null] = buildRows({
      ...common,
      messages: [parentMessage],
      pending: [],
      isLatest: false,
      hasPrev: false,
    });
    const rows = buildRows({
      ...common,
      messages: replies,
      pending,
      isLatest: true,
      hasPrev: pagination.prevCursor !== null,
    });
    return { parent, replies: cache.stabilize(rows), replyCount };
  }, [parentMessage, replies, pending, pagination.prevCursor, replyCount, userId, cache]);
}
