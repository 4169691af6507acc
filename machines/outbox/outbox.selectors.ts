import type { SnapshotFrom } from 'xstate';
import type { OutboxMachine } from './outbox.machine';
import { FAILURE_LABEL_KEYS, SEND_FAILED_KEY } from './outbox.rules';
import type { FailureKind, OutboxEntry } from './outbox.types';

type Snapshot = SnapshotFrom<OutboxMachine>;

/** An outbox entry with its texts as i18next keys: the status line, and the notice for a failure. */
export interface OutboxListItem extends OutboxEntry {
  /** 'Message Failed · Click to try again' | 'Message Failed · Unauthorized' | 'Error · Unsent'; null while sending. */
  label: { key: string } | null;
  /** 'Send message request failed' for any failed entry; null while sending. */
  notice: { key: string } | null;
  /** A click sends it again (not for unauthorized ones). */
  canRetry: boolean;
}

function toItem(entry: OutboxEntry): OutboxListItem {
  const failure: FailureKind | null = entry.status === 'failed' ? entry.failure : null;
  return {
    ...entry,
    label: failure ? { key: FAILURE_LABEL_KEYS[failure] } : null,
    notice: failure ? { key: SEND_FAILED_KEY } : null,
    canRetry: failure !== null && failure !== 'unauthorized',
  };
}

/** Every message not yet on the server, in hand-over order. */
export const selectEntries = (snapshot: Snapshot): OutboxListItem[] => snapshot.context.entries.map(toItem);

/** The entries of one channel (or thread, with `parentId`), to render after its messages. */
export const selectEntriesFor = (snapshot: Snapshot, cid: string, parentId?: string): OutboxListItem[] =>
  selectEntries(snapshot).filter((e) => e.message.cid === cid && e.message.parent_id === parentId);

export const selectSending = (snapshot: Snapshot): OutboxListItem[] =>
  selectEntries(snapshot).filter((e) => e.status === 'sending');

export const selectFailed = (snapshot: Snapshot): OutboxListItem[] =>
  selectEntries(snapshot).filter((e) => e.status === 'failed');

/** True while the stored list is being read (nothing restored yet). */
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.matches('loading');
