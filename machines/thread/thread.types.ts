/** The thread handle the machine holds (a stream-chat `Thread` in the app; opaque here). */
export interface ThreadHandle {
  readonly id: string;
}

export interface ThreadInput {
  /** The parent message's id, which is the thread's id. */
  parentId: string;
}

/** What opening (or reloading, or a page) tells: the thread, and whether older replies exist. */
export interface ThreadLoaded {
  thread: ThreadHandle;
  hasOlder: boolean;
}

/** Why the thread could not be opened: no such parent message (or not readable), or the request failed. */
export type { OpenFailure as ThreadFailure } from '../shared/open-failure';
import type { OpenFailure as ThreadFailure } from '../shared/open-failure';

export interface ThreadContext {
  parentId: string;
  thread: ThreadHandle | null;
  hasOlder: boolean;
  failure: ThreadFailure | null;
}

export type ThreadEvent =
  /** The member asks to try again after a failure. */
  | { type: 'thread.retry' }
  /** The member scrolled to the oldest reply shown (or asked for earlier replies). */
  | { type: 'thread.loadOlder' }
  /** The chat connection came back after a drop: replies may have been missed. */
  | { type: 'connection.restored' };

/** A failure the screen words as a toast: an i18next key. */
export type ThreadEmitted = { type: 'thread.failed'; key: string };
