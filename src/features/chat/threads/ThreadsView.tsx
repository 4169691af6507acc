/**
 * The member's threads (`/chat/threads`, issue #13 item 1): every thread they take part in, the
 * latest activity first, 25 at a time as the list scrolls (stream-chat's `ThreadManager`, which
 * loads them when the view activates it, counts threads with new replies that are not in the list
 * yet, and reloads after the connection drops and recovers). Each thread shows its channel, the
 * parent message and the latest reply (each as shared/message-summary.ts names it), the reply count and how many replies are unread; choosing one
 * opens it beside its channel.
 */
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Virtuoso } from 'react-virtuoso';
import type { Thread } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { clockTime } from '../message-list/format';
import { channelTitle } from '../shared/channel-title';
import { cachedPollName, summariseMessage, type PollNameLookup } from '../shared/message-summary';
import { useThreadState } from '../thread/use-thread-state';
import { threadPath, useChatWorkspace } from '../workspace/chat-workspace-context';
import { OpenPanelButton } from '../workspace/OpenPanelButton';
import { useThreadManagerState } from './use-thread-manager';
import './threads.css';

function ThreadItem({ thread, userId, pollName }: { thread: Thread; userId: string; pollName: PollNameLookup }) {
  const { t, i18n } = useTranslation();
  const { parentMessage, replies, replyCount, read, channel } = useThreadState(thread);
  const unread = read[userId]?.unreadMessageCount ?? 0;
  const latest = replies[replies.length - 1];
  const author = (user?: { id: string; name?: string } | null) =>
    user?.name || user?.id || t('chat.message.unknownUser');
  const parentText = summariseMessage(parentMessage, t, { pollName });
  const label = [
    t('chat.threads.itemLabel', { name: author(parentMessage.user), text: parentText }),
    channelTitle(channel, userId),
    t('chat.message.replies', { count: replyCount }),
    ...(unread > 0 ? [t('chat.threads.unread', { count: unread })] : []),
  ].join(', ');
  return (
    <Link
      className="threads-item"
      to={threadPath(channel.type, channel.id!, thread.id)}
      aria-label={label}
      data-part="thread-item"
      data-thread-id={thread.id}
      data-unread={unread}
    >
      <span className="threads-item-top">
        <span className="threads-item-channel">{channelTitle(channel, userId)}</span>
        {latest && (
          <time dateTime={latest.created_at.toISOString()}>{clockTime(latest.created_at, i18n.language)}</time>
        )}
      </span>
      <span className="threads-item-parent">
        <strong>{author(parentMessage.user)}</strong> {parentText}
      </span>
      {latest && (
        <span className="threads-item-latest chat-muted">
          {author(latest.user)}: {summariseMessage(latest, t, { pollName })}
        </span>
      )}
      <span className="threads-item-bottom">
        <span className="chat-muted">{t('chat.message.replies', { count: replyCount })}</span>
        {unread > 0 && <span className="threads-unread">{t('chat.threads.unread', { count: unread })}</span>}
      </span>
    </Link>
  );
}

export default function ThreadsView({ onOpenPanel }: { onOpenPanel: (() => void) | null }) {
  const { t } = useTranslation();
  const { client, userId } = useChatWorkspace();
  const { threads, unseenThreadIds, pagination, ready, active } = useThreadManagerState(client);
  const pollName = useMemo(() => cachedPollName(client), [client]);

  useEffect(() => {
    client.threads.activate();
    return () => client.threads.deactivate();
  }, [client]);

  // Activating starts the first load at once; active, not loading and not ready means it failed.
  const failed = active && !ready && !pagination.isLoading;
  return (
    <section className="threads-view" aria-labelledby="threads-title" role="region">
      <header className="chat-channel-header">
        {onOpenPanel && <OpenPanelButton onOpenPanel={onOpenPanel} />}
        <div className="chat-channel-heading">
          <h2 id="threads-title">{t('chat.threads.title')}</h2>
          <p className="chat-muted">{t('chat.threads.subtitle')}</p>
        </div>
      </header>
      {unseenThreadIds.length > 0 && (
        <button type="button" className="threads-new" onClick={() => void client.threads.reload()}>
          {t('chat.threads.showNew', { count: unseenThreadIds.length })}
        </button>
      )}
      {!ready && pagination.isLoading && (
        <p role="status" className="threads-status chat-muted">
          {t('chat.threads.loading')}
        </p>
      )}
      {failed && (
        <div role="alert" className="threads-status">
          <p>{t('chat.threads.failed')}</p>
          <button type="button" onClick={() => void client.threads.reload({ force: true })}>
            {t('chat.workspace.retry')}
          </button>
        </div>
      )}
      {ready && threads.length === 0 && <p className="threads-status empty-state">{t('chat.threads.empty')}</p>}
      {threads.length > 0 && (
        <Virtuoso
          className="threads-list"
          data={threads}
          computeItemKey={(_, thread) => thread.id}
          endReached={() => void client.threads.loadNextPage()}
          itemContent={(_, thread) => <ThreadItem thread={thread} userId={userId} pollName={pollName} />}
          components={{
            Footer: () =>
              pagination.isLoadingNext ? (
                <p role="status" className="threads-status chat-muted">
                  {t('chat.threads.loadingMore')}
                </p>
              ) : null,
          }}
        />
      )}
    </section>
  );
}
