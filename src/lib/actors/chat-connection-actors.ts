/**
 * The chat connection machine's real I/O over `stream-chat`: connect the user (websocket with the
 * long-poll fallback enabled, the token through a provider so an expired token is reloaded from
 * the product API), watch the client's events, reconnect, disconnect.
 */
import { StreamChat, type Event, type StreamChatOptions } from 'stream-chat';
import { fromCallback, fromPromise } from 'xstate';
import {
  MissingChatTokenError,
  UNREAD_EVENT_TYPES,
  type ChatClientHandle,
  type ChatConnected,
  type ChatConnectionEvent,
  type ChatConnectionInput,
} from '../../../machines/chat-connection/chat-connection.types';

export interface ChatConnectionActorOptions {
  /** The chat service's base URL (`chatConfig().baseURL` in the browser). */
  baseURL: string;
  /**
   * A fresh chat token from the product API (`GET /api/auth/me` → `token`). The first token the
   * client asks for is the one the actor was started with; every later one (after the chat
   * service answered "token expired", code 40) comes from here.
   */
  fetchToken: () => Promise<string>;
  /** Extra client options (tests: `allowServerSideConnect`, a shorter `timeout`). */
  clientOptions?: StreamChatOptions;
}

const WS_NORMAL_CLOSE = 1000;
const CONNECTION_ID_NOT_FOUND = 46;

/** What an abandoned attempt resolves to: never. */
const ABANDONED = new Promise<never>(() => undefined);

const asClient = (handle: ChatClientHandle) => handle as StreamChat;

/** Healthy websocket or long poll, with a connection id. */
export function isClientHealthy(client: StreamChat): boolean {
  const healthy = Boolean(client.wsConnection?.isHealthy) || Boolean(client.wsFallback?.isHealthy());
  return healthy && client._hasConnectionID();
}

/**
 * The client checks a static token's `user_id` but not a provider's: check the first token here
 * (spec section 5: its user_id must match), so a wrong token fails without opening a socket.
 */
export function tokenUserId(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload || token.split('.').length !== 3) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { user_id?: unknown };
    return typeof claims.user_id === 'string' ? claims.user_id : null;
  } catch {
    return null;
  }
}

function errorCode(error: unknown): unknown {
  const data = (error as { response?: { data?: { code?: unknown } } } | null)?.response?.data;
  return data?.code;
}

export function createChatConnectionActors({ baseURL, fetchToken, clientOptions = {} }: ChatConnectionActorOptions) {
  return {
    connectUser: fromPromise<ChatConnected, ChatConnectionInput>(async ({ input, signal }) => {
      if (!input.token) throw new MissingChatTokenError();
      if (tokenUserId(input.token) !== input.userId)
        throw new Error(`The chat token is not a token for user ${input.userId}`);
      const client = new StreamChat(input.apiKey, { ...clientOptions, baseURL, enableWSFallback: true });
      let initialToken: string | null = input.token;
      const tokenProvider = async () => {
        const token = initialToken ?? (await fetchToken());
        initialToken = null;
        return token;
      };
      // The machine stopped (closed, or the app dropped the actor) before we were connected: the
      // client is disconnected and this attempt never settles. An abandoned attempt must not
      // report back, because React's strict mode stops an actor and starts it again from its
      // snapshot, which runs a second attempt; only that one may decide the outcome.
      const abandon = () => void client.disconnectUser();
      signal.addEventListener('abort', abandon, { once: true });
      try {
        const user = input.name ? { id: input.userId, name: input.name } : { id: input.userId };
        const opened = await client.connectUser(user, tokenProvider);
        if (signal.aborted) return await ABANDONED;
        const transport = client.wsFallback?.isHealthy() ? 'longpoll' : 'websocket';
        return { client, totalUnreadCount: opened?.me?.total_unread_count ?? 0, transport };
      } catch (error) {
        if (signal.aborted) return await ABANDONED;
        if (client.userID) void client.disconnectUser();
        throw error;
      } finally {
        signal.removeEventListener('abort', abandon);
      }
    }),

    /**
     * Forwards the client's events as machine events: `connection.changed` (a websocket that
     * closes abnormally is reported at once, the client itself only tells after 5 s),
     * `transport.changed`, the four unread events with the service's `total_unread_count`, and a
     * REST or long-poll answer with code 46 as `connection.idNotFound`. When the machine is
     * stopped while connected (no `connection.close`), the user is disconnected here.
     */
    watchClient: fromCallback<ChatConnectionEvent, { client: ChatClientHandle }>(({ input, sendBack }) => {
      const client = asClient(input.client);
      const send = (event: ChatConnectionEvent) => sendBack(event);

      let socket: WebSocket | undefined;
      const watchSocket = () => {
        const ws = client.wsConnection?.ws as WebSocket | undefined;
        if (!ws || ws === socket) return;
        socket = ws;
        ws.addEventListener('close', (event: { code: number }) => {
          if (ws === socket && event.code !== WS_NORMAL_CLOSE) send({ type: 'connection.changed', online: false });
        });
      };
      watchSocket();

      const subscriptions = [
        // Every new connection starts with a health check: the moment to follow its socket.
        client.on('health.check', watchSocket),
        client.on('connection.changed', (event: Event) => {
          watchSocket();
          send({ type: 'connection.changed', online: Boolean(event.online) });
        }),
        client.on('transport.changed', (event: Event) => {
          if (event.mode === 'longpoll' || event.mode === 'websocket')
            send({ type: 'transport.changed', mode: event.mode });
        }),
        ...UNREAD_EVENT_TYPES.map((type) =>
          client.on(type, (event: Event) =>
            send(
              typeof event.total_unread_count === 'number'
                ? { type, totalUnreadCount: event.total_unread_count }
                : { type },
            ),
          ),
        ),
      ];
      const interceptor = client.axiosInstance.interceptors.response.use(undefined, (error: unknown) => {
        if (errorCode(error) === CONNECTION_ID_NOT_FOUND) send({ type: 'connection.idNotFound' });
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      });

      return () => {
        for (const subscription of subscriptions) subscription.unsubscribe();
        client.axiosInstance.interceptors.response.eject(interceptor);
        socket = undefined;
        // On `connection.close` the machine's disconnectUser has already cleared the user by now.
        queueMicrotask(() => {
          if (client.userID) void client.disconnectUser();
        });
      };
    }),

    reconnect: fromPromise<void, { client: ChatClientHandle; fresh: boolean }>(async ({ input }) => {
      const client = asClient(input.client);
      // After code 46 a socket that looks healthy is not: the service has forgotten its id.
      if (!input.fresh && isClientHealthy(client)) return;
      if (client.wsFallback) {
        // The long poll reconnects without a connection id by itself on code 46 (and always
        // connects without one); this is a no-op while it is connecting or connected.
        await client.wsFallback.connect(true);
      } else if (input.fresh || !client.wsConnection) {
        // Code 46: drop the connection the service no longer knows and open a new one.
        await client.closeConnection();
        await client.openConnection();
        await client.recoverState();
      } else {
        // The client's own reconnect: reloads an expired token and recovers channel state.
        await client.wsConnection._reconnect({ interval: 10 });
      }
      if (!isClientHealthy(client)) throw new Error('The chat connection is still unhealthy');
    }),

    disconnectUser: fromPromise<void, { client: ChatClientHandle }>(async ({ input }) => {
      await asClient(input.client).disconnectUser();
    }),
  };
}
