/**
 * The long-poll fallback `GET /chat/longpoll` (chat-protocol.md §1.7), used by clients created
 * with `enableWSFallback` when WebSockets fail:
 *
 * - without `connection_id`: connect — authenticate like the WebSocket handshake (the token comes
 *   in the Authorization header), register a gateway Connection that queues its events, answer
 *   `{event: health.check with connection_id and me}`;
 * - with `connection_id`: poll — answer the queued events in order at once, or hold the request
 *   until an event arrives or {@link POLL_HOLD_MS} pass (`{events: []}`); an unknown id is code 46,
 *   which makes the client connect again;
 * - `close=true`: remove the connection, answer `{}`.
 *
 * A connection nobody polls for {@link IDLE_LIMIT_MS} is removed (its user may go offline).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, revocationsOf } from './auth-context.js';
import { ChatError } from './errors.js';
import type { ChatEvent, Connection } from './gateway.js';
import { ok, type Sandbox } from './sandbox.js';
import { LONG_POLL } from './schema/connection.js';
import { healthCheck, openConnection, type ConnectQuery } from './ws-connect.js';

export const POLL_HOLD_MS = 20_000;
export const IDLE_LIMIT_MS = 60_000;
export const SWEEP_INTERVAL_MS = 5_000;
/** Queued events beyond this mean the client is gone; the connection is dropped. */
export const MAX_QUEUED_EVENTS = 1_000;

/** The query string, as its schema (schema/connection.ts) lets it through. */
type Query = ConnectQuery & { connection_id?: string; close?: boolean };

/** A gateway Connection whose events wait in a queue until the client polls. */
export class LongPollConnection implements Connection {
  readonly watching = new Set<string>();
  readonly presenceOf = new Set<string>();
  issuedAt?: number;
  /** Serialized events not yet handed to the client, oldest first. */
  readonly queue: string[] = [];
  /** When the last poll ended (or the connection opened); null while a poll is held. */
  idleSince: number | null = Date.now();
  closed = false;
  private waiter: (() => void) | null = null;
  private wakeScheduled = false;

  constructor(
    readonly id: string,
    readonly userId: string,
    /** Called once when the connection closes (client close, idle, overflow, shutdown). */
    private readonly onClose: (connection: LongPollConnection) => void,
  ) {}

  send(event: ChatEvent): void {
    this.sendText(JSON.stringify(event));
  }

  sendText(text: string): void {
    if (this.closed) return;
    this.queue.push(text);
    if (this.queue.length > MAX_QUEUED_EVENTS) {
      this.close();
      return;
    }
    // Answer on the next turn so events emitted together travel together.
    if (this.waiter && !this.wakeScheduled) {
      this.wakeScheduled = true;
      setImmediate(() => {
        this.wakeScheduled = false;
        this.wake();
      });
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.wake();
    this.onClose(this);
  }

  /** Resolves when there is something to answer, the hold time passes, or `aborted` fires. */
  waitForEvents(holdMs: number, aborted: (cancel: () => void) => void): Promise<void> {
    this.wake(); // a newer poll replaces a held one
    this.idleSince = null;
    if (this.queue.length > 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake(), holdMs);
      const done = () => {
        clearTimeout(timer);
        if (this.waiter === done) this.waiter = null;
        resolve();
      };
      this.waiter = done;
      aborted(done);
    });
  }

  /** Takes every queued event, in order, as a JSON array text. */
  takeEvents(): string {
    const text = `[${this.queue.join(',')}]`;
    this.queue.length = 0;
    this.idleSince = Date.now();
    return text;
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }
}

export async function longPollRoutes(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { gateway, settings } = sandbox;
  const polled = new Map<string, LongPollConnection>();

  const forget = (connection: LongPollConnection) => {
    polled.delete(connection.id);
    gateway.remove(connection.id);
  };

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const connection of [...polled.values()]) {
      if (connection.idleSince !== null && now - connection.idleSince > IDLE_LIMIT_MS) connection.close();
    }
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    for (const connection of [...polled.values()]) connection.close();
  });

  app.get('/longpoll', { schema: LONG_POLL }, async (request, reply) => {
    const query = request.query as Query;
    const connectionId = query.connection_id;
    if (!connectionId && query.close !== true) return connect(request);
    // Polls and closes carry the user's token in the Authorization header.
    const actor = await authenticate(request, settings.apiKey, settings.secret, revocationsOf(sandbox.store));
    const connection = connectionId ? polled.get(connectionId) : undefined;
    const owned = connection !== undefined && (actor.server || actor.userId === connection.userId);
    if (query.close === true) {
      if (owned) connection.close();
      return ok({});
    }
    if (!owned || connection.closed) throw new ChatError(46, `connection_id ${connectionId} was not found`, 400);
    return poll(connection, reply);
  });

  async function connect(request: FastifyRequest) {
    const query = request.query as Query;
    const header = request.headers.authorization;
    const authType = request.headers['stream-auth-type'];
    const { userId, issuedAt } = await openConnection(sandbox, {
      ...query,
      authorization: query.authorization ?? header?.replace(/^Bearer\s+/i, ''),
      'stream-auth-type': query['stream-auth-type'] ?? (typeof authType === 'string' ? authType : undefined),
    });
    const connection = new LongPollConnection(gateway.newConnectionId(), userId, forget);
    connection.issuedAt = issuedAt;
    polled.set(connection.id, connection);
    gateway.add(connection);
    return ok({ event: healthCheck(sandbox, connection.id, userId) });
  }

  async function poll(connection: LongPollConnection, reply: FastifyReply) {
    await connection.waitForEvents(POLL_HOLD_MS, (cancel) => {
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) cancel();
      });
    });
    // A client that went away keeps its events for the next poll.
    const gone = reply.raw.destroyed;
    if (gone) connection.idleSince = Date.now();
    const events = gone ? '[]' : connection.takeEvents();
    return reply.type('application/json').send(`{"events":${events},"duration":"0.00ms"}`);
  }
}
