/**
 * Chat sandbox test support: a real server, and real `stream-chat` clients connected to it over
 * WebSockets (users) or with the secret (server side).
 */
import { createHmac } from 'node:crypto';
import { StreamChat, type Channel, type Event } from 'stream-chat';
import { createChatToken } from '../../server/api/auth/chat-token.js';
import type { Engine } from './engines.js';
import { ENGINES } from './engines.js';
import { startTestServer, type TestServer } from './test-server.js';

export interface ChatServer extends TestServer {
  chatUrl: string;
  clients: StreamChat[];
}

function withChat(server: TestServer, clients: StreamChat[]): ChatServer {
  return {
    ...server,
    chatUrl: `${server.url}/chat`,
    clients,
    async close() {
      await Promise.all(clients.map((c) => c.disconnectUser().catch(() => undefined)));
      await server.close();
    },
    async restart() {
      return withChat(await server.restart(), clients);
    },
  };
}

export async function startChatServer(
  engine: Engine = ENGINES[0]!,
  env: Record<string, string> = {},
): Promise<ChatServer> {
  return withChat(await startTestServer(engine, env), []);
}

export function userToken(server: ChatServer, userId: string, ttlSeconds = 3600): string {
  return createChatToken(userId, server.config.chatApiSecret, ttlSeconds);
}

/** A user's client, connected over a real WebSocket. */
export async function connectClient(
  server: ChatServer,
  userId: string,
  name = userId,
  options: Record<string, unknown> = {},
): Promise<StreamChat> {
  const client = new StreamChat(server.config.chatApiKey, {
    baseURL: server.chatUrl,
    allowServerSideConnect: true,
    timeout: 5000,
    ...options,
  });
  server.clients.push(client);
  await client.connectUser({ id: userId, name }, userToken(server, userId));
  return client;
}

/** The server-side client (API key + secret), as the product API uses it. */
export function serverClient(server: ChatServer): StreamChat {
  return new StreamChat(server.config.chatApiKey, server.config.chatApiSecret, {
    baseURL: server.chatUrl,
    timeout: 5000,
  });
}

/** Resolves with the next event of `type` the client receives (rejects after `ms`). */
export function nextEvent(
  client: StreamChat,
  type: string,
  ms = 3000,
  where: (event: Event) => boolean = () => true,
): Promise<Event> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      reject(new Error(`no ${type} event within ${ms} ms`));
    }, ms);
    const subscription = client.on(type, (event) => {
      if (!where(event)) return;
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(event);
    });
  });
}

/** Collects every event of the given types a client receives, for asserting absences too. */
export function recordEvents(client: StreamChat, ...types: string[]): Event[] {
  const seen: Event[] = [];
  client.on((event) => {
    if (types.length === 0 || types.includes(event.type)) seen.push(event);
  });
  return seen;
}

/** A messaging channel `owner` creates with `guest` as a member, watched by both; each one's `Channel`. */
export async function sharedRoom(owner: StreamChat, guest: StreamChat, id: string): Promise<[Channel, Channel]> {
  const mine = owner.channel('messaging', id, { members: [owner.userID!, guest.userID!] });
  await mine.watch();
  const theirs = guest.channel('messaging', id);
  await theirs.watch();
  return [mine, theirs];
}

export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw REST call to the sandbox as `userId` (or with the server token when userId is null). */
export async function rawChat(
  server: ChatServer,
  method: string,
  path: string,
  userId: string | null,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const token = userId === null ? serverToken(server) : userToken(server, userId);
  const separator = path.includes('?') ? '&' : '?';
  const response = await fetch(`${server.chatUrl}${path}${separator}api_key=${server.config.chatApiKey}`, {
    method,
    headers: {
      authorization: token,
      'stream-auth-type': 'jwt',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export function serverToken(server: ChatServer): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ server: true })}`;
  return `${unsigned}.${createHmac('sha256', server.config.chatApiSecret).update(unsigned).digest('base64url')}`;
}
