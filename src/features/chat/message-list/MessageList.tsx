/**
 * The open channel's message list (chat-ui.md §3 and §7), on react-virtuoso: newest at the
 * bottom, opened at the first unread message, older and newer pages loaded at the ends
 * (`firstItemIndex` keeps the position while older ones are prepended), rebuilt around a message
 * after a jump. Around it: the reconnecting state, the jump-to-first-unread control, "Jump to
 * latest" with the count of new messages below, the typing line and a polite live region. The
 * list is the only part of the chat that scrolls; Page Up / Page Down scroll it from anywhere in
 * the open channel.
 */
import { useSelector } from '@xstate/react';
import { forwardRef, useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Virtuoso, type FlatIndexLocationWithAlign, type ListRange, type VirtuosoHandle } from 'react-virtuoso';
import * as select from '../../../../machines/message-list/message-list.selectors';
import type { ScrollTarget } from '../../../../machines/message-list/message-list.types';
import { channelTitle } from '../shared/channel-title';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
// Before MessageItem, whose message-parts.css follows these rules.
import './message-list.css';
import { RowView, type RowHandlers } from './MessageItem';
import type { Row } from './rows';
import { ReadingHoldContext } from './reading-hold';
import { MessageActions } from '../message-actions/lazy-message-actions';

/** The toolbar's code, fetched as soon as the member turns to the list. */
const preloadActions = () => void MessageActions.preload();
import { useMessageList } from './use-message-list';
import { ArrowDownIcon, CloseIcon } from '../../../components/ui/icons';

/** Virtuoso's index of the first row; lowered by the number of rows prepended above it. */
const FIRST_INDEX = 1_000_000;

interface ListContext {
  label: string;
  busy: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  atStart: boolean;
  empty: boolean;
}

function indexFor(rows: readonly Row[], target: ScrollTarget): FlatIndexLocationWithAlign {
  const last: FlatIndexLocationWithAlign = { index: 'LAST', align: 'end' };
  if (target.kind === 'bottom') return last;
  const index =
    target.kind === 'unread'
      ? rows.findIndex((row) => row.unreadCount !== null)
      : rows.findIndex((row) => row.kind === 'message' && row.message.id === target.messageId);
  if (index < 0) return last;
  return { index, align: target.kind === 'unread' ? 'start' : 'center' };
}

const Scroller = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement> & { context?: ListContext }>(
  function Scroller({ context, ...props }, ref) {
    return (
      <div
        {...props}
        ref={ref}
        className="chat-message-scroller"
        role="log"
        aria-live="off"
        aria-label={context?.label}
        aria-busy={context?.busy || undefined}
      />
    );
  },
);

function Header({ context }: { context?: ListContext }) {
  const { t } = useTranslation();
  if (context?.loadingOlder)
    return (
      <div className="chat-list-edge" data-part="loading-older">
        <span className="chat-spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('chat.messageList.loadingOlder')}</span>
      </div>
    );
  if (context?.atStart && !context.empty)
    return <p className="chat-list-edge chat-muted">{t('chat.messageList.beginning')}</p>;
  return <div className="chat-list-edge-space" />;
}

function Footer({ context }: { context?: ListContext }) {
  const { t } = useTranslation();
  if (context?.loadingNewer)
    return (
      <div className="chat-list-edge" data-part="loading-newer">
        <span className="chat-spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('chat.messageList.loadingNewer')}</span>
      </div>
    );
  // Nothing below the last message otherwise: opening "at the bottom" shows it flush.
  return <div className="chat-list-end" />;
}

function EmptyPlaceholder({ context }: { context?: ListContext }) {
  const { t } = useTranslation();
  if (context?.busy) return null;
  return <p className="chat-list-empty chat-muted">{t('chat.messageList.empty')}</p>;
}

const components = { Scroller, Header, Footer, EmptyPlaceholder };

export function MessageList() {
  const { channel } = useOpenChannel();
  return <ChannelMessageList key={channel.cid} />;
}

function ChannelMessageList() {
  const { t } = useTranslation();
  const { settleAddressedChannel } = useChatWorkspace();
  const { openThread } = useOpenChannel();
  const list = useMessageList();
  const { actor, rows } = list;
  const virtuoso = useRef<VirtuosoHandle>(null);
  const machineViewState = useSelector(actor, select.selectViewState);
  // Placing the list is the machine's internal wait for react-virtuoso: the page shows it ready.
  const viewState = machineViewState === 'settling' ? 'browsing' : machineViewState;
  const pagination = useSelector(actor, select.selectPagination);
  // The list is placed: the channel list may ask for its channels now, the composer for its draft.
  const browsing = machineViewState === 'browsing';
  useEffect(() => {
    if (browsing) settleAddressedChannel();
  }, [browsing, settleAddressedChannel]);
  const listEpoch = useSelector(actor, select.selectListEpoch);
  const scroll = useSelector(actor, select.selectScroll);
  const highlightedId = useSelector(actor, select.selectHighlightedId);
  const newBelow = useSelector(actor, select.selectNewBelow);
  const showJumpToLatest = useSelector(actor, select.selectShowJumpToLatest);
  const marker = useSelector(actor, select.selectUnreadMarker);
  const announcement = useSelector(actor, select.selectAnnouncement);
  const loadingOlder = useSelector(actor, select.selectIsLoadingOlder);
  const loadingNewer = useSelector(actor, select.selectIsLoadingNewer);
  const jumping = useSelector(actor, select.selectIsJumping);

  // Rows prepended above the first row of this list's build shift Virtuoso's first index down.
  const [anchor, setAnchor] = useState<{ epoch: number; key: string } | null>(null);
  let current = anchor;
  if (rows.length > 0 && (current === null || current.epoch !== listEpoch)) {
    current = { epoch: listEpoch, key: rows[0]!.key };
    setAnchor(current);
  }
  const anchorIndex = current ? rows.findIndex((row) => row.key === current.key) : 0;
  const firstItemIndex = FIRST_INDEX - Math.max(0, anchorIndex);

  // Follow new messages at the bottom only when they arrive live on the latest set, not when a
  // page of newer messages is appended (read from where the member is). Virtuoso decides while
  // applying the new rows, before this effect records the load's revision.
  const revision = useSelector(actor, select.selectRevision);
  const followedRevision = useRef(revision);
  useEffect(() => {
    followedRevision.current = revision;
  }, [revision]);
  const followOutput = (atBottom: boolean) =>
    atBottom && pagination.isLatest && followedRevision.current === revision ? 'auto' : false;

  // A placement asked for within the same build (jump to latest, to the first unread) scrolls there.
  const placed = useRef({ epoch: listEpoch, seq: scroll.seq });
  useEffect(() => {
    if (placed.current.epoch !== listEpoch) {
      placed.current = { epoch: listEpoch, seq: scroll.seq };
      return;
    }
    if (placed.current.seq === scroll.seq) return;
    placed.current.seq = scroll.seq;
    // Instant: rows not measured yet make a smooth scroll fall short of its target.
    virtuoso.current?.scrollToIndex({ ...indexFor(rows, scroll.target), behavior: 'auto' });
  }, [listEpoch, scroll, rows]);

  // Whether the first unread message is above what is shown (offers the jump back to it).
  const [unreadAbove, setUnreadAbove] = useState(false);
  const [unreadDismissed, setUnreadDismissed] = useState(false);
  const unreadIndex = rows.findIndex((row) => row.unreadCount !== null);
  const onRange = (range: ListRange) => {
    const above =
      unreadIndex < 0 ? marker !== null && !pagination.isLatest : unreadIndex < range.startIndex - firstItemIndex;
    if (above !== unreadAbove) setUnreadAbove(above);
  };
  const unreadLoaded = unreadIndex >= 0;
  const showUnreadControl =
    marker !== null &&
    marker.count > 0 &&
    !unreadDismissed &&
    (unreadAbove || (!unreadLoaded && marker.lastReadMessageId !== null));

  const title = channelTitle(list.channel, list.userId);
  const context = useMemo<ListContext>(
    () => ({
      label: t('chat.messageList.label', { channel: title }),
      busy: viewState !== 'browsing',
      loadingOlder,
      loadingNewer,
      atStart: !pagination.hasPrev && viewState === 'browsing',
      empty: rows.length === 0,
    }),
    [t, title, viewState, loadingOlder, loadingNewer, pagination.hasPrev, rows.length],
  );

  const handlers = useMemo<RowHandlers>(
    () => ({
      userId: list.userId,
      now: list.now,
      highlightedId,
      focusId: list.focusId,
      members: list.members,
      onJump: list.onJump,
      onRetry: list.onRetry,
      onGiphyAction: list.onGiphyAction,
      onOpenThread: openThread,
    }),
    [
      list.userId,
      list.now,
      highlightedId,
      list.focusId,
      list.members,
      list.onJump,
      list.onRetry,
      list.onGiphyAction,
      openThread,
    ],
  );

  // Page Up / Page Down scroll the list from anywhere in the open channel (the composer included).
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'PageUp' && event.key !== 'PageDown') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      const channelArea = root.current?.closest('[data-cid]') ?? root.current?.parentElement;
      if (
        !target ||
        !channelArea?.contains(target) ||
        target.closest('[role="dialog"], [role="menu"], [role="listbox"]')
      )
        return;
      const scroller = root.current?.querySelector<HTMLElement>('.chat-message-scroller');
      if (!scroller) return;
      event.preventDefault();
      const step = Math.max(40, scroller.clientHeight * 0.9);
      virtuoso.current?.scrollBy({ top: event.key === 'PageUp' ? -step : step });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const holdReading = useCallback(() => actor.send({ type: 'read.hold' }), [actor]);

  return (
    <ReadingHoldContext.Provider value={holdReading}>
      <div
        ref={root}
        className="chat-message-list"
        onPointerEnter={preloadActions}
        onFocus={preloadActions}
        data-part="message-list"
        data-state={list.reconnecting ? 'reconnecting' : viewState}
        data-has-prev={pagination.hasPrev}
        data-has-next={pagination.hasNext}
        data-latest={pagination.isLatest}
      >
        {list.reconnecting && (
          <p className="chat-list-banner chat-list-reconnecting" role="status" data-part="reconnecting">
            <span className="chat-spinner" aria-hidden="true" /> {t('chat.messageList.reconnecting')}
          </p>
        )}
        {showUnreadControl && (
          <div className="chat-list-banner chat-unread-banner" data-part="unread-control">
            <span>{t('chat.messageList.newMessages', { count: marker.count })}</span>
            <button type="button" onClick={() => actor.send({ type: 'list.jumpToFirstUnread', loaded: unreadLoaded })}>
              {t('chat.messageList.jumpToUnread')}
            </button>
            <button
              type="button"
              className="chat-banner-close"
              aria-label={t('chat.messageList.dismissUnread')}
              onClick={() => setUnreadDismissed(true)}
            >
              <CloseIcon />
            </button>
          </div>
        )}
        <div className="chat-message-viewport" data-jumping={jumping || undefined}>
          <Virtuoso<Row, ListContext>
            key={listEpoch}
            ref={virtuoso}
            className="chat-virtuoso"
            data={rows}
            context={context}
            components={components}
            firstItemIndex={firstItemIndex}
            initialTopMostItemIndex={indexFor(rows, scroll.target)}
            computeItemKey={(_, row) => row.key}
            itemContent={(_, row) => <RowView row={row} handlers={handlers} />}
            alignToBottom
            followOutput={followOutput}
            atBottomThreshold={48}
            atBottomStateChange={(atBottom) => actor.send({ type: 'list.bottomChanged', atBottom })}
            startReached={() => actor.send({ type: 'list.startReached' })}
            endReached={() => actor.send({ type: 'list.endReached' })}
            rangeChanged={onRange}
            itemsRendered={(items) => {
              // Rows on screen: the settle delay of a rebuilt list counts from here.
              if (items.length > 0) actor.send({ type: 'list.rendered' });
            }}
            increaseViewportBy={{ top: 200, bottom: 200 }}
          />
        </div>
        {showJumpToLatest && rows.length > 0 && (
          <button
            type="button"
            className="chat-jump-latest"
            data-part="jump-to-latest"
            aria-label={
              newBelow > 0
                ? t('chat.messageList.jumpToLatestCount', { count: newBelow })
                : t('chat.messageList.jumpToLatest')
            }
            onClick={() => actor.send({ type: 'list.jumpToLatest' })}
          >
            <ArrowDownIcon />
            <span aria-hidden="true">
              {newBelow > 0 ? t('chat.messageList.newBelow', { count: newBelow }) : t('chat.messageList.latest')}
            </span>
          </button>
        )}
        <p className="chat-typing chat-muted" data-part="typing">
          {list.typing}
        </p>
        <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-part="announcer">
          {announcement && <span key={announcement.seq}>{announcement.text}</span>}
        </div>
      </div>
    </ReadingHoldContext.Provider>
  );
}
