/**
 * The list's rows from the shown message set and the member's outbox: one row per message, each
 * knowing whether a date separator or the unread separator comes before it, whether it starts a
 * group (one author within 5 minutes), and — for my last message — its delivery status. Pure, so
 * the rules are tested without a screen.
 */
import { isSameDay, startOfDay } from 'date-fns';
import type { Channel, LocalMessage } from 'stream-chat';
import type { OutboxListItem } from '../../../../machines/outbox/outbox.selectors';
import { isChannelMessage } from '../../../lib/actors/message-list-actors';

/** Consecutive messages of one author within this window form a group (chat-ui.md §3). */
export const GROUP_WINDOW_MS = 5 * 60 * 1000;

type ChannelReadStatus = Channel['state']['read'];

export interface Reader {
  id: string;
  name: string;
}

/** Under my last message: sending (clock), sent (one check), read by N (two checks). */
export type Receipt = { status: 'sending' } | { status: 'sent' } | { status: 'read'; readers: Reader[] };

interface RowBase {
  key: string;
  createdAt: Date;
  authorId: string;
  /** Starts a new day: a date separator comes first. */
  dayStart: boolean;
  /** The first unread message: "N new messages" comes first. */
  unreadCount: number | null;
  /** Shows the avatar and name (first of a group). */
  groupStart: boolean;
  receipt: Receipt | null;
}

export interface MessageRow extends RowBase {
  kind: 'message';
  message: LocalMessage;
  mine: boolean;
}

/** A message of mine the server does not have yet (sending or failed), from the outbox. */
export interface PendingRow extends RowBase {
  kind: 'pending';
  entry: OutboxListItem;
}

export type Row = MessageRow | PendingRow;

export interface RowsInput {
  messages: readonly LocalMessage[];
  /** The outbox entries of this channel; only shown with the latest set. */
  pending: readonly OutboxListItem[];
  userId: string;
  isLatest: boolean;
  /** Older messages exist before the first one given. */
  hasPrev: boolean;
  firstUnreadId: string | null;
  unreadCount: number;
  reads: ChannelReadStatus;
  /** The rows of a thread: its replies are shown (a channel shows only those also sent to it). */
  inThread?: boolean;
}

const isStandalone = (message: LocalMessage) => message.type === 'system';

function isShown(message: LocalMessage, userId: string, inThread: boolean): boolean {
  if (!inThread && !isChannelMessage(message)) return false;
  // Shadowed messages are the author's own business.
  if (message.shadowed && message.user?.id !== userId) return false;
  return true;
}

/** Who (other than me) has read up to `message`. */
export function readersOf(message: LocalMessage, reads: ChannelReadStatus, userId: string): Reader[] {
  const at = message.created_at.getTime();
  return Object.values(reads)
    .filter((read) => read.user.id !== userId)
    .filter((read) => read.last_read_message_id === message.id || new Date(read.last_read).getTime() >= at)
    .map((read) => ({ id: read.user.id, name: read.user.name || read.user.id }));
}

export function buildRows(input: RowsInput): Row[] {
  const { userId } = input;
  const shown = input.messages.filter((m) => isShown(m, userId, input.inThread ?? false));
  const known = new Set(input.messages.map((m) => m.id));
  const pending = input.isLatest ? input.pending.filter((entry) => !known.has(entry.id)) : [];

  const rows: Row[] = [];
  for (const message of shown) {
    rows.push({
      kind: 'message',
      key: message.id,
      message,
      mine: message.user?.id === userId,
      createdAt: message.created_at,
      authorId: message.user?.id ?? '',
      dayStart: false,
      unreadCount: message.id === input.firstUnreadId && input.unreadCount > 0 ? input.unreadCount : null,
      groupStart: true,
      receipt: null,
    });
  }
  const last = rows[rows.length - 1]?.createdAt.getTime() ?? 0;
  for (const entry of pending) {
    const handedOver = entry.message.createdAt ? new Date(entry.message.createdAt) : new Date();
    // Never before the last server message: it was sent after what the member saw.
    const createdAt = new Date(Math.max(handedOver.getTime(), last));
    rows.push({
      kind: 'pending',
      key: `pending:${entry.id}`,
      entry,
      createdAt,
      authorId: userId,
      dayStart: false,
      unreadCount: null,
      groupStart: true,
      receipt: null,
    });
  }

  let previous: Row | undefined;
  for (const row of rows) {
    // The first loaded message gets its day once the page before it is known (or there is none):
    // a separator added then removed above the view would shift what the member reads.
    row.dayStart = previous ? !isSameDay(previous.createdAt, row.createdAt) : !input.hasPrev;
    const standalone = (r: Row) => r.kind === 'message' && isStandalone(r.message);
    row.groupStart =
      !previous ||
      row.dayStart ||
      row.unreadCount !== null ||
      standalone(row) ||
      standalone(previous) ||
      previous.authorId !== row.authorId ||
      row.createdAt.getTime() - previous.createdAt.getTime() > GROUP_WINDOW_MS;
    previous = row;
  }

  if (input.isLatest) {
    const mineLast = [...rows].reverse().find((r) => r.kind === 'pending' || r.mine);
    if (mineLast?.kind === 'pending') {
      if (mineLast.entry.status === 'sending') mineLast.receipt = { status: 'sending' };
    } else if (mineLast && mineLast.message.type !== 'ephemeral' && mineLast.message.type !== 'error') {
      const readers = readersOf(mineLast.message, input.reads, userId);
      mineLast.receipt = readers.length > 0 ? { status: 'read', readers } : { status: 'sent' };
    }
  }
  return rows;
}

/** The day a row starts, for its separator. */
export const dayOf = (row: Row): Date => startOfDay(row.createdAt);

const sameReceipt = (a: Receipt | null, b: Receipt | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.status === b.status &&
    (a.status !== 'read' ||
      b.status !== 'read' ||
      a.readers.map((r) => r.name).join() === b.readers.map((r) => r.name).join()));

function sameRow(a: Row, b: Row): boolean {
  if (a.kind !== b.kind || a.key !== b.key) return false;
  if (a.dayStart !== b.dayStart || a.groupStart !== b.groupStart || a.unreadCount !== b.unreadCount) return false;
  if (!sameReceipt(a.receipt, b.receipt)) return false;
  return a.kind === 'message' ? a.message === (b as MessageRow).message : a.entry === (b as PendingRow).entry;
}

/**
 * Keeps the previous row object when nothing it shows changed, so memoised rows do not re-render
 * on unrelated events (typing, someone else's read).
 */
export class RowCache {
  private rows = new Map<string, Row>();

  stabilize(next: Row[]): Row[] {
    const kept = next.map((row) => {
      const previous = this.rows.get(row.key);
      return previous && sameRow(previous, row) ? previous : row;
    });
    this.rows = new Map(kept.map((row) => [row.key, row]));
    return kept;
  }
}
