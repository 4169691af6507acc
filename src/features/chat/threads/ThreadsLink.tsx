/**
 * "Threads" at the top of the channel list: opens the member's threads (`/chat/threads`), with
 * the number of threads that have unread replies (from the service's `unread_threads`).
 */
import { Link } from 'react-router-dom';
import type { StreamChat } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { ReplyIcon } from '../message-actions/icons';
import { useThreadManagerState } from './use-thread-manager';

export const THREADS_PATH = '/chat/threads';

export function ThreadsLink({
  client,
  active,
  onChosen,
}: {
  client: StreamChat;
  active: boolean;
  onChosen: () => void;
}) {
  const { t } = useTranslation();
  const { unreadThreadCount } = useThreadManagerState(client);
  const label =
    unreadThreadCount > 0 ? t('chat.threads.linkUnread', { count: unreadThreadCount }) : t('chat.threads.title');
  return (
    <ul className="cl-rows cl-threads">
      <li className="cl-row" data-active={active || undefined} data-unread={unreadThreadCount > 0 || undefined}>
        <Link
          to={THREADS_PATH}
          className="cl-row-link"
          aria-label={label}
          aria-current={active ? 'page' : undefined}
          data-part="threads-link"
          data-unread={unreadThreadCount}
          onClick={onChosen}
        >
          <span className="cl-threads-icon" aria-hidden="true">
            <ReplyIcon />
          </span>
          <span className="cl-row-body">
            <span className="cl-row-top">
              <span className="cl-row-name">{t('chat.threads.title')}</span>
              {unreadThreadCount > 0 && (
                <span className="cl-badge" aria-hidden="true">
                  {unreadThreadCount > 99 ? '99+' : unreadThreadCount}
                </span>
              )}
            </span>
          </span>
        </Link>
      </li>
    </ul>
  );
}
