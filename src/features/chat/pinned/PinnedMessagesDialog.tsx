/**
 * The open channel's pinned messages (issue #13 item 6): newest pin first, from the chat service's
 * pinned-messages query, loaded through the resource statechart (a page of 25, "Show more" asks
 * for 25 more, up to the service's 100) and loaded again while open when a message of the
 * channel is pinned, unpinned or deleted. Choosing one closes the dialog and jumps the list to
 * it. Author, time and what the message is (its text, or its poll's question, its attachment's
 * name: shared/message-summary.ts) are shown as text.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Channel, MessageResponse } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { useResource } from '../../../lib/use-resource';
import '../channel-list/channel-list-overlays.css';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { clockTime, dayLabel } from '../message-list/format';
import { Avatar } from '../shared/Avatar';
import { summariseMessage } from '../shared/message-summary';
import { usePollNames } from '../shared/use-poll-names';
import { useChatWorkspace } from '../workspace/chat-workspace-context';
import './pinned.css';

export const PINNED_PAGE = 25;
/** The most the service answers in one pinned-messages query. */
export const PINNED_MAX = 100;

/** Events after which the list may have changed. */
const CHANGES = ['message.updated', 'message.deleted', 'channel.truncated'] as const;

export function PinnedMessagesDialog({
  channel,
  onJump,
  onClose,
}: {
  channel: Channel;
  onJump: (messageId: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const [limit, setLimit] = useState(PINNED_PAGE);
  // Days are named from the moment the dialog opened ("Today", "Yesterday").
  const [now] = useState(() => new Date());
  // Taken once (see useResource); the dialog is mounted for one channel.
  const pinned = useResource(
    async ({ limit: size }: { limit: number }) =>
      (await channel.getPinnedMessages({ limit: size }, { pinned_at: -1 })).messages,
    { limit },
  );
  const { reload } = pinned;
  useEffect(() => {
    const subscriptions = CHANGES.map((type) => channel.on(type, () => reload()));
    return () => subscriptions.forEach((s) => s.unsubscribe());
    // `reload` is a new function each render but always sends the same event to the same actor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel]);

  const messages: MessageResponse[] = pinned.data ?? [];
  const pollName = usePollNames(useChatWorkspace().client, messages);
  const more = messages.length === limit && limit < PINNED_MAX;
  return (
    <ModalDialog titleId={titleId} className="pinned-dialog" initialFocus={closeRef} onClose={onClose}>
      <div className="pinned-header">
        <h2 id={titleId} className="cl-dialog-title">
          {t('chat.pinned.title')}
        </h2>
        <button ref={closeRef} type="button" className="secondary" onClick={onClose}>
          {t('chat.pinned.close')}
        </button>
      </div>
      {pinned.status === 'loading' && pinned.data === null && (
        <p role="status" className="pinned-status">
          {t('chat.pinned.loading')}
        </p>
      )}
      {pinned.status === 'failed' && (
        <div role="alert" className="pinned-status">
          <p>{t('chat.pinned.failed')}</p>
          <button type="button" className="secondary" onClick={() => reload()}>
            {t('chat.pinned.retry')}
          </button>
        </div>
      )}
      {pinned.data !== null && messages.length === 0 && <p className="pinned-status">{t('chat.pinned.empty')}</p>}
      {messages.length > 0 && (
        <ul className="pinned-list" aria-busy={pinned.status === 'loading' || undefined}>
          {messages.map((message) => {
            const author = message.user?.name || message.user?.id || t('chat.message.unknownUser');
            const created = message.created_at ? new Date(message.created_at) : now;
            const text = summariseMessage(message, t, { pollName, keepLines: true });
            return (
              <li key={message.id}>
                <button
                  type="button"
                  className="pinned-item"
                  data-message-id={message.id}
                  onClick={() => {
                    onClose();
                    onJump(message.id);
                  }}
                >
                  <Avatar id={message.user?.id ?? ''} name={author} image={message.user?.image} size={32} />
                  <span className="pinned-body">
                    <span className="pinned-meta">
                      <strong>{author}</strong>{' '}
                      <span className="chat-muted">
                        {dayLabel(created, now, t, i18n.language)} {clockTime(created, i18n.language)}
                      </span>
                    </span>
                    <span className="pinned-text">{text}</span>
                    {message.pinned_by && (
                      <span className="chat-muted pinned-by">
                        {t('chat.pinned.pinnedBy', { name: message.pinned_by.name || message.pinned_by.id })}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {more && (
        <button
          type="button"
          className="secondary"
          aria-disabled={pinned.status === 'loading'}
          onClick={() => pinned.status !== 'loading' && setLimit((l) => Math.min(l + PINNED_PAGE, PINNED_MAX))}
        >
          {t('chat.pinned.more')}
        </button>
      )}
    </ModalDialog>
  );
}
