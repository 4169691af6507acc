import type { SnapshotFrom } from 'xstate';
import type { OutboxMachine } from './outbox.machine';
import { keyedBy, keyedByWith } from '../shared/memo';
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

// Each list is kept per entries array: a snapshot whose entries did not change gives the same list.
const items = keyedBy((entries: OutboxEntry[]) => entries.map(toItem));
/** `cid`, or `cid` NUL `parentId` for a thread: one key per place the entries are shown. */
const placeKey = (cid: string, parentId?: string) => (parentId === undefined ? cid : `${cid}\u0000${parentId}`);
const itemsIn = keyedByWith((entries: OutboxEntry[], place: string) => {
  const [cid, parentId] = place.split('\u0000') as [string, string | undefined];
  return items(entries).filter((e) => e.message.cid === cid && e.message.parent_id === parentId);
});
const withStatus = keyedByWith((entries: OutboxEntry[], status: OutboxEntry['status']) =>
  items(entries).filter((e) => e.status === status),
);

/** Every message not yet on the server, in hand-over order. */
export const selectEntries = (snapshot: Snapshot): OutboxListItem[] => items(snapshot.context.entries);

/** The entries of one channel (or thread, with `parentId`), to render after its messages. */
export const selectEntriesFor = (snapshot: Snapshot, cid: string, parentId?: string): OutboxListItem[] =>
  itemsIn(snapshot.context.entries, placeKey(cid, parentId));

export const selectSending = (snapshot: Snapshot): OutboxListItem[] => withStatus(snapshot.context.entries, 'sending');

export const selectFailed = (snapshot: Snapshot): OutboxListItem[] => withStatus(snapshot.context.entries, 'failed');

/** True while the stored list is being read (nothing restored yet). */
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.matches('loading');
