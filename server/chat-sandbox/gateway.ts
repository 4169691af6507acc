/**
 * Real-time delivery (chat-protocol.md §1 and §5): one Connection per WebSocket (or long-poll
 * session), the channels each watches, and fan-out helpers. Channel events go to the watchers
 * of the channel; notification events to every connection of the affected user.
 */
import { randomUUID } from 'node:crypto';
import { nextTimestamp } from './clock.js';

export type ChatEvent = Record<string, unknown> & { type: string };

export interface Connection {
  id: string;
  userId: string;
  /** The `iat` of the token the connection opened with (seconds), for token revocation. */
  issuedAt?: number;
  watching: Set<string>;
  /** Users whose presence changes this connection asked for (queryUsers with presence: true). */
  presenceOf: Set<string>;
  send(event: ChatEvent): void;
  /** Sends an event already serialized (fan-out serializes once per recipient user). */
  sendText(text: string): void;
  close(code: number, reason: string): void;
}

export class Gateway {
  private readonly connections = new Map<string, Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly watchers = new Map<string, Set<Connection>>();
  /** Called when a user's first connection opens or last one closes. */
  onPresence: (userId: string, online: boolean) => void = () => undefined;

  newConnectionId(): string {
    return randomUUID();
  }

  add(connection: Connection): void {
    this.connections.set(connection.id, connection);
    const set = this.byUser.get(connection.userId) ?? new Set();
    const first = set.size === 0;
    set.add(connection);
    this.byUser.set(connection.userId, set);
    if (first) this.onPresence(connection.userId, true);
  }

  remove(connectionId: string): Connection | undefined {
    const connection = this.connections.get(connectionId);
    if (!connection) return undefined;
    this.connections.delete(connectionId);
    for (const cid of connection.watching) this.watchers.get(cid)?.delete(connection);
    const set = this.byUser.get(connection.userId);
    set?.delete(connection);
    if (set && set.size === 0) {
      this.byUser.delete(connection.userId);
      this.onPresence(connection.userId, false);
    }
    return connection;
  }

  get(connectionId: string | undefined): Connection | undefined {
    return connectionId ? this.connections.get(connectionId) : undefined;
  }

  isOnline(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  all(): Connection[] {
    return [...this.connections.values()];
  }

  connectionsOf(userId: string): Connection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  watch(connection: Connection, cid: string): boolean {
    if (connection.watching.has(cid)) return false;
    connection.watching.add(cid);
    const set = this.watchers.get(cid) ?? new Set();
    set.add(connection);
    this.watchers.set(cid, set);
    return true;
  }

  unwatch(connection: Connection, cid: string): boolean {
    if (!connection.watching.delete(cid)) return false;
    this.watchers.get(cid)?.delete(connection);
    return true;
  }

  watchersOf(cid: string): Connection[] {
    return [...(this.watchers.get(cid) ?? [])];
  }

  /** Distinct users watching the channel. */
  watcherUserIds(cid: string): string[] {
    return [...new Set(this.watchersOf(cid).map((c) => c.userId))];
  }

  /** Sends to every watcher of `cid`; `build` renders the event for each recipient user once. */
  toWatchers(
    cid: string,
    build: (userId: string) => ChatEvent,
    except?: (connection: Connection) => boolean,
  ): Set<string> {
    // One timestamp for the whole fan-out, and one serialization per recipient user.
    const createdAt = nextTimestamp();
    const rendered = new Map<string, string>();
    for (const connection of this.watchersOf(cid)) {
      if (except?.(connection)) continue;
      let text = rendered.get(connection.userId);
      if (text === undefined) {
        const event = build(connection.userId);
        text = JSON.stringify(event.created_at ? event : { ...event, created_at: createdAt });
        rendered.set(connection.userId, text);
      }
      connection.sendText(text);
    }
    return new Set(rendered.keys());
  }

  /** Sends to all of a user's connections. */
  toUser(userId: string, event: ChatEvent): void {
    const stamped = withTimestamp(event);
    for (const connection of this.connectionsOf(userId)) connection.send(stamped);
  }

  closeAll(code: number, reason: string): void {
    for (const connection of this.all()) connection.close(code, reason);
  }
}

function withTimestamp(event: ChatEvent): ChatEvent {
  return event.created_at ? event : { ...event, created_at: nextTimestamp() };
}
