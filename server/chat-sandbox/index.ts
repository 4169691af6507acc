/**
 * The chat sandbox: a local stand-in for the hosted chat service that the unmodified
 * `stream-chat` client talks to over HTTP and WebSocket (shared/design/chat-protocol.md),
 * mounted under /chat. A development and test double: production sets CHAT_PROVIDER=stream.
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { authenticate, revocationsOf } from './auth-context.js';
import { registerChatErrorHandler } from './errors.js';
import { query } from './schema/fragments.js';
import { registerChatValidation } from './schema/validation.js';
import { Gateway } from './gateway.js';
import { channelRoutes } from './routes/channels.js';
import { memberRoutes } from './routes/members.js';
import { messageRoutes } from './routes/messages.js';
import { readRoutes } from './routes/reads.js';
import { eventRoutes } from './routes/events.js';
import { appRoutes } from './routes/app-settings.js';
import { uploadRoutes } from './routes/uploads.js';
import { reactionRoutes } from './routes/reactions.js';
import { searchRoutes } from './routes/search.js';
import { userRoutes } from './routes/users.js';
import { ok, type Sandbox } from './sandbox.js';
import { Serializer } from './serialize.js';
import { ChatStore } from './store/chat-store.js';
import { nextTimestamp } from './clock.js';
import { wsConnectRoute } from './ws-connect.js';
import { ogRoutes } from './routes/og.js';
import { moderationRoutes } from './routes/moderation.js';
import { blocklistRoutes } from './routes/blocklists.js';
import { giphyRoutes } from './routes/giphy.js';
import { draftRoutes } from './routes/drafts.js';
import { reminderRoutes } from './routes/reminders.js';
import { pollRoutes } from './routes/polls.js';
import { locationRoutes } from './routes/locations.js';
import { longPollRoutes } from './longpoll.js';
import { threadRoutes } from './routes/threads.js';

export interface ChatSandboxOptions {
  sandbox: Sandbox;
}

const ALLOWED_HEADERS = 'authorization, stream-auth-type, x-stream-client, x-client-request-id, content-type';
/** Routes that authenticate themselves (the WebSocket and long-poll handshakes). */
const SELF_AUTHENTICATED = ['/chat/connect', '/chat/longpoll'];
const PUBLIC_FILES = ['/chat/uploads/', '/chat/giphy/'];

/** Loads the sandbox's state from the database; the plugin below serves it. */
export async function createSandbox(config: Config, database: Database): Promise<Sandbox> {
  const store = await ChatStore.load(database.db);
  const gateway = new Gateway();
  const sandbox: Sandbox = {
    store,
    gateway,
    serialize: new Serializer(store, (id) => gateway.isOnline(id)),
    settings: {
      apiKey: config.chatApiKey,
      secret: config.chatApiSecret,
      uploadDir: join(config.dataDir, 'chat-uploads'),
      uploadSizeLimit: config.chatUploadMaxBytes,
      ogAllowPrivate: config.chatOgAllowPrivate,
      requestMaxDepth: config.chatRequestMaxDepth,
      uploadMaxPixels: config.chatUploadMaxPixels,
      thumbnailCacheBytes: config.chatThumbnailCacheBytes,
      clientUserUpdates: config.chatClientUserUpdates,
      blocklistMaxLists: config.chatBlocklistMaxLists,
      blocklistMaxWords: config.chatBlocklistMaxWords,
      blocklistWordMaxLength: config.chatBlocklistWordMaxLength,
      multiTenant: store.app?.multi_tenant_enabled ?? config.chatMultiTenant,
      userMaxTeams: config.chatUserMaxTeams,
      teamNameMaxBytes: config.chatTeamNameMaxBytes,
    },
  };
  gateway.onPresence = (userId, online) => announcePresence(sandbox, userId, online);
  return sandbox;
}

export async function chatSandbox(app: FastifyInstance, { sandbox }: ChatSandboxOptions): Promise<void> {
  const { store, gateway } = sandbox;
  store.onBackgroundError = (error) => app.log.error({ err: error }, 'chat sandbox: storing a change failed');

  registerChatErrorHandler(app);
  registerChatValidation(app, sandbox.settings.requestMaxDepth);
  // Bodies may be empty (DELETE with a JSON content type); malformed JSON is a code 4 error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '' || body === undefined) return done(null, {});
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('invalid JSON body'), { statusCode: 400 }), undefined);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('Access-Control-Allow-Origin', origin ?? '*');
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    reply.header('Access-Control-Max-Age', '600');
    if (request.method === 'OPTIONS') return reply.code(204).send();
    const path = request.url.split('?')[0] ?? '';
    // Files the browser loads by URL (uploads, giphy images) carry no token.
    if (
      SELF_AUTHENTICATED.includes(path) ||
      (request.method === 'GET' && PUBLIC_FILES.some((prefix) => path.startsWith(prefix)))
    )
      return;
    request.chatActor = await authenticate(
      request,
      sandbox.settings.apiKey,
      sandbox.settings.secret,
      revocationsOf(sandbox.store),
    );
  });
  app.addHook('onResponse', async () => store.flushInBackground());
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    await store.flush();
    return payload;
  });

  await app.register(fastifyWebsocket);
  await app.register(wsConnectRoute, sandbox);
  app.options('/*', async (_request, reply) => reply.code(204).send());
  app.get('/hi', { schema: { querystring: query() } }, async () => ok({}));
  await app.register(channelRoutes, sandbox);
  await app.register(memberRoutes, sandbox);
  await app.register(messageRoutes, sandbox);
  await app.register(readRoutes, sandbox);
  await app.register(eventRoutes, sandbox);
  await app.register(appRoutes, sandbox);
  await app.register(uploadRoutes, sandbox);
  await app.register(reactionRoutes, sandbox);
  await app.register(searchRoutes, sandbox);
  await app.register(userRoutes, sandbox);
  await app.register(ogRoutes, sandbox);
  await app.register(moderationRoutes, sandbox);
  await app.register(blocklistRoutes, sandbox);
  await app.register(giphyRoutes, sandbox);
  await app.register(draftRoutes, sandbox);
  await app.register(reminderRoutes, sandbox);
  await app.register(pollRoutes, sandbox);
  await app.register(locationRoutes, sandbox);
  await app.register(longPollRoutes, sandbox);
  await app.register(threadRoutes, sandbox);

  app.addHook('preClose', async () => {
    gateway.onPresence = () => undefined;
    gateway.closeAll(1001, 'server shutting down');
    await store.close();
  });
  app.log.info(
    'Chat: serving the local chat sandbox under /chat (a development and test stand-in; set CHAT_PROVIDER=stream for the hosted service)',
  );
}

function announcePresence(sandbox: Sandbox, userId: string, online: boolean): void {
  const user = sandbox.store.users.get(userId);
  if (!user) return;
  user.last_active = nextTimestamp();
  sandbox.store.saveUser(user);
  sandbox.store.flushInBackground();
  const recipients = new Set<string>();
  for (const [cid, members] of sandbox.store.members) {
    if (!members.has(userId)) continue;
    for (const id of members.keys()) recipients.add(id);
    for (const id of sandbox.gateway.watcherUserIds(cid)) recipients.add(id);
  }
  for (const connection of sandbox.gateway.all()) {
    if (connection.presenceOf.has(userId)) recipients.add(connection.userId);
  }
  recipients.delete(userId);
  const event = { type: 'user.presence.changed', user: { ...sandbox.serialize.user(user), online } };
  for (const id of recipients) sandbox.gateway.toUser(id, event);
}
