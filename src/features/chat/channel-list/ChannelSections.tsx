/**
 * The list's sections (chat-ui.md §2): Pinned, Channels, Direct messages from the main list, its
 * loading, error, empty and "load more" states, and the folded Archived section, which loads the
 * archived channels (its own list) only once unfolded.
 */
import { useSelector } from '@xstate/react';
import type { Locale } from 'date-fns';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Channel, StreamChat } from 'stream-chat';
import {
  selectCanLoadMore,
  selectListStatus,
  selectLoadMoreFailed,
  selectStateName,
} from '../../../../machines/channel-list/channel-list.selectors';
import type { ChannelAction } from './channel-actions';
import { ChannelRow } from './ChannelRow';
import { useChannelListActor, useSections, type ChannelListActor } from './use-channel-list';
import { useFocusRestore, type FocusRestore } from './use-row-actions';
import { ChevronIcon } from '../../../components/ui/icons';

export interface RowContext {
  userId: string;
  activeCid: string | null;
  locale: Locale;
  onChosen?: () => void;
  onAction: (channel: Channel, action: ChannelAction) => void;
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="cl-section" aria-labelledby={id}>
      <h3 id={id} className="cl-section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Rows({ channels, rows }: { channels: Channel[]; rows: RowContext }) {
  return (
    <ul className="cl-rows">
      {channels.map((channel) => (
        <ChannelRow
          key={channel.cid}
          channel={channel}
          userId={rows.userId}
          active={channel.cid === rows.activeCid}
          locale={rows.locale}
          onChosen={rows.onChosen}
          onAction={rows.onAction}
        />
      ))}
    </ul>
  );
}

/** "Load more" while the last page was full, with the failure of the last try. */
function LoadMore({ actor, label }: { actor: ChannelListActor; label: string }) {
  const { t } = useTranslation();
  const canLoadMore = useSelector(actor, selectCanLoadMore);
  const status = useSelector(actor, selectListStatus);
  const failed = useSelector(actor, selectLoadMoreFailed);
  const loading = status === 'loadingMore';
  return (
    <>
      {failed && <p className="cl-inline-error">{t('chat.channelList.loadMoreFailed')}</p>}
      {(canLoadMore || loading) && (
        <button
          type="button"
          className="secondary cl-load-more"
          disabled={loading}
          aria-busy={loading}
          onClick={() => actor.send({ type: 'list.loadMore' })}
        >
          {loading ? t('chat.channelList.loadingMore') : failed ? t('chat.channelList.retry') : label}
        </button>
      )}
    </>
  );
}

/** Loading, failed (with retry) or the given content. */
function ListState({ actor, children }: { actor: ChannelListActor; children: ReactNode }) {
  const { t } = useTranslation();
  const status = useSelector(actor, selectListStatus);
  if (status === 'loading')
    return (
      <p className="cl-status cl-loading" role="status">
        {t('chat.channelList.loading')}
      </p>
    );
  if (status === 'failed')
    return (
      <div className="cl-error" role="alert">
        <p>{t('chat.channelList.failed')}</p>
        <button type="button" className="secondary" onClick={() => actor.send({ type: 'list.retry' })}>
          {t('chat.channelList.retry')}
        </button>
      </div>
    );
  return <>{children}</>;
}

export function MainSections({
  client,
  actor,
  rows,
  emptyAction,
}: {
  client: StreamChat;
  actor: ChannelListActor;
  rows: RowContext;
  emptyAction: ReactNode;
}) {
  const { t } = useTranslation();
  const sections = useSections(client, actor).filter((s) => s.key !== 'archived');
  const state = useSelector(actor, selectStateName);
  return (
    <div className="cl-main" data-state={state}>
      <ListState actor={actor}>
        {sections.length === 0 ? (
          <div className="cl-empty">
            <p>{t('chat.channelList.empty')}</p>
            {emptyAction}
          </div>
        ) : (
          sections.map((section) => (
            <Section key={section.key} title={t(`chat.channelList.sections.${section.key}`)}>
              <Rows channels={section.channels} rows={rows} />
            </Section>
          ))
        )}
        <LoadMore actor={actor} label={t('chat.channelList.loadMore')} />
      </ListState>
    </div>
  );
}

/** The folded Archived section: a disclosure button, and the archived list once unfolded. */
export function ArchivedSection({
  client,
  open,
  onToggle,
  rows,
  restoreRef,
  onList,
}: {
  client: StreamChat;
  open: boolean;
  onToggle: () => void;
  rows: RowContext;
  restoreRef: FocusRestore;
  /** Tells the panel the archived list (its actor and order) while it is unfolded. */
  onList: (list: { actor: ChannelListActor; cids: string[] } | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="cl-section cl-archived" aria-labelledby={`${id}-title`} data-open={open}>
      <h3 id={`${id}-title`} className="cl-section-title">
        <button
          type="button"
          className="cl-disclosure"
          aria-expanded={open}
          aria-controls={open ? `${id}-list` : undefined}
          onClick={onToggle}
        >
          <span className="cl-disclosure-mark">
            <ChevronIcon direction={open ? 'down' : 'right'} />
          </span>
          {t('chat.channelList.sections.archived')}
        </button>
      </h3>
      {open && (
        <div id={`${id}-list`}>
          <ArchivedList client={client} rows={rows} restoreRef={restoreRef} onList={onList} />
        </div>
      )}
    </section>
  );
}

function ArchivedList({
  client,
  rows,
  restoreRef,
  onList,
}: {
  client: StreamChat;
  rows: RowContext;
  restoreRef: FocusRestore;
  onList: (list: { actor: ChannelListActor; cids: string[] } | null) => void;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const actor = useChannelListActor(client, rows.userId, true);
  const channels = useSections(client, actor).flatMap((s) => s.channels);
  const status = useSelector(actor, selectStateName);
  const key = channels.map((c) => c.cid).join(' ');
  useFocusRestore(root, restoreRef);
  useEffect(() => {
    onList({ actor, cids: key ? key.split(' ') : [] });
  }, [actor, key, onList]);
  useEffect(() => () => onList(null), [onList]);
  return (
    <div ref={root} data-state={status}>
      <ListState actor={actor}>
        {channels.length === 0 ? (
          <p className="cl-status">{t('chat.channelList.archivedEmpty')}</p>
        ) : (
          <Rows channels={channels} rows={rows} />
        )}
        <LoadMore actor={actor} label={t('chat.channelList.loadMore')} />
      </ListState>
    </div>
  );
}
