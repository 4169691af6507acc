/**
 * The chat connection actors (machines/chat-connection), one per identity (user id, token, API
 * key), shared by whoever holds them and stopped (which disconnects) when the last holder lets go.
 * The app starts the connection as soon as the start-up request has named the member, before its
 * first render (`preconnect`), and the chat provider takes that actor over: by the time the chat
 * screen renders, the client is usually connected. A connection nobody holds within
 * UNCLAIMED_CONNECTION_MS (the member was not on a signed-in screen after all, or React threw the
 * render that asked for it away) is stopped.
 *
 * Holding is counted, and letting go stops the actor only after the current task, so React's
 * strict mode (effects run, cleaned up and run again) keeps one actor, never a stopped one.
 */
import type { StreamChat } from 'stream-chat';
import { createActor } from 'xstate';
import { chatConnectionMachine } from '../../../machines/chat-connection/chat-connection.machine';
import { selectClient, selectStatus } from '../../../machines/chat-connection/chat-connection.selectors';
import type { ChatConnectionInput } from '../../../machines/chat-connection/chat-connection.types';
import { createChatConnectionActors, type ChatConnectionActorOptions } from '../actors/chat-connection-actors';
import { api } from '../api-client';
import type { SessionUser } from '../user';
import { chatConfig } from './chat-config';

/** How long a connection nobody holds (yet) keeps running. */
export const UNCLAIMED_CONNECTION_MS = 10_000;

export function startChatConnection(input: ChatConnectionInput, options: ChatConnectionActorOptions) {
  const machine = chatConnectionMachine.provide({ actors: createChatConnectionActors(options) });
  return createActor(machine, { input }).start();
}

export type ChatConnectionActor = ReturnType<typeof startChatConnection>;

export const connectionKey = (input: ChatConnectionInput) => `${input.userId}\n${input.token}\n${input.apiKey}`;

/** The connection input for a signed-in member, or null when the member has no chat token. */
export function connectionInputFor(user: SessionUser | null): ChatConnectionInput | null {
  if (!user?.token) return null;
  return { userId: String(user.id), name: user.name, token: user.token, apiKey: chatConfig().apiKey };
}

interface Held {
  actor: ChatConnectionActor;
  holders: number;
  stopTimer: ReturnType<typeof setTimeout> | null;
}

export function createChatConnections(
  start: (input: ChatConnectionInput) => ChatConnectionActor,
  unclaimedMs = UNCLAIMED_CONNECTION_MS,
) {
  const connections = new Map<string, Held>();

  const scheduleStop = (key: string, held: Held, delay: number) => {
    if (held.stopTimer) clearTimeout(held.stopTimer);
    held.stopTimer = setTimeout(() => {
      held.stopTimer = null;
      if (held.holders > 0 || connections.get(key) !== held) return;
      connections.delete(key);
      held.actor.stop();
    }, delay);
  };

  /** The entry for `input`, started now if there is none (stopped if nobody holds it in time). */
  const entryFor = (input: ChatConnectionInput): Held => {
    const key = connectionKey(input);
    let held = connections.get(key);
    if (!held) {
      held = { actor: start(input), holders: 0, stopTimer: null };
      connections.set(key, held);
      scheduleStop(key, held, unclaimedMs);
    }
    return held;
  };

  return {
    /** Starts the connection ahead of its first holder. */
    preconnect(input: ChatConnectionInput | null): void {
      if (input) entryFor(input);
    },
    /** The running connection for `input` (started now if there is none); hold it while using it. */
    connectionFor(input: ChatConnectionInput): ChatConnectionActor {
      return entryFor(input).actor;
    },
    /** Counts a holder of the connection; the returned function lets go (the last one stops it). */
    hold(input: ChatConnectionInput): () => void {
      const held = entryFor(input);
      held.holders++;
      if (held.stopTimer) clearTimeout(held.stopTimer);
      held.stopTimer = null;
      return () => {
        held.holders--;
        if (held.holders === 0) scheduleStop(connectionKey(input), held, 0);
      };
    },
    /** How many connections are running (for tests). */
    get size() {
      return connections.size;
    },
  };
}

const fetchChatToken = async () => (await api.get<SessionUser>('/auth/me', { cacheBust: true })).token;

/** The app's connections, to the configured chat service. */
export const chatConnections = createChatConnections((input) =>
  startChatConnection(input, { baseURL: chatConfig().baseURL, fetchToken: fetchChatToken }),
);

/**
 * Starts the member's connection ahead of the first render (stopped if nobody takes it); settles
 * once it is no longer connecting, with the connected client (null when not connected, or at
 * once when the member has no chat token).
 */
export function preconnect(user: SessionUser | null): Promise<StreamChat | null> {
  const input = connectionInputFor(user);
  if (!input) return Promise.resolve(null);
  chatConnections.preconnect(input);
  const actor = chatConnections.connectionFor(input);
  return new Promise((resolve) => {
    const check = () => {
      const snapshot = actor.getSnapshot();
      if (selectStatus(snapshot) === 'connecting') return false;
      resolve(selectClient(snapshot) as StreamChat | null);
      return true;
    };
    if (check()) return;
    const subscription = actor.subscribe(() => {
      if (check()) subscription.unsubscribe();
    });
  });
}
