/**
 * Changing a thread (chat-protocol.md §4.7): the partial update of its title and custom fields,
 * saved in the thread's record (threads/records.ts) and announced with `thread.updated`.
 */
import type { Actor } from '../auth-context.js';
import { nextTimestamp } from '../clock.js';
import { inputError } from '../errors.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, Custom, MessageRec } from '../store/model.js';
import { defaultTitle, threadRecOf } from '../threads/records.js';
import { threadEventPayload } from '../threads/state.js';
import { channelEventBase, requireCapability } from './common.js';

/** Fields the client refuses to send, refused here too. */
const RESERVED = [
  'created_at',
  'id',
  'last_message_at',
  'type',
  'updated_at',
  'user',
  'reply_count',
  'participants',
  'channel',
  'custom',
];
/** Fields of the thread's wire shape that custom data may not shadow either. */
const WIRE_FIELDS = [
  'active_participant_count',
  'channel_cid',
  'created_by',
  'created_by_user_id',
  'deleted_at',
  'draft',
  'latest_replies',
  'parent_message',
  'parent_message_id',
  'participant_count',
  'read',
  'thread_participants',
];

/** The `set` and `unset` of a partial thread update (PATCH /threads/{parentId}). */
export interface ThreadPatch {
  set?: Custom & { title?: string };
  unset?: string[];
}

/** The `set` and `unset` of a partial thread update, checked; code 4 names the offending field. */
function checkPatch(patch: ThreadPatch): { set: Custom; unset: string[] } {
  const set = patch.set ?? {};
  const unset = patch.unset ?? [];
  const keys = [...Object.keys(set), ...unset];
  if (keys.length === 0) throw inputError('set or unset must name at least one field');
  for (const key of keys) {
    if (RESERVED.includes(key))
      throw inputError(`You cannot set ${key} field on Thread object. ${key} is reserved for server-side use`);
    if (WIRE_FIELDS.includes(key)) throw inputError(`${key} is a thread field that cannot be updated`);
  }
  for (const key of unset) if (Object.hasOwn(set, key)) throw inputError(`${key} cannot be both set and unset`);
  return { set, unset };
}

/**
 * Sets and unsets the thread's title (unset: back to the default) and custom fields as `userId`
 * (needs `update-thread`; reserved and wire fields are refused). Saves the thread record and
 * sends `thread.updated` to the channel's watchers.
 */
export function updateThread(
  sandbox: Sandbox,
  channel: ChannelRec,
  parent: MessageRec,
  actor: Actor,
  userId: string | null,
  patch: ThreadPatch,
): void {
  const { store, gateway, serialize } = sandbox;
  requireCapability(sandbox, channel, { ...actor, userId }, 'update-thread', 'UpdateThread');
  const { set, unset } = checkPatch(patch);
  const thread = threadRecOf(store, parent);
  for (const [key, value] of Object.entries(set)) {
    if (key === 'title') thread.title = value as string;
    else thread.custom[key] = value;
  }
  for (const key of unset) {
    if (key === 'title') thread.title = defaultTitle(parent);
    else delete thread.custom[key];
  }
  thread.updated_at = nextTimestamp();
  store.saveThread(thread);
  gateway.toWatchers(channel.cid, () => ({
    type: 'thread.updated',
    ...channelEventBase(channel),
    thread: threadEventPayload(thread),
    ...(userId ? { user: serialize.user(userId) } : {}),
  }));
}
