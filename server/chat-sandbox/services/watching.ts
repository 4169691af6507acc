/** Watching a channel: a connection starts receiving its events, and the other watchers are told. */
import type { FastifyRequest } from 'fastify';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec } from '../store/model.js';
import { channelEventBase } from './common.js';

/** Registers the connection as watcher and tells the other watchers. */
export function startWatching(sandbox: Sandbox, request: FastifyRequest, channel: ChannelRec, presence: boolean): void {
  const connection = sandbox.gateway.get(request.chatActor.connectionId);
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
