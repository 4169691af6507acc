/** What the services share: loading and guarding channels, channel state, event bases. */
import type { Actor } from '../auth-context.js';
import { capabilities, validateChannelId, validateChannelType } from '../channel-types.js';
import { canRead, requireRead } from '../channel-access.js';
import { newMember } from '../channels/members.js';
import { nextTimestamp } from '../clock.js';
import { ChatError, inputError, notAllowed, notFound } from '../errors.js';
import { pageMessages, type PageOptions } from '../query/paging.js';
import { requirePermission, TABLE_CAPABILITIES } from '../permissions.js';
import { channelDraft } from '../drafts.js';
import { activeLiveLocations } from '../locations.js';
import type { Sandbox } from '../sandbox.js';
import type { Viewer } from '../serialize.js';
import type { ChannelRec, MessageRec } from '../store/model.js';
import { requireChannelInReach } from '../tenancy.js';

export function loadChannel(sandbox: Sandbox, type: string, id: string): ChannelRec {
  validateChannelType(type);
  validateChannelId(id);
  const channel = sandbox.store.channels.get(`${type}:${id}`);
  if (!channel || channel.deleted_at) throw notFound(`Channel "${type}:${id}" does not exist`);
  return channel;
}

export function loadMessage(sandbox: Sandbox, id: string): MessageRec {
  const message = sandbox.store.messages.get(id);
  if (!message) throw notFound(`Message "${id}" does not exist`);
  return message;
}

export function viewerOf(actor: Actor): Viewer {
  return { userId: actor.userId, server: actor.server };
}

/**
 * Throws 17 unless the actor has `capability` in the channel (of one of their teams in
 * multi-tenant mode). Capabilities that stand for an action of the permission table
 * (permissions.ts) are checked there, `resource` naming the endpoint.
 */
export function requireCapability(
  sandbox: Sandbox,
  channel: ChannelRec,
  actor: Actor,
  capability: string,
  resource: string,
): void {
  if (actor.server) return;
  requireChannelInReach(sandbox, actor, channel, resource);
  const action = TABLE_CAPABILITIES[capability];
  const owner = capability === 'delete-any-message' ? false : undefined;
  if (action) return requirePermission(sandbox, actor, action, channel, { endpoint: resource, owner });
  const user = actor.userId ? sandbox.store.users.get(actor.userId) : undefined;
  const caps = capabilities(channel, user, sandbox.store.member(channel.cid, actor.userId), false);
  if (!caps.includes(capability)) {
    throw notAllowed(
      `User '${actor.userId ?? ''}' with role '${user?.role ?? 'user'}' is not allowed to access Resource ${resource} on channel type ${channel.type}`,
    );
  }
}

export { canRead, requireRead, newMember };

/** The messages of the channel list as `userId` sees them, oldest first. */
export function channelMessagesFor(sandbox: Sandbox, channel: ChannelRec, userId: string | null): MessageRec[] {
  const member = sandbox.store.member(channel.cid, userId);
  const after = [channel.truncated_at, member?.hide_messages_before].filter(Boolean).sort().pop();
  return sandbox.store
    .messagesOf(channel.cid)
    .filter(
      (m) =>
        (!m.parent_id || m.show_in_channel) &&
        (!after || m.created_at > after) &&
        (!m.shadowed || m.user_id === userId),
    );
}

export interface StateOptions {
  messages?: PageOptions;
  members?: { limit?: number; offset?: number };
  watchers?: { limit?: number; offset?: number };
  messageLimit?: number;
}

export function channelState(sandbox: Sandbox, channel: ChannelRec, viewer: Viewer, options: StateOptions = {}) {
  const { store, serialize, gateway } = sandbox;
  const messages = pageMessages(
    channelMessagesFor(sandbox, channel, viewer.userId),
    options.messages ?? {},
    options.messageLimit ?? 100,
  );
  const members = store.membersOf(channel.cid).sort((a, b) => a.created_at.localeCompare(b.created_at));
  const memberOffset = options.members?.offset ?? 0;
  const memberLimit = options.members?.limit ?? 100;
  const watcherIds = gateway.watcherUserIds(channel.cid);
  const membership = store.member(channel.cid, viewer.userId);
  const pinned = store
    .messagesOf(channel.cid)
    .filter((m) => m.pinned && !m.deleted_at && (!m.pin_expires || m.pin_expires > nextTimestamp()))
    .sort((a, b) => (b.pinned_at ?? '').localeCompare(a.pinned_at ?? ''))
    .slice(0, 10);
  return {
    channel: serialize.channel(channel, viewer),
    messages: messages.map((m) => serialize.message(m, viewer.userId)),
    pinned_messages: pinned.map((m) => serialize.message(m, viewer.userId)),
    members: members.slice(memberOffset, memberOffset + memberLimit).map((m) => serialize.member(m)),
    membership: membership ? serialize.member(membership) : null,
    read: members.map((m) => serialize.read(m)),
    watcher_count: watcherIds.length,
    watchers: options.watchers?.limit
      ? watcherIds.slice(0, options.watchers.limit).map((id) => serialize.user(id))
      : [],
    threads: [],
    pending_messages: [],
    draft: channelDraft(sandbox, channel.cid, viewer.server ? null : viewer.userId),
    active_live_locations: activeLiveLocations(sandbox, {
      cid: channel.cid,
      viewerId: viewer.server ? undefined : viewer.userId,
    }),
    hidden: membership?.hidden ?? false,
    hide_messages_before: membership?.hide_messages_before,
  };
}

/** The fields every channel event carries. */
export function channelEventBase(channel: ChannelRec) {
  return { cid: channel.cid, channel_id: channel.id, channel_type: channel.type };
}

export function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw inputError(`${name} is required`);
  return value;
}

export { ChatError };
