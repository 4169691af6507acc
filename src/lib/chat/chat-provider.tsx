/**
 * The chat's place in the protected layout: one chat connection (machines/chat-connection) for
 * every signed-in screen, and the total unread count for the navigation badge. A connection
 * actor exists only while the session user has a chat token; a new one replaces it whenever the
 * user id, token or application key changes, and the old one is stopped, which disconnects it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { chatConnectionMachine } from '../../../machines/chat-connection/chat-connection.machine';
import { selectFailureReason, selectUnreadCount } from '../../../machines/chat-connection/chat-connection.selectors';
import type { ChatConnectionInput } from '../../../machines/chat-connection/chat-connection.types';
import { createChatConnectionActors } from '../actors/chat-connection-actors';
import { api } from '../api-client';
import { registerDevActor } from '../dev/actor-registry';
import { useSession } from '../session';
import type { SessionUser } from '../user';
import { chatConfig } from './chat-config';

export type ChatConnectionActor = ActorRefFrom<typeof chatConnectionMachine>;

const ChatContext = createContext<ChatConnectionActor | null>(null);

const fetchChatToken = async () => (await api.get<SessionUser>('/auth/me', { cacheBust: true })).token;

export function ChatProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [actor, setActor] = useState<ChatConnectionActor | null>(null);
  const { apiKey } = chatConfig();
  const input: ChatConnectionInput | null = user?.token
    ? { userId: String(user.id), name: user.name, token: user.token, apiKey }
    : null;
  return (
    <ChatContext.Provider value={actor}>
      {input && (
        <ChatConnection key={`${input.userId}\n${input.token}\n${input.apiKey}`} input={input} onActor={setActor} />
      )}
      {children}
    </ChatContext.Provider>
  );
}

/** Runs one connection actor for one identity; unmounting stops it (which disconnects). */
function ChatConnection({
  input,
  onActor,
}: {
  input: ChatConnectionInput;
  onActor: (actor: ChatConnectionActor | null) => void;
}) {
  const [machine] = useState(() =>
    chatConnectionMachine.provide({
      actors: createChatConnectionActors({ baseURL: chatConfig().baseURL, fetchToken: fetchChatToken }),
    }),
  );
  const actor = useActorRef(machine, { input });
  const failure = useSelector(actor, selectFailureReason);

  useEffect(() => {
    onActor(actor);
    const unregister = registerDevActor('chatConnection', actor);
    const online = () => actor.send({ type: 'network.online' });
    const offline = () => actor.send({ type: 'network.offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      unregister();
      onActor(null);
    };
  }, [actor, onActor]);

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
