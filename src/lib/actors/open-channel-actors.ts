/**
 * The open-channel machine's real I/O over `stream-chat`. The channel is found with a channel
 * query filtered to the member's own channels (watch and state on), never with
 * `client.channel(type, id).watch()`: that call creates a channel that does not exist, and a
 * hand-edited address must not create channels.
 */
import type { Channel, StreamChat } from 'stream-chat';
import { fromPromise } from 'xstate';
import type { ChannelHandle, OpenChannelInput, OpenFailure } from '../../../machines/open-channel/open-channel.types';

const CHANNEL_TYPE = /^[\w-]+$/;
const CHANNEL_ID = /^[\w!-]+$/;

/** Spec section 5: a type is letters, digits, `_-`; an id also `!`; neither has a colon. */
export function isValidChannelAddress({ type, id }: OpenChannelInput): boolean {
  return CHANNEL_TYPE.test(type) && CHANNEL_ID.test(id);
}

/** Rejects the watch with the failure's kind (read by the machine) and a readable message. */
class OpenChannelError extends Error {
  constructor(
    readonly kind: OpenFailure['kind'],
    message: string,
  ) {
    super(message);
  }
}

function failureOf(error: unknown): OpenChannelError {
  const { code, status, message } = (error ?? {}) as { code?: number; status?: number; message?: string };
  if (code === 16 || code === 17 || status === 403 || status === 404)
    return new OpenChannelError('missing', 'not found');
  return new OpenChannelError('failed', message ?? String(error));
}

/** Channel queries in flight, per client and cid: asking again while one runs shares it. */
const inFlight = new WeakMap<StreamChat, Map<string, Promise<ChannelHandle>>>();

/**
 * The member's channel at `input`, watched. A channel the client has already watched is taken as
 * it is; a query for it already in flight (for example the one started at start-up for the
 * address the app opened on) is shared, not sent twice.
 */
export function watchChannel(client: StreamChat, input: OpenChannelInput): Promise<ChannelHandle> {
  if (!isValidChannelAddress(input)) return Promise.reject(new OpenChannelError('missing', 'not a channel address'));
  const cid = `${input.type}:${input.id}`;
  const known = watchedChannel(client, input);
  if (known) return Promise.resolve(known);
  let queries = inFlight.get(client);
  if (!queries) inFlight.set(client, (queries = new Map<string, Promise<ChannelHandle>>()));
  const running = queries.get(cid);
  if (running) return running;
  const query = queryMemberChannel(client, cid).finally(() => queries.delete(cid));
  queries.set(cid, query);
  return query;
}

/** The channel at `input` when the client already watches it with its state; null otherwise. */
export function watchedChannel(client: StreamChat, input: OpenChannelInput): Channel | null {
  if (!isValidChannelAddress(input)) return null;
  const known = client.activeChannels[`${input.type}:${input.id}`];
  return known?.initialized ? known : null;
}

async function queryMemberChannel(client: StreamChat, cid: string): Promise<ChannelHandle> {
  let found;
  try {
    [found] = await client.queryChannels(
      { cid, members: { $in: [client.userID!] } },
      {},
      { watch: true, state: true, presence: true, limit: 1 },
    );
  } catch (error) {
    throw failureOf(error);
  }
  if (!found) throw new OpenChannelError('missing', 'not found');
  return found;
}

export function createOpenChannelActors(client: StreamChat) {
  return {
    watchChannel: fromPromise<ChannelHandle, OpenChannelInput>(({ input }) => watchChannel(client, input)),
  };
}
