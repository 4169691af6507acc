/**
 * Search results in place of the list (chat-ui.md §2): two tabs, Channels (by name and member)
 * and Messages (links to the message in its channel), each with its own state — searching,
 * failed with a retry, no results, or pages of hits with "load more".
 */
import { useSelector } from '@xstate/react';
import type { Locale } from 'date-fns';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { StreamChat } from 'stream-chat';
import {
  selectCanLoadMore,
  selectChannelHits,
  selectHasFailed,
  selectHasResults,
  selectIsLoadingMore,
  selectLoadMoreFailed,
  selectMessageHits,
  selectQuery,
  selectStateName,
} from '../../../../machines/channel-search/channel-search.selectors';
import type { MessageHit } from '../../../../machines/channel-search/channel-search.types';
import { channelPath } from '../workspace/chat-workspace-context';
import { fullTime, nameOf, timeLabel } from './channel-row-model';
import { ChannelRow } from './ChannelRow';
import { channelsFor, type ChannelSearchActor } from './use-channel-list';

export type SearchTab = 'channels' | 'messages';

interface Props {
  client: StreamChat;
  userId: string;
  activeCid: string | null;
  locale: Locale;
  tab: SearchTab;
  onTab: (tab: SearchTab) => void;
  channels: ChannelSearchActor;
  messages: ChannelSearchActor;
  onChosen?: () => void;
}

export function SearchResults({ client, userId, activeCid, locale, tab, onTab, channels, messages, onChosen }: Props) {
  const { t } = useTranslation();
  const tabs = useRef<Record<SearchTab, HTMLButtonElement | null>>({ channels: null, messages: null });
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next: SearchTab =
      event.key === 'Home'
        ? 'channels'
        : event.key === 'End'
          ? 'messages'
          : tab === 'channels'
            ? 'messages'
            : 'channels';
    onTab(next);
    tabs.current[next]?.focus();
  };
  const tabButton = (key: SearchTab) => (
    <button
      ref={(element) => {
        tabs.current[key] = element;
      }}
      type="button"
      role="tab"
      id={`cl-tab-${key}`}
      aria-selected={tab === key}
      aria-controls={`cl-tabpanel-${key}`}
      tabIndex={tab === key ? 0 : -1}
      className="cl-tab"
      onClick={() => onTab(key)}
      onKeyDown={onTabKey}
    >
      {t(`chat.channelSearch.${key}`)}
    </button>
  );

  return (
    <section className="cl-search-results" aria-label={t('chat.channelSearch.results')}>
      <div role="tablist" className="cl-tabs" aria-label={t('chat.channelSearch.results')}>
        {tabButton('channels')}
        {tabButton('messages')}
      </div>
      <div
        role="tabpanel"
        id={`cl-tabpanel-${tab}`}
        aria-labelledby={`cl-tab-${tab}`}
        className="cl-tabpanel"
        data-tab={tab}
      >
        {tab === 'channels' ? (
          <ResultState actor={channels} kind="channels">
            <ChannelHits actor={channels} {...{ client, userId, activeCid, locale, onChosen }} />
          </ResultState>
        ) : (
          <ResultState actor={messages} kind="messages">
            <MessageHits actor={messages} userId={userId} client={client} locale={locale} onChosen={onChosen} />
          </ResultState>
        )}
      </div>
    </section>
  );
}

/** What a tab says besides its hits: searching, failed, nothing found, and its "load more". */
function ResultState({ actor, kind, children }: { actor: ChannelSearchActor; kind: SearchTab; children: ReactNode }) {
  const { t } = useTranslation();
  const state = useSelector(actor, selectStateName);
  const ready = useSelector(actor, selectHasResults);
  const failed = useSelector(actor, selectHasFailed);
  const query = useSelector(actor, selectQuery);
  const count = useSelector(actor, (s) => s.context.hits.length);
  const canLoadMore = useSelector(actor, selectCanLoadMore);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  const loadMoreFailed = useSelector(actor, selectLoadMoreFailed);
  return (
    <div className="cl-results" data-state={state}>
      <p className="cl-status" role="status">
        {failed
          ? null
          : !ready
            ? t('chat.channelSearch.searching')
            : count === 0
              ? t(kind === 'channels' ? 'chat.channelSearch.noChannels' : 'chat.channelSearch.noMessages', { query })
              : null}
      </p>
      {failed && (
        <div className="cl-error" role="alert">
          <p>{t('chat.channelSearch.failed')}</p>
          <button type="button" className="secondary" onClick={() => actor.send({ type: 'search.retry' })}>
            {t('chat.channelSearch.retry')}
          </button>
        </div>
      )}
      {count > 0 && <div aria-busy={!ready}>{children}</div>}
      {loadMoreFailed && <p className="cl-inline-error">{t('chat.channelSearch.loadMoreFailed')}</p>}
      {(canLoadMore || loadingMore) && (
        <button
          type="button"
          className="secondary cl-load-more"
          disabled={loadingMore}
          aria-busy={loadingMore}
          onClick={() => actor.send({ type: 'search.loadMore' })}
        >
          {loadingMore ? t('chat.channelSearch.loadingMore') : t('chat.channelSearch.loadMore')}
        </button>
      )}
    </div>
  );
}

function ChannelHits({
  actor,
  client,
  userId,
  activeCid,
  locale,
  onChosen,
}: {
  actor: ChannelSearchActor;
  client: StreamChat;
  userId: string;
  activeCid: string | null;
  locale: Locale;
  onChosen?: () => void;
}) {
  const hits = useSelector(actor, selectChannelHits);
  const found = channelsFor(
    client,
    hits.map((hit) => hit.id),
  );
  return (
    <ul className="cl-rows">
      {found.map((channel) => (
        <ChannelRow
          key={channel.cid}
          channel={channel}
          userId={userId}
          active={channel.cid === activeCid}
          locale={locale}
          onChosen={onChosen}
        />
      ))}
    </ul>
  );
}

function MessageHits({
  actor,
  client,
  userId,
  locale,
  onChosen,
}: {
  actor: ChannelSearchActor;
  client: StreamChat;
  userId: string;
  locale: Locale;
  onChosen?: () => void;
}) {
  const hits = useSelector(actor, selectMessageHits);
  return (
    <ul className="cl-rows">
      {hits.map((hit) => (
        <MessageResult key={hit.id} hit={hit} client={client} userId={userId} locale={locale} onChosen={onChosen} />
      ))}
    </ul>
  );
}

function MessageResult({
  hit,
  client,
  userId,
  locale,
  onChosen,
}: {
  hit: MessageHit;
  client: StreamChat;
  userId: string;
  locale: Locale;
  onChosen?: () => void;
}) {
  const { t } = useTranslation();
  const known = client.activeChannels[`${hit.channelType}:${hit.channelId}`];
  const channelName = hit.channelName ?? (known ? nameOf(known, userId) : t('chat.channelSearch.directMessage'));
  const author = hit.userId === userId ? t('chat.channelSearch.you') : (hit.userName ?? '');
  const at = new Date(hit.createdAt);
  return (
    <li className="cl-message-hit">
      <Link
        to={channelPath(hit.channelType, hit.channelId, hit.id)}
        className="cl-message-link"
        onClick={() => onChosen?.()}
        aria-label={t('chat.channelSearch.messageLabel', { author, channel: channelName, text: hit.text })}
      >
        <span className="cl-row-top">
          <span className="cl-message-where">
            {t('chat.channelSearch.messageIn', { author, channel: channelName })}
          </span>
          <time className="cl-row-time" dateTime={hit.createdAt} title={fullTime(at, locale)}>
            {timeLabel(at, new Date(), locale)}
          </time>
        </span>
        <span className="cl-message-text">{hit.text}</span>
      </Link>
    </li>
  );
}
