/**
 * The chat connection's state for the member: nothing while all is well, the spec's texts when
 * the first connect failed ('Error connecting to chat…', an alert) or when a lost connection has
 * been unhealthy for 5 s ('Connection failure, reconnecting now...', a status).
 */
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n/use-translation';
import { selectError, selectStatus } from '../../../machines/chat-connection/chat-connection.selectors';
import { useChatConnection, type ChatConnectionActor } from '../../lib/chat/chat-provider';

function Notice({ actor }: { actor: ChatConnectionActor }) {
  const { t } = useTranslation();
  const status = useSelector(actor, selectStatus);
  const error = useSelector(actor, selectError);
  return (
    <p className="connection-notice" data-state={status} role={status === 'failed' ? 'alert' : 'status'}>
      {error ? t(error.key) : null}
    </p>
  );
}

export function ConnectionNotice() {
  const actor = useChatConnection();
  return actor ? <Notice actor={actor} /> : null;
}
