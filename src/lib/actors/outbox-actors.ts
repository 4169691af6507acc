/**
 * The outbox machine's real I/O: sending over a connected `stream-chat` client (the channel is
 * looked up by cid; posting a message needs no watch), the pending list in browser storage keyed
 * by user id, and the client's `connection.recovered` event.
 */
import { fromCallback, fromPromise } from 'xstate';
import type { Message, StreamChat } from 'stream-chat';
import { outboxMessageMachine } from '../../../machines/outbox/outbox.machine';
import type { FailureKind, OutboxEvent, OutboxMessage, PendingRecord } from '../../../machines/outbox/outbox.types';

/** The part of the Web Storage API the outbox uses (localStorage in the browser). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const outboxStorageKey = (userId: string) => `sideline.outbox.${userId}`;

const KINDS: readonly (FailureKind | null)[] = ['retryable', 'unauthorized', 'unsent', null];

function isRecord(value: unknown): value is PendingRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { message, failure } = value as Partial<PendingRecord>;
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof message.id === 'string' &&
    typeof message.cid === 'string' &&
    (message.text === undefined || typeof message.text === 'string') &&
    KINDS.includes(failure ?? null)
  );
}

/** The stored list, dropping anything malformed (an unreadable value counts as empty). */
export function parsePending(raw: string | null): PendingRecord[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed.filter(isRecord).map((r) => ({ message: r.message, failure: r.failure ?? null }))
      : [];
  } catch {
    return [];
  }
}

/** The chat request for an outbox message: the composed fields as they are (same client id on every attempt). */
export function toStreamMessage(message: OutboxMessage): Message {
  const { cid: _cid, skipEnrichUrl: _skip, createdAt: _createdAt, ...request } = message;
  return request;
}

function splitCid(cid: string): [string, string] {
  const at = cid.indexOf(':');
  if (at <= 0 || at === cid.length - 1) throw new Error(`Invalid channel cid "${cid}"`);
  return [cid.slice(0, at), cid.slice(at + 1)];
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export function createOutboxActors(
  client: StreamChat,
  options: { storage?: KeyValueStorage; isOnline?: () => boolean } = {},
) {
  const storage = options.storage ?? globalThis.localStorage;
  const isOnline = options.isOnline ?? browserOnline;
  const sendMessage = fromPromise<unknown, { message: OutboxMessage }>(async ({ input }) => {
    // Known to be offline: do not wait for a timeout; the outbox lists it as unsent (no HTTP answer).
    if (!isOnline()) throw new Error('The browser is offline');
    const [type, id] = splitCid(input.message.cid);
    const options = input.message.skipEnrichUrl ? { skip_enrich_url: true } : undefined;
    const channel = client.channel(type, id);
    const response = await channel.sendMessage(toStreamMessage(input.message), options);
    // A command's answer only for the sender (a `/giphy` preview with Send/Shuffle/Cancel, a refused
    // command) comes in this response and in no event: it joins the channel's messages here.
    const answer = response.message;
    if (answer?.type === 'ephemeral' || answer?.type === 'error') channel.state.addMessageSorted(answer, true);
    return response;
  });
  return {
    /** Each `message:<id>` child sends with the real `sendMessage`. */
    outboxMessage: outboxMessageMachine.provide({ actors: { sendMessage } }),
    loadPending: fromPromise<PendingRecord[], { userId: string }>(({ input }) =>
      Promise.resolve(parsePending(storage.getItem(outboxStorageKey(input.userId)))),
    ),
    savePending: fromPromise<void, { userId: string; records: PendingRecord[] }>(({ input }) => {
      const key = outboxStorageKey(input.userId);
      if (input.records.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(input.records));
      return Promise.resolve();
    }),
    watchConnection: fromCallback<OutboxEvent>(({ sendBack }) => {
      const healthy = client.wsConnection?.isHealthy === true || client.wsFallback?.isHealthy() === true;
      if (healthy) sendBack({ type: 'connection.restored' });
      const subscription = client.on('connection.recovered', () => sendBack({ type: 'connection.restored' }));
      return () => subscription.unsubscribe();
    }),
  };
}
