/**
 * Search results in place of the list (chat-ui.md §2): two tabs, Channels (by name and member)
 * and Messages (links to the message in its channel), each with its own state — searching,
 * failed with a retry, no results, or pages of hits with "load more". The words found are marked
 * in channel names and message texts (shared/Highlighted.tsx); each tab shows how many it found,
 * and one polite status says the counts once both searches have answered.
 *
 * The Channels tab is shown first, unless the text names no channel but is in messages: then the
 * Messages tab is, as Slack and Discord show the messages a search finds (docs/decisions/0028).
 * A tab the member picks stays picked until the search is closed.
 */
import { useSelector } from '@xstate/react';
import type { Locale } from 'date-fns';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
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
import { Highlighted } from '../shared/Highlighted';
import { summariseMessage } from '../shared/message-summary';
import { channelPath } from '../workspace/chat-workspace-context';
import { fullTime, nameOf, timeLabel } from './channel-row-model';
import { ChannelRow } from './ChannelRow';
import { channelsFor, type ChannelSearchActor } from './use-channel-list';

export type SearchTab = 'channels' | 'messages';
const TABS: SearchTab[] = ['channels', 'messages'];

interface Props {
  client: StreamChat;
  userId: string;
  activeCid: string | null;
  locale: Locale;
  /** The tab the member picked for this search, or null to let the results decide. */
  tab: SearchTab | null;
  onTab: (tab: SearchTab) => void;
  channels: ChannelSearchActor;
  messages: ChannelSearchActor;
  onChosen?: () => void;
}

/** What one search has found so far: its count once it answered for the text typed now. */
function useFound(actor: ChannelSearchActor) {
  const ready = useSelector(actor, selectHasResults);
  const failed = useSelector(actor, selectHasFailed);
  const count = useSelector(actor, (s) => s.context.hits.length);
  const more = useSelector(actor, (s) => s.context.hasMore);
  /** The hits shown were found for some text (maybe an older one while a newer is searched). */
  const answered = useSelector(actor, (s) => selectQuery(s) !== '');
  return { ready, failed, count, more, answered };
}

/** The tab to show when the member has not picked one: Messages when only messages were found. */
export function autoTab(channels: { answered: boolean; count: number }, messages: { count: number }): SearchTab {
  return channels.answered && channels.count === 0 && messages.count > 0 ? 'messages' : 'channels';
}

export function SearchResults({ client, userId, activeCid, locale, tab, onTab, channels, messages, onChosen }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const tabs = useRef<Record<SearchTab, HTMLButtonElement | null>>({ channels: null, messages: null });
  const found = { channels: useFound(channels), messages: useFound(messages) };
  const shown = tab ?? autoTab(found.channels, found.messages);

  const choose = (next: SearchTab) => {
    onTab(next);
    tabs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    const next: SearchTab | null =
      event.key === 'Home'
        ? 'channels'
        : event.key === 'End'
          ? 'messages'
          : event.key === 'ArrowLeft' || event.key === 'ArrowRight'
            ? shown === 'channels'
              ? 'messages'
              : 'channels'
            : null;
    if (!next) return;
    event.preventDefault();
    choose(next);
  };
  const number = (count: number, more: boolean) =>
    `${new Intl.NumberFormat(i18n.language).format(count)}${more ? '+' : ''}`;
  const counted = (key: SearchTab) =>
    t(`chat.channelSearch.${key === 'channels' ? 'channelCount' : 'messageCount'}`, {
      count: found[key].count,
      number: number(found[key].count, found[key].more),
    });
  const announcement =
    found.channels.failed || found.messages.failed
      ? t('chat.channelSearch.failed')
      : found.channels.ready && found.messages.ready
        ? t('chat.channelSearch.found', { channels: counted('channels'), messages: counted('messages') })
        : t('chat.channelSearch.searching');

  return (
    <section className="cl-search-results" aria-label={t('chat.channelSearch.results')}>
      <p className="visually-hidden" role="status" data-part="search-count">
        {announcement}
      </p>
      <div role="tablist" className="cl-tabs" aria-label={t('chat.channelSearch.results')}>
        {TABS.map((key) => (
          <button
            key={key}
            ref={(element) => {
              tabs.current[key] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${key}`}
            aria-selected={shown === key}
            aria-controls={`${id}-panel-${key}`}
            tabIndex={shown === key ? 0 : -1}
            className="cl-tab"
            data-tab={key}
            onClick={() => choose(key)}
            onKeyDown={onTabKey}
          >
            {t(`chat.channelSearch.${key}`)}
            {found[key].ready && (
              <span className="cl-tab-count" aria-hidden="true">
                {number(found[key].count, found[key].more)}
              </span>
            )}
          </button>
        ))}
      </div>
      {TABS.map((key) => (
        <div
          key={key}
          role="tabpanel"
          id={`${id}-panel-${key}`}
          aria-labelledby={`${id}-tab-${key}`}
          className="cl-tabpanel"
          data-tab={key}
          hidden={shown !== key}
        >
          {key === 'channels' ? (
            <ResultState actor={channels} kind="channels">
              <ChannelHits actor={channels} {...{ client, userId, activeCid, locale, onChosen }} />
            </ResultState>
          ) : (
            <ResultState actor={messages} kind="messages">
              <MessageHits actor={messages} userId={userId} client={client} locale={locale} onChosen={onChosen} />
            </ResultState>
          )}
        </div>
      ))}
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
      <p className="cl-status">
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
  const query = useSelector(actor, selectQuery);
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
          renderName={(name) => <Highlighted text={name} query={query} />}
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
  const query = useSelector(actor, selectQuery);
  return (
    <ul className="cl-rows">
      {hits.map((hit) => (
        <MessageResult
          key={hit.id}
          hit={hit}
          query={query}
          client={client}
          userId={userId}
          locale={locale}
          onChosen={onChosen}
        />
      ))}
    </ul>
  );
}

function MessageResult({
  hit,
  query,
  client,
  userId,
  locale,
  onChosen,
}: {
  hit: MessageHit;
  /** What the hit was found for: its words are marked. */
  query: string;
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
  // The service finds messages by their text, so a hit always has some; the summary makes it one line.
  const text = summariseMessage({ text: hit.text }, t);
  return (
    <li className="cl-message-hit">
      <Link
        to={channelPath(hit.channelType, hit.channelId, hit.id)}
        className="cl-message-link"
        onClick={() => onChosen?.()}
        aria-label={t('chat.channelSearch.messageLabel', { author, channel: channelName, text })}
      >
        <span className="cl-row-top">
          <span className="cl-message-where">
            {t('chat.channelSearch.messageIn', { author, channel: channelName })}
          </span>
          <time className="cl-row-time" dateTime={hit.createdAt} title={fullTime(at, locale)}>
            {timeLabel(at, new Date(), locale)}
          </time>
        </span>
        <span className="cl-message-text">
          <Highlighted text={text} query={query} />
        </span>
      </Link>
    </li>
  );
}
