import type { LocalMessage } from 'stream-chat';
import { describe, expect, it } from 'vitest';
import type { OutboxListItem } from '../../../../machines/outbox/outbox.selectors';
import { buildRows, GROUP_WINDOW_MS, RowCache, type MessageRow } from './rows';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 10, 0) + minutes * 60_000);

function message(id: string, user: string, minutes: number, extra: Partial<LocalMessage> = {}): LocalMessage {
  return {
    id,
    text: id,
    type: 'regular',
    user: { id: user, name: user.toUpperCase() },
    created_at: at(minutes),
    updated_at: at(minutes),
    deleted_at: null,
    pinned_at: null,
    status: 'received',
    ...extra,
  };
}

function pending(id: string, status: 'sending' | 'failed', minutes = 100): OutboxListItem {
  return {
    id,
    message: { id, text: id, cid: 'team:general', createdAt: at(minutes).toISOString() },
    status,
    failure: status === 'failed' ? 'unsent' : null,
    lastError: null,
    label: status === 'failed' ? { key: 'chat.outbox.unsent' } : null,
    notice: null,
    canRetry: status === 'failed',
  };
}

const base = {
  pending: [],
  userId: 'me',
  isLatest: true,
  hasPrev: false,
  firstUnreadId: null,
  unreadCount: 0,
  reads: {},
};

describe('message list rows', () => {
  it('groups one author within 5 minutes; a new day, the unread separator or a system message break groups', () => {
    const rows = buildRows({
      ...base,
      messages: [
        message('a', 'jo', 0),
        message('b', 'jo', 1),
        message('c', 'jo', 1 + GROUP_WINDOW_MS / 60_000 + 1),
        message('d', 'jo', 8),
        message('s', 'jo', 9, { type: 'system' }),
        message('e', 'jo', 10),
        message('f', 'jo', 24 * 60),
      ],
      firstUnreadId: 'd',
      unreadCount: 4,
    });
    expect(rows.map((r) => [r.key, r.groupStart, r.dayStart, r.unreadCount])).toEqual([
      ['a', true, true, null],
      ['b', false, false, null],
      ['c', true, false, null],
      ['d', true, false, 4],
      ['s', true, false, null],
      ['e', true, false, null],
      ['f', true, true, null],
    ]);
  });

  it('leaves out thread-only replies and other members’ shadowed messages', () => {
    const rows = buildRows({
      ...base,
      messages: [
        message('reply', 'jo', 0, { parent_id: 'x' }),
        message('shown-reply', 'jo', 1, { parent_id: 'x', show_in_channel: true }),
        message('shadow', 'jo', 2, { shadowed: true }),
        message('my-shadow', 'me', 3, { shadowed: true }),
      ],
    });
    expect(rows.map((r) => r.key)).toEqual(['shown-reply', 'my-shadow']);
  });

  it('puts outbox entries after the messages, never twice, and only with the latest set', () => {
    const messages = [message('a', 'jo', 0), message('sent-already', 'me', 1)];
    const entries = [pending('sent-already', 'sending'), pending('failed-1', 'failed'), pending('new-1', 'sending')];
    const rows = buildRows({ ...base, messages, pending: entries });
    expect(rows.map((r) => r.key)).toEqual(['a', 'sent-already', 'pending:failed-1', 'pending:new-1']);
    expect(rows[3]!.receipt).toEqual({ status: 'sending' });
    expect(buildRows({ ...base, messages, pending: entries, isLatest: false }).map((r) => r.key)).toEqual([
      'a',
      'sent-already',
    ]);
  });

  it('marks my last message sent, or read with the readers who read up to it', () => {
    const messages = [message('mine', 'me', 0), message('theirs', 'jo', 1), message('last', 'me', 2)];
    const read = (id: string, name: string, minutes: number) => ({
      user: { id, name },
      last_read: at(minutes),
      unread_messages: 0,
    });
    expect(buildRows({ ...base, messages }).find((r) => r.key === 'last')!.receipt).toEqual({ status: 'sent' });
    const rows = buildRows({
      ...base,
      messages,
      reads: { me: read('me', 'Me', 5), jo: read('jo', 'Jo', 3), sam: read('sam', 'Sam', 1) },
    });
    expect(rows.find((r) => r.key === 'last')!.receipt).toEqual({
      status: 'read',
      readers: [{ id: 'jo', name: 'Jo' }],
    });
    expect(rows.find((r) => r.key === 'mine')!.receipt).toBeNull();
    // A failed entry after it carries its own label instead of a receipt.
    const failedLast = buildRows({ ...base, messages, pending: [pending('f', 'failed')] });
    expect(failedLast.every((r) => r.receipt === null)).toBe(true);
  });

  it('keeps row objects whose content did not change', () => {
    const cache = new RowCache();
    const messages = [message('a', 'jo', 0), message('b', 'jo', 1)];
    const first = cache.stabilize(buildRows({ ...base, messages }));
    const second = cache.stabilize(buildRows({ ...base, messages: [...messages, message('c', 'sam', 2)] }));
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    const edited = { ...messages[1]!, text: 'b2' };
    const third = cache.stabilize(buildRows({ ...base, messages: [messages[0]!, edited] }));
    expect(third[0]).toBe(first[0]);
    expect((third[1] as MessageRow).message.text).toBe('b2');
  });
});
