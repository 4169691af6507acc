/**
 * Who reacted to a message: the reactions from the chat service, newest first, a page at a time
 * ("Show more" while there are more), each with its emoji and the member's name as text.
 */
import { useCallback, useEffect, useId, useState, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { LocalMessage, ReactionResponse } from 'stream-chat';
import { useToast } from '../../../lib/toasts';
import { AnchoredDialog } from '../shared/emoji-picker/AnchoredDialog';
import { useChatWorkspace } from '../workspace/chat-workspace-context';

const PAGE = 25;

type Status = 'loading' | 'failed' | 'loaded';

export function ReactorsDialog({
  message,
  emojiOf,
  anchorRef,
  onClose,
}: {
  message: LocalMessage;
  emojiOf: (type: string) => string;
  anchorRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { client, userId } = useChatWorkspace();
  const toast = useToast();
  const titleId = useId();
  const [reactions, setReactions] = useState<ReactionResponse[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const [next, setNext] = useState<string | null>(null);

  const queryPage = useCallback(
    (cursor: string | null) =>
      client.queryReactions(
        message.id,
        {},
        [{ created_at: -1 }],
        cursor ? { limit: PAGE, next: cursor } : { limit: PAGE },
      ),
    [client, message.id],
  );
  const failed = useCallback(() => {
    setStatus('failed');
    toast.error(t('chat.reactions.fetchFailed'));
  }, [t, toast]);

  useEffect(() => {
    let live = true;
    queryPage(null).then(
      (page) => {
        if (!live) return;
        setReactions(page.reactions);
        setNext(page.next ?? null);
        setStatus('loaded');
      },
      () => live && failed(),
    );
    return () => {
      live = false;
    };
  }, [queryPage, failed]);

  const showMore = async (cursor: string) => {
    setStatus('loading');
    try {
      const page = await queryPage(cursor);
      setReactions((previous) => [...previous, ...page.reactions]);
      setNext(page.next ?? null);
      setStatus('loaded');
    } catch {
      failed();
    }
  };

  return (
    <AnchoredDialog labelledBy={titleId} anchorRef={anchorRef} onClose={onClose} className="reactors" part="reactors">
      <div className="reactors-header">
        <h2 id={titleId} className="reactors-title">
          {t('chat.reactions.listTitle')}
        </h2>
        <button type="button" className="secondary reactors-close" onClick={onClose}>
          {t('chat.reactions.close')}
        </button>
      </div>
      {reactions.length > 0 && (
        <ul className="reactors-list">
          {reactions.map((reaction) => {
            const id = reaction.user?.id ?? reaction.user_id ?? '';
            const name = reaction.user?.name || id;
            return (
              <li key={`${reaction.type}:${id}`} className="reactors-item">
                <span className="reactors-emoji">{emojiOf(reaction.type)}</span>
                <span>{id === userId ? t('chat.reactions.you', { name }) : name}</span>
              </li>
            );
          })}
        </ul>
      )}
      {status === 'loading' && (
        <p role="status" className="reactors-status">
          {t('chat.reactions.loading')}
        </p>
      )}
      {status === 'failed' && (
        <p role="alert" className="reactors-status">
          {t('chat.reactions.fetchFailed')}
        </p>
      )}
      {next && (
        <button
          type="button"
          className="secondary reactors-more"
          aria-disabled={status === 'loading'}
          onClick={() => status !== 'loading' && void showMore(next)}
        >
          {t('chat.reactions.loadMore')}
        </button>
      )}
    </AnchoredDialog>
  );
}
