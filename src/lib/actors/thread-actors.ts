/**
 * The thread machine's real I/O over stream-chat's `Thread` (machines/thread). A parent with
 * replies is fetched with `client.getThread` (its latest 50 replies); a parent with none yet gets
 * a local `Thread` built from the message itself (the service has no thread for it until the first
 * reply), which then collects replies from `message.new` like any other. Each panel owns its
 * `Thread`: its subscriptions end when the panel closes. The client's `connection.recovered`
 * reaches the machine as `connection.restored`.
 */
import { Thread, type Channel, type LocalMessage, type MessageResponse, type StreamChat } from 'stream-chat';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { THREAD_REPLY_PAGE } from '../../../machines/thread/thread.machine';
import type { ThreadFailure, ThreadHandle, ThreadLoaded } from '../../../machines/thread/thread.types';
import { watchConnectionRestored } from './connection-actors';

/** Rejects the open with the failure's kind (read by the machine) and a readable message. */
class ThreadOpenError extends Error {
  constructor(
    readonly kind: ThreadFailure['kind'],
    message: string,
  ) {
    super(message);
  }
}

const isNotFound = (error: unknown) => {
  const { code, status } = (error ?? {}) as { code?: number; status?: number };
  return code === 16 || code === 17 || status === 403 || status === 404;
};

function failureOf(error: unknown): ThreadOpenError {
  if (isNotFound(error)) return new ThreadOpenError('missing', 'Thread has not been found');
  return new ThreadOpenError('failed', (error as Error)?.message ?? String(error));
}

/** The parent message: from the channel's state when loaded, else from the service. */
async function parentOf(client: StreamChat, channel: Channel, parentId: string): Promise<LocalMessage> {
  const loaded = channel.state.findMessage(parentId);
  if (loaded) return loaded;
  const { message } = await client.getMessage(parentId);
  if (message.cid !== channel.cid) throw new ThreadOpenError('missing', 'Thread has not been found');
  return message as unknown as LocalMessage;
}

/** A thread for a parent with no reply yet, as the service will describe it after the first one. */
function emptyThread(client: StreamChat, channel: Channel, parent: LocalMessage): Thread {
  const created = new Date(parent.created_at).toISOString();
  return new Thread({
    client,
    threadData: {
      channel: { ...channel.data, type: channel.type, id: channel.id!, cid: channel.cid } as never,
      channel_cid: channel.cid,
      created_at: created,
      updated_at: created,
      created_by_user_id: parent.user?.id ?? '',
      latest_replies: [],
      parent_message: parent as unknown as MessageResponse,
      parent_message_id: parent.id,
      reply_count: 0,
      title: '',
    },
  });
}

const loadedOf = (thread: Thread): ThreadLoaded => ({
  thread,
  hasOlder: thread.state.getLatestValue().pagination.prevCursor !== null,
});

export async function openThread(client: StreamChat, channel: Channel, parentId: string): Promise<ThreadLoaded> {
  let thread: Thread;
  try {
    const parent = await parentOf(client, channel, parentId);
    if (parent.parent_id) throw new ThreadOpenError('missing', 'Thread has not been found');
    thread =
      (parent.reply_count ?? 0) > 0
        ? await client.getThread(parentId, { watch: true, reply_limit: THREAD_REPLY_PAGE })
        : emptyThread(client, channel, parent);
  } catch (error) {
    throw error instanceof ThreadOpenError ? error : failureOf(error);
  }
  thread.registerSubscriptions();
  return loadedOf(thread);
}

export function createThreadActors(client: StreamChat, channel: Channel) {
  return {
    openThread: fromPromise<ThreadLoaded, { parentId: string }>(({ input }) =>
      openThread(client, channel, input.parentId),
    ),
    loadOlder: fromPromise<ThreadLoaded, { thread: ThreadHandle }>(async ({ input }) => {
      const thread = input.thread as Thread;
      // The client logs a failed page and clears its loading flag; a page that did not move the
      // cursor failed.
      const before = thread.state.getLatestValue().pagination.prevCursor;
      await thread.loadPrevPage({ limit: THREAD_REPLY_PAGE });
      const after = thread.state.getLatestValue().pagination.prevCursor;
      if (after !== null && after === before) throw new Error('The earlier replies could not be loaded');
      return loadedOf(thread);
    }),
    reload: fromPromise<ThreadLoaded, { thread: ThreadHandle }>(async ({ input }) => {
      const thread = input.thread as Thread;
      if (thread.state.getLatestValue().replyCount > 0 || thread.state.getLatestValue().replies.length > 0) {
        thread.state.partialNext({ isStateStale: true });
        await thread.reload();
      }
      return loadedOf(thread);
    }),
    /** The client's `connection.recovered`, as `connection.restored`. */
    watchConnection: watchConnectionRestored(client),
    presence: fromCallback<EventObject, { thread: ThreadHandle }>(({ input }) => {
      const thread = input.thread as Thread;
      thread.activate();
      return () => {
        thread.deactivate();
        thread.unregisterSubscriptions();
      };
    }),
  };
}
