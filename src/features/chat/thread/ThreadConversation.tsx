/**
 * An open thread: the parent message in full, the reply count, the replies in the channel's style
 * (virtualized, older pages loaded as the member scrolls up), and the thread's own composer with
 * "Also send to channel". Inside, `useOpenChannel()` names this thread and its composer, so the
 * message actions (quote, edit) and the composer act on the thread. When the thread opens (from a
 * message's "Reply in thread" or by its address) the cursor goes into its reply box, so a reply
 * typed at once lands there.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { Thread } from 'stream-chat';
import type { ActorRefFrom } from 'xstate';
import { selectShowInChannel } from '../../../../machines/composer/composer.selectors';
import type { threadMachine } from '../../../../machines/thread/thread.machine';
import { selectHasOlder, selectIsLoadingOlder } from '../../../../machines/thread/thread.selectors';
import { useTranslation } from '../../../i18n/use-translation';
import { Composer } from '../composer/Composer';
import { useChannelComposer } from '../composer/use-channel-composer';
import { RowView, type RowHandlers } from '../message-list/MessageItem';
import type { Row } from '../message-list/rows';
import {
  OpenChannelContext,
  useChatWorkspace,
  useOpenChannel,
  type OpenChannel,
} from '../workspace/chat-workspace-context';
import { useThreadRows } from './use-thread-state';
// The message rows' look (the channel list's stylesheet, loaded with the chat page anyway).
import '../message-list/message-list.css';

/** Virtuoso's index of the first row; lowered by the rows put before it, so paging back keeps the view still. */
const FIRST_INDEX = 1_000_000;

/** The index of the first row, lowered by however many rows a page put before the previous first one. */
function usePrependIndex(rows: Row[]): number {
  const [state, setState] = useState({ first: FIRST_INDEX, key: rows[0]?.key });
  const firstKey = rows[0]?.key;
  if (firstKey === state.key) return state.first;
  const at = rows.findIndex((row) => row.key === state.key);
  const next = { first: at > 0 ? state.first - at : state.first, key: firstKey };
  setState(next);
  return next.first;
}

/** Render time for relative times ("5 min"), moved on twice a minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface HeaderContext {
  parent: Row | null;
  handlers: RowHandlers;
  replyCount: number;
  hasOlder: boolean;
  loadingOlder: boolean;
}

/** Above the replies: the parent message, the reply count, and while paging back, a status line. */
function ThreadHeader({ context }: { context: HeaderContext }) {
  const { t } = useTranslation();
  const { parent, handlers, replyCount, hasOlder, loadingOlder } = context;
  return (
    <div className="chat-thread-parent">
      {parent && <RowView row={{ ...parent, dayStart: false }} handlers={handlers} />}
      <p className="chat-thread-count" role="separator">
        {replyCount > 0 ? t('chat.message.replies', { count: replyCount }) : t('chat.thread.noReplies')}
      </p>
      {hasOlder && (
        <p className="chat-thread-older chat-muted" role="status">
          {loadingOlder ? t('chat.thread.loadingOlder') : ''}
        </p>
      )}
    </div>
  );
}

const COMPONENTS = { Header: ThreadHeader };

/**
 * Whether the reply box may take the focus as the thread opens: not when the member is already
 * somewhere in the thread panel (its resize edge, its close button), nor while they type elsewhere
 * (the channel's composer, the search).
 */
function mayTakeFocus(panel: Element | null): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return true;
  if (panel?.contains(active)) return false;
  return !(active.isContentEditable || active.matches('textarea, input:not([type="checkbox"], [type="radio"])'));
}

/** Puts the cursor in the thread's reply box once, as the thread opens (when the member may write here). */
function useFocusReplyBox() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || !mayTakeFocus(box.closest('aside'))) return;
    box.querySelector<HTMLTextAreaElement>('textarea[data-part="composer-input"]')?.focus({ preventScroll: true });
  }, []);
  return ref;
}

/**
 * The reply the address names (`?reply=`, e.g. from "Go to message" in the reminders view): older
 * pages are loaded until it is among the replies, then it is scrolled to the middle and highlighted.
 */
function useReplyTarget(rows: Row[], actor: ActorRefFrom<typeof threadMachine>, hasOlder: boolean, loading: boolean) {
  const [params] = useSearchParams();
  const target = params.get('reply');
  const virtuoso = useRef<VirtuosoHandle>(null);
  const reached = useRef<string | null>(null);
  const index = target ? rows.findIndex((row) => row.kind === 'message' && row.message.id === target) : -1;
  useEffect(() => {
    if (!target || reached.current === target) return;
    if (index >= 0) {
      virtuoso.current?.scrollToIndex({ index, align: 'center', behavior: 'auto' });
      reached.current = target;
    } else if (hasOlder && !loading) actor.send({ type: 'thread.loadOlder' });
  }, [target, index, hasOlder, loading, actor]);
  return { virtuoso, highlightedId: target };
}

export function ThreadConversation({ thread, actor }: { thread: Thread; actor: ActorRefFrom<typeof threadMachine> }) {
  const { t } = useTranslation();
  const { client, userId, outbox } = useChatWorkspace();
  const channelOpen = useOpenChannel();
  const { channel } = channelOpen;
  const composer = useChannelComposer(client, channel, outbox, undefined, thread.id);
  const showInChannel = useSelector(composer, selectShowInChannel);
  const loadingOlder = useSelector(actor, selectIsLoadingOlder);
  const hasOlder = useSelector(actor, selectHasOlder);
  const { parent, replies, replyCount } = useThreadRows(thread, outbox, userId);
  const firstItemIndex = usePrependIndex(replies);
  const now = useNow();
  const { virtuoso, highlightedId } = useReplyTarget(replies, actor, hasOlder, loadingOlder);
  const replyBoxRef = useFocusReplyBox();

  const open = useMemo<OpenChannel>(
    () => ({ ...channelOpen, composer, threadId: thread.id, targetMessageId: null }),
    [channelOpen, composer, thread.id],
  );
  const members = useMemo(() => {
    const byId: RowHandlers['members'] = {};
    for (const member of Object.values(channel.state.members)) if (member.user) byId[member.user.id] = member.user;
    return byId;
  }, [channel, replies]); // eslint-disable-line react-hooks/exhaustive-deps -- new members come with new replies
  const onRetry = useCallback((id: string) => outbox.send({ type: 'outbox.retry', id }), [outbox]);
  const handlers = useMemo<RowHandlers>(
    () => ({
      userId,
      now,
      highlightedId,
      focusId: null,
      members,
      onJump: channelOpen.jumpToMessage,
      onRetry,
      onGiphyAction: () => undefined,
    }),
    [userId, now, highlightedId, members, channelOpen.jumpToMessage, onRetry],
  );

  const headerContext = useMemo<HeaderContext>(
    () => ({ parent, handlers, replyCount, hasOlder, loadingOlder }),
    [parent, handlers, replyCount, hasOlder, loadingOlder],
  );

  return (
    <OpenChannelContext.Provider value={open}>
      <Virtuoso
        ref={virtuoso}
        className="chat-thread-replies"
        role="log"
        aria-live="off"
        aria-label={t('chat.thread.replies')}
        aria-busy={loadingOlder}
        data={replies}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={Math.max(0, replies.length - 1)}
        followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
        startReached={() => actor.send({ type: 'thread.loadOlder' })}
        computeItemKey={(_, row) => row.key}
        itemContent={(_, row) => <RowView row={row} handlers={handlers} />}
        context={headerContext}
        components={COMPONENTS}
      />
      <div ref={replyBoxRef} className="chat-thread-composer">
        <Composer />
        <label className="chat-thread-also">
          <input
            type="checkbox"
            checked={showInChannel}
            onChange={(event) => composer.send({ type: 'composer.showInChannel', value: event.target.checked })}
          />
          {t('chat.thread.alsoSendToChannel')}
        </label>
      </div>
    </OpenChannelContext.Provider>
  );
}
