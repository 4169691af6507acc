/**
 * The chat's channel list (issue #10 items 2 and 6, chat-ui.md §2 and §8): the member's channels
 * in sections (Pinned, Channels, Direct messages, Archived), pages of 10 with "load more", a
 * search that replaces the list with Channels and Messages tabs, a row menu per channel, the
 * "new direct message" picker, and the chat's global keys (Ctrl/Cmd+K switcher, Alt+↑/↓,
 * Alt+Shift+↑/↓). Always mounted by the workspace; while the connection is down it keeps its
 * content and says it is reconnecting, and it re-queries once the connection has recovered.
 */
import { useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import type { Channel } from 'stream-chat';
import { selectHasLoaded } from '../../../../machines/channel-list/channel-list.selectors';
import { selectIsActive } from '../../../../machines/channel-search/channel-search.selectors';
import { ThreadsLink } from '../threads/ThreadsLink';
import { RemindersLink } from '../reminders/RemindersLink';
import { RowMenu } from './ChannelRow';
import { channelPath, useChatWorkspace } from '../workspace/chat-workspace-context';
import { activityOf, nameOf, unreadOf } from './channel-row-model';
import { ArchivedSection, MainSections, type RowContext } from './ChannelSections';
import '../shared/icon-button.css';
import { openDirect } from './open-direct';
import type { SearchTab } from './SearchResults';
import {
  channelsFor,
  useChannelListActor,
  useSearchActor,
  useSections,
  type ChannelListActor,
} from './use-channel-list';
import { useDateLocale } from './use-date-locale';
import { useFocusRestore, useRowActions } from './use-row-actions';
import { useChannelShortcuts } from './use-shortcuts';
import { useToast } from '../../../lib/toasts';
import { preloadable } from '../../../lib/preloadable';
import './channel-list.css';
import './channel-list-overlays.css';
import { lazyPart } from '../../../lib/lazy-part';
import { withStrings } from '../../../i18n/bundles';
import { ComposeIcon } from '../../../components/ui/icons';

// The list's parts loaded on demand bring their strings (the `channels` bundle) with their code.
/** Ctrl+K's switcher is opened by a shortcut: its code comes when it is first opened. */
const ChannelSwitcher = lazyPart(
  withStrings('channels', () => import('./ChannelSwitcher').then((m) => ({ default: m.ChannelSwitcher }))),
);

// Dialogs a member opens now and then are fetched on first use, not with the chat page (the
// switcher stays: keys typed right after Ctrl+K must not be lost while it loads).
const LeaveConfirm = lazyPart(
  withStrings('channels', () => import('./LeaveConfirm').then((m) => ({ default: m.LeaveConfirm }))),
);
const NewDirectMessage = lazyPart(
  withStrings('channels', () => import('./NewDirectMessage').then((m) => ({ default: m.NewDirectMessage }))),
);
// Search results' code comes when the search box is first used (fetched when it gets the focus).
const SearchResults = preloadable(
  withStrings('channels', () => import('./SearchResults').then((m) => ({ default: m.SearchResults }))),
);

/** A row's menu code, fetched as soon as the member turns to the list. */
const preloadRowMenu = () => void RowMenu.preload();

export interface ChannelListPanelProps {
  /** The open channel's cid (`type:id`), or null. */
  activeCid: string | null;
  /** The member's threads are shown (`/chat/threads`). */
  threadsActive?: boolean;
  /** A row was activated (the narrow screen's panel closes). */
  onChannelChosen?: () => void;
  /** Once, after the first page: the most recent channel's cid, or null when there is none. */
  onFirstChannel?: (cid: string | null) => void;
}

type Dialog = 'switcher' | 'newDirect' | { leave: Channel } | null;

export function ChannelListPanel({
  activeCid,
  threadsActive = false,
  onChannelChosen,
  onFirstChannel,
}: ChannelListPanelProps) {
  const { t } = useTranslation();
  const { client, userId, reconnecting, addressedChannelOpened } = useChatWorkspace();
  const navigate = useNavigate();
  const toast = useToast();
  const locale = useDateLocale();
  const root = useRef<HTMLDivElement>(null);
  const restoreRef = useRef<string[] | null>(null);

  const main = useChannelListActor(client, userId, false, addressedChannelOpened);
  const searchChannels = useSearchActor(client, userId, 'searchChannels');
  const searchMessages = useSearchActor(client, userId, 'searchMessages');
  const searching = useSelector(searchChannels, selectIsActive);
  const loaded = useSelector(main, selectHasLoaded);
  const sections = useSections(client, main).filter((s) => s.key !== 'archived');
  const [search, setSearch] = useState('');
  // The tab the member picked in this search (null: the results decide), forgotten when it closes.
  const [tab, setTab] = useState<SearchTab | null>(null);
  const [archivedOpen, setArchivedOpen] = useState(false);
  const [archived, setArchived] = useState<{ actor: ChannelListActor; cids: string[] } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const mainChannels = useMemo(() => sections.flatMap((s) => s.channels), [sections]);
  const order = useMemo(
    () => [...mainChannels.map((c) => c.cid), ...(archivedOpen && archived ? archived.cids : [])],
    [mainChannels, archived, archivedOpen],
  );

  // The most recent channel, once, for the workspace to open on wide screens.
  const firstReported = useRef(false);
  useEffect(() => {
    if (!loaded || firstReported.current) return;
    firstReported.current = true;
    const recent = [...mainChannels].sort((a, b) => activityOf(b) - activityOf(a))[0];
    onFirstChannel?.(recent?.cid ?? null);
  }, [loaded, mainChannels, onFirstChannel]);

  useFocusRestore(root, restoreRef);

  const onRemoved = useCallback(
    (cid: string) => {
      main.send({ type: 'channel.removed', cid });
      archived?.actor.send({ type: 'channel.removed', cid });
    },
    [archived, main],
  );
  const runAction = useRowActions({ root, userId, activeCid, order, restoreRef, onRemoved });

  const go = useCallback(
    (channel: Channel) => {
      void navigate(channelPath(channel.type, channel.id!));
      onChannelChosen?.();
    },
    [navigate, onChannelChosen],
  );

  const openMember = useCallback(
    async (memberId: string) => {
      try {
        const channel = await openDirect(client, userId, [memberId]);
        main.send({ type: 'channel.promoted', cid: channel.cid });
        setDialog(null);
        go(channel);
      } catch {
        toast.error(t('chat.switcher.openFailed'));
      }
    },
    [client, go, main, t, toast, userId],
  );

  useChannelShortcuts({
    order,
    activeCid,
    blocked: dialog !== null,
    isUnread: (cid) => {
      const channel = client.activeChannels[cid];
      return channel ? unreadOf(client, channel, userId).hasUnread : false;
    },
    onSwitcher: () => setDialog('switcher'),
    onPrepare: () => void ChannelSwitcher.preload(),
    onGo: (cid) => {
      const channel = client.activeChannels[cid];
      if (!channel) return;
      const focusInList = root.current?.contains(document.activeElement) ?? false;
      go(channel);
      if (focusInList) root.current?.querySelector<HTMLElement>(`[data-cid="${cid}"] .cl-row-link`)?.focus();
    },
  });

  const onSearch = (text: string) => {
    setSearch(text);
    if (!text.trim()) setTab(null);
    searchChannels.send({ type: 'search.typed', text });
    searchMessages.send({ type: 'search.typed', text });
  };

  const rows: RowContext = {
    userId,
    activeCid,
    locale,
    onChosen: onChannelChosen,
    // Leaving is asked first; everything else happens at once.
    onAction: (channel, action) =>
      action === 'leave' ? setDialog({ leave: channel }) : void runAction(channel, action),
  };
  const leaving = dialog !== null && typeof dialog === 'object' ? dialog.leave : null;
  const newDirectButton = (
    <button type="button" className="secondary cl-new-direct-button" onClick={() => setDialog('newDirect')}>
      {t('chat.newDirect.open')}
    </button>
  );

  return (
    <div
      ref={root}
      className="cl-panel"
      data-searching={searching || undefined}
      data-reconnecting={reconnecting || undefined}
    >
      <div className="cl-header">
        <h2 className="cl-title">{t('chat.channelList.title')}</h2>
        <button
          type="button"
          className="chat-icon-button"
          aria-label={t('chat.newDirect.open')}
          title={t('chat.newDirect.open')}
          onClick={() => setDialog('newDirect')}
        >
          <ComposeIcon />
        </button>
      </div>
      <div role="search" className="cl-search">
        <input
          type="search"
          className="cl-search-input"
          aria-label={t('chat.channelSearch.label')}
          placeholder={t('chat.channelSearch.placeholder')}
          value={search}
          autoComplete="off"
          onChange={(event) => onSearch(event.target.value)}
          onFocus={() => void SearchResults.preload()}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search) {
              event.preventDefault();
              onSearch('');
            }
          }}
        />
      </div>
      {reconnecting && (
        <p className="cl-reconnecting" role="status">
          {t('chat.channelList.reconnecting')}
        </p>
      )}
      <div className="cl-scroll">
        {searching ? (
          <SearchResults
            client={client}
            userId={userId}
            activeCid={activeCid}
            locale={locale}
            tab={tab}
            onTab={setTab}
            channels={searchChannels}
            messages={searchMessages}
            onChosen={onChannelChosen}
          />
        ) : (
          <nav
            aria-label={t('chat.channelList.navLabel')}
            className="cl-nav"
            onPointerEnter={preloadRowMenu}
            onFocus={preloadRowMenu}
          >
            <ThreadsLink client={client} active={threadsActive} onChosen={() => onChannelChosen?.()} />
            <RemindersLink onChosen={() => onChannelChosen?.()} />
            <MainSections client={client} actor={main} rows={rows} emptyAction={newDirectButton} />
            {loaded && (
              <ArchivedSection
                client={client}
                open={archivedOpen}
                onToggle={() => setArchivedOpen((open) => !open)}
                rows={rows}
                restoreRef={restoreRef}
                onList={setArchived}
              />
            )}
          </nav>
        )}
      </div>
      <Suspense fallback={null}>
        {dialog === 'switcher' && (
          <ChannelSwitcher
            client={client}
            userId={userId}
            channels={[...mainChannels, ...channelsFor(client, archived?.cids ?? [])]}
            onClose={() => setDialog(null)}
            onChannel={(channel) => {
              setDialog(null);
              go(channel);
            }}
            onMember={(memberId) => void openMember(memberId)}
          />
        )}
        {leaving && (
          <LeaveConfirm
            name={nameOf(leaving, userId)}
            onCancel={() => setDialog(null)}
            onLeave={() => {
              setDialog(null);
              void runAction(leaving, 'leave');
            }}
          />
        )}
        {dialog === 'newDirect' && (
          <NewDirectMessage
            client={client}
            userId={userId}
            onClose={() => setDialog(null)}
            onOpened={(channel) => {
              main.send({ type: 'channel.promoted', cid: channel.cid });
              setDialog(null);
              go(channel);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
