/**
 * The chat's place in the protected layout: one chat connection (machines/chat-connection) for
 * every signed-in screen, and the total unread count for the navigation badge. A connection
 * actor exists only while the session user has a chat token; a new one replaces it whenever the
 * user id, token or application key changes, and the old one is stopped, which disconnects it.
 * The actors live in chat-connections.ts, which can start one before the first render.
 */
import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { selectFailureReason, selectUnreadCount } from '../../../machines/chat-connection/chat-connection.selectors';
import type { ChatConnectionInput } from '../../../machines/chat-connection/chat-connection.types';
import { registerDevActor } from '../dev/actor-registry';
import { useSession } from '../session';
import { chatConnections, connectionInputFor, connectionKey, type ChatConnectionActor } from './chat-connections';

export type { ChatConnectionActor };

const ChatContext = createContext<ChatConnectionActor | null>(null);

export function ChatProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const input = connectionInputFor(user);
  const key = input ? connectionKey(input) : null;
  // Known in the first render (the connection started ahead of it, usually connected by now).
  const [held, setHeld] = useState<{ key: string; actor: ChatConnectionActor } | null>(null);
  let actor: ChatConnectionActor | null = null;
  if (input && key) {
    actor = held?.key === key ? held.actor : chatConnections.connectionFor(input);
    if (held?.key !== key) setHeld({ key, actor });
  } else if (held) setHeld(null);
  return (
    <ChatContext.Provider value={actor}>
      {input && actor && <ChatConnection key={key} input={input} actor={actor} />}
      {children}
    </ChatContext.Provider>
  );
}

/**
 * Holds the connection actor of one identity while mounted; unmounting lets go of it, which
 * stops it (and disconnects) unless someone else holds it.
 */
function ChatConnection({ input, actor }: { input: ChatConnectionInput; actor: ChatConnectionActor }) {
  const failure = useSelector(actor, selectFailureReason);

  useEffect(() => {
    const release = chatConnections.hold(input);
    const unregister = registerDevActor('chatConnection', actor);
    const online = () => actor.send({ type: 'network.online' });
    const offline = () => actor.send({ type: 'network.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      unregister();
      release();
    };
    // The component is keyed by the identity: the input does not change while it is mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);

  useEffect(() => {
    if (failure) console.error(`Chat connection failed: ${failure}`);
  }, [failure]);
  return null;
}

/** The chat connection actor, or null while there is none (no chat token). */
export function useChatConnection(): ChatConnectionActor | null {
  return useContext(ChatContext);
}

/** Total unread messages over all channels; shown as the navigation badge. */
export function useChatUnreadCount(): number {
  const actor = useChatConnection();
  return useSelector(actor ?? undefined, (snapshot) => (snapshot ? selectUnreadCount(snapshot) : 0));
}
