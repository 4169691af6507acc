/** The outbox statechart's types: messages handed over by the composer until the server has them. */
import type { ComposedMessage } from '../shared/composed-message';

/**
 * A message to send: what the composer emits with `composer.sent` (the chat request's fields,
 * `ComposedMessage`, with its client-generated id) plus where it goes. JSON-serialisable: it is
 * persisted. Every retry sends the same `id`.
 */
export interface OutboxMessage extends ComposedMessage {
  /** The channel, `type:id`. */
  cid: string;
  /** Send option `skip_enrich_url` (the composer's `skipEnrichUrl`). */
  skipEnrichUrl?: boolean;
  /** When it was handed over (RFC 3339), for ordering in the message list. */
  createdAt?: string;
}

/**
 * Why a message is not on the server:
 * - `retryable`: the service answered with an error (5xx, rate limit, bad input…): 'Message Failed · Click to try again';
 * - `unauthorized`: the service refused it (HTTP 403 or code 17 "not allowed"): 'Message Failed · Unauthorized';
 * - `unsent`: no answer at all (offline, connection refused or dropped, timeout): 'Error · Unsent'.
 */
export type FailureKind = 'retryable' | 'unauthorized' | 'unsent';

/** What the outbox keeps across a reload: every message not yet confirmed by the server. */
export interface PendingRecord {
  message: OutboxMessage;
  /** null = was being sent (restored as `unsent`: whether it arrived is unknown; a retry is safe). */
  failure: FailureKind | null;
}

/** The error of the last attempt, as the chat client reports it (for logs and tooltips, not shown as text). */
export interface SendError {
  /** HTTP status, null when no answer came. */
  status: number | null;
  /** The chat service's error code, null when none. */
  code: number | null;
  message: string;
}

export interface OutboxMessageInput {
  message: OutboxMessage;
}

export interface OutboxMessageContext {
  message: OutboxMessage;
  failure: FailureKind | null;
  lastError: SendError | null;
  /** Attempts made by this actor (a restored message starts at 0). */
  attempts: number;
}

export type OutboxMessageEvent =
  /** First attempt (the outbox sends it right after spawning a new message). */
  | { type: 'message.send' }
  /** Restored from storage after a reload: listed as failed with its kind, not sent. */
  | { type: 'message.restore'; failure: FailureKind }
  | { type: 'message.retry' }
  | { type: 'message.discard' };

/** One entry of the outbox list (what the message list renders below the channel's messages). */
export interface OutboxEntry {
  id: string;
  message: OutboxMessage;
  status: 'sending' | 'failed';
  failure: FailureKind | null;
  lastError: SendError | null;
}

export interface OutboxInput {
  userId: string;
}

export type OutboxEvent =
  /** The composer hands over a message (with its client-generated id). */
  | { type: 'outbox.send'; message: OutboxMessage }
  /** The user clicked a failed message: send it again with the same id. */
  | { type: 'outbox.retry'; id: string }
  /** The user dropped a failed message. */
  | { type: 'outbox.discard'; id: string }
  /** The chat connection is (back) up: every unsent message goes again, same ids. */
  | { type: 'connection.restored' }
  /** From a `message:<id>` child. */
  | { type: 'message.attempted'; id: string }
  | { type: 'message.received'; id: string }
  | { type: 'message.failed'; id: string; failure: FailureKind; error: SendError | null }
  | { type: 'message.discarded'; id: string }
  /** Internal: the pending list changed and must be written. */
  | { type: 'pending.changed' };

export interface OutboxContext {
  userId: string;
  /** Messages not yet confirmed by the server, in the order they were handed over. */
  entries: OutboxEntry[];
  /** The pending list changed while it was being written: write again when done. */
  dirty: boolean;
}
