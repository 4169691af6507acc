/** Watching a channel: a connection starts or stops receiving its events, and the other watchers are told. */
import type { Actor } from '../auth-context.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec } from '../store/model.js';
import { channelEventBase } from './common.js';

/**
 * Registers the actor's connection (if it has one) as watcher of `channel`, with `presence` also
 * of its members' presence; a new watcher is announced to the other watchers (`user.watching.start`).
 */
export function watchChannel(sandbox: Sandbox, actor: Actor, channel: ChannelRec, presence: boolean): void {
  const connection = sandbox.gateway.get(actor.connectionId);
  if (!connection) return;
  if (presence) for (const m of sandbox.store.membersOf(channel.cid)) connection.presenceOf.add(m.user_id);
  if (!sandbox.gateway.watch(connection, channel.cid)) return;
  const count = sandbox.gateway.watcherUserIds(channel.cid).length;
  sandbox.gateway.toWatchers(
    channel.cid,
    () => ({
      type: 'user.watching.start',
      ...channelEventBase(channel),
      user: sandbox.serialize.user(connection.userId),
      watcher_count: count,
    }),
    (c) => c.id === connection.id,
  );
}

/** Stops the actor's connection watching `channel`; if it did, `user.watching.stop` to the watchers. */
export function stopWatching(sandbox: Sandbox, actor: Actor, channel: ChannelRec): void {
  const { gateway } = sandbox;
  const connection = gateway.get(actor.connectionId);
  if (connection && gateway.unwatch(connection, channel.cid)) {
    const count = gateway.watcherUserIds(channel.cid).length;
    gateway.toWatchers(channel.cid, () => ({
      type: 'user.watching.stop',
      ...channelEventBase(channel),
      user: sandbox.serialize.user(connection.userId),
      watcher_count: count,
    }));
  }
}
