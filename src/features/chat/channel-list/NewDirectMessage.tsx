/**
 * The "new direct message" picker: a dialog that finds league members by name (the search
 * debounce, pages of 10), lets the member choose one or more, and opens the conversation with
 * them — the existing one, or a new one created by its members.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Channel, StreamChat } from 'stream-chat';
import {
  selectCanLoadMore,
  selectHasFailed,
  selectHasResults,
  selectIsActive,
  selectIsLoadingMore,
  selectQuery,
  selectUserHits,
} from '../../../../machines/channel-search/channel-search.selectors';
import type { UserHit } from '../../../../machines/channel-search/channel-search.types';
import { useToast } from '../../../lib/toasts';
import { Avatar } from '../shared/Avatar';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { openDirect } from './open-direct';
import { useSearchActor } from './use-channel-list';
import { CloseIcon } from '../../../components/ui/icons';

interface Props {
  client: StreamChat;
  userId: string;
  onClose: () => void;
  onOpened: (channel: Channel) => void;
}

export function NewDirectMessage({ client, userId, onClose, onOpened }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useSearchActor(client, userId, 'searchUsers');
  const active = useSelector(search, selectIsActive);
  const ready = useSelector(search, selectHasResults);
  const failed = useSelector(search, selectHasFailed);
  const query = useSelector(search, selectQuery);
  const hits = useSelector(search, selectUserHits).filter((user) => user.id !== userId);
  const canLoadMore = useSelector(search, selectCanLoadMore);
  const loadingMore = useSelector(search, selectIsLoadingMore);
  const [chosen, setChosen] = useState<UserHit[]>([]);
  const [opening, setOpening] = useState(false);

  const toggle = (user: UserHit) =>
    setChosen((list) => (list.some((u) => u.id === user.id) ? list.filter((u) => u.id !== user.id) : [...list, user]));

  const start = async () => {
    if (chosen.length === 0 || opening) return;
    setOpening(true);
    try {
      const channel = await openDirect(
        client,
        userId,
        chosen.map((u) => u.id),
      );
      onOpened(channel);
    } catch {
      toast.error(t('chat.newDirect.createFailed'));
      setOpening(false);
    }
  };

  let status = '';
  if (!active) status = t('chat.newDirect.prompt');
  else if (failed) status = '';
  else if (!ready) status = t('chat.newDirect.searching');
  else if (hits.length === 0) status = t('chat.newDirect.empty', { query });

  return (
    <ModalDialog titleId={titleId} className="cl-new-direct" initialFocus={inputRef} onClose={onClose}>
      <h2 id={titleId} className="cl-dialog-title">
        {t('chat.newDirect.title')}
      </h2>
      <label className="cl-field">
        <span>{t('chat.newDirect.search')}</span>
        <input
          ref={inputRef}
          type="search"
          placeholder={t('chat.newDirect.placeholder')}
          autoComplete="off"
          onChange={(event) => search.send({ type: 'search.typed', text: event.target.value })}
        />
      </label>
      {chosen.length > 0 && (
        <ul className="cl-chips" aria-label={t('chat.newDirect.selected')}>
          {chosen.map((user) => (
            <li key={user.id} className="cl-chip">
              <span>{user.name}</span>
              <button
                type="button"
                className="cl-chip-remove"
                aria-label={t('chat.newDirect.remove', { name: user.name })}
                onClick={() => toggle(user)}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="cl-status" role="status">
        {status}
      </p>
      {failed && (
        <div className="cl-error" role="alert">
          <p>{t('chat.newDirect.failed')}</p>
          <button type="button" className="secondary" onClick={() => search.send({ type: 'search.retry' })}>
            {t('chat.newDirect.retry')}
          </button>
        </div>
      )}
      {hits.length > 0 && (
        <ul className="cl-user-hits" aria-label={t('chat.newDirect.results')} aria-busy={!ready}>
          {hits.map((user) => (
            <li key={user.id}>
              <label className="cl-user-hit">
                <input type="checkbox" checked={chosen.some((u) => u.id === user.id)} onChange={() => toggle(user)} />
                <Avatar id={user.id} name={user.name} image={user.image} size={28} />
                <span>{user.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {(canLoadMore || loadingMore) && (
        <button
          type="button"
          className="secondary cl-load-more"
          disabled={loadingMore}
          onClick={() => search.send({ type: 'search.loadMore' })}
        >
          {t('chat.newDirect.loadMore')}
        </button>
      )}
      <div className="cl-dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          {t('chat.newDirect.cancel')}
        </button>
        <button
          type="button"
          disabled={chosen.length === 0 || opening}
          aria-busy={opening}
          onClick={() => void start()}
        >
          {opening ? t('chat.newDirect.starting') : t('chat.newDirect.start')}
        </button>
      </div>
    </ModalDialog>
  );
}
