/**
 * The chat page: the connection's state, then the workspace once the chat client is connected.
 * While the link is down the workspace stays, marked as reconnecting; it never empties.
 */
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n/use-translation';
import type { StreamChat } from 'stream-chat';
import { selectClient, selectStatus } from '../../../machines/chat-connection/chat-connection.selectors';
import { useChatConnection, type ChatConnectionActor } from '../../lib/chat/chat-provider';
import { ConnectionNotice } from './ConnectionNotice';
import { ChatWorkspaceView } from './workspace/ChatWorkspaceView';

function ConnectedChat({ connection }: { connection: ChatConnectionActor }) {
  const { t } = useTranslation();
  const client = useSelector(connection, selectClient) as StreamChat | null;
  const status = useSelector(connection, selectStatus);
  if (client)
    return <ChatWorkspaceView client={client} reconnecting={status === 'reconnecting' || status === 'offline'} />;
  if (status === 'failed') return null;
  return (
    <p role="status" className="chat-connecting">
      {t('chat.workspace.connecting')}
    </p>
  );
}

export default function ChatPage() {
  const { t } = useTranslation();
  const connection = useChatConnection();
  return (
    <section aria-labelledby="chat-title" className="chat-page">
      <h1 id="chat-title" className="visually-hidden">
        {t('chat.title')}
      </h1>
      <ConnectionNotice />
      {connection ? (
        <ConnectedChat connection={connection} />
      ) : (
        <p className="empty-state">{t('chat.workspace.unavailable')}</p>
      )}
    </section>
  );
}
