/**
 * The message list's connect layer: starts the message-list machine for the open channel with its
 * real actors, feeds it the channel's events (new messages, reads, typing) and the
 * address's `?message=`, turns its failures into error toasts, and derives the rows to render
 * from the client's current message set and the member's outbox.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Event, LocalMessage, UserResponse } from 'stream-chat';
import { messageListMachine } from '../../../../machines/message-list/message-list.machine';
import * as select from '../../../../machines/message-list/message-list.selectors';
import { selectEntriesFor, type OutboxListItem } from '../../../../machines/outbox/outbox.selectors';
import {
  createMessageListActors,
  firstUnreadIn,
  giphyAction,
  isChannelMessage,
  paginationOf,
  readStateOf,
  unreadMarkerOf,
} from '../../../lib/actors/message-list-actors';
import { useToast } from '../../../lib/toasts';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
import { typingText } from './ListParts';
import { buildRows, RowCache } from './rows';

const sameEntries = (a: OutboxListItem[], b: OutboxListItem[]) =>
  a.length === b.length &&
  a.every((entry, i) => entry.id === b[i]!.id && entry.status === b[i]!.status && entry.failure === b[i]!.failure);

/** Events that change what the list shows (messages, reactions, reads, typing, members). */
const RENDER_EVENTS = new Set([
  'message.new',
  'message.updated',
  'message.deleted',
  'message.undeleted',
  'message.read',
  'reaction.new',
  'reaction.updated',
  'reaction.deleted',
  'typing.start',
  'typing.stop',
  'channel.truncated',
  'channel.updated',
  'member.updated',
  'member.added',
  'member.removed',
  'user.updated',
  'user.messages.deleted',
  'notification.mark_read',
  'notification.mark_unread',
]);

const ANNOUNCED_TEXT = 140;

export function useMessageList() {
  const { t } = useTranslation();
  const toast = useToast();
  const { client, userId, outbox, reconnecting } = useChatWorkspace();
  const open = useOpenChannel();
  const { channel, targetMessageId } = open;

  const [machine] = useState(() => messageListMachine.provide({ actors: createMessageListActors(client, channel) }));
  const [input] = useState(() => ({
    pagination: paginationOf(channel),
    unread: unreadMarkerOf(channel, userId),
    targetMessageId,
  }));
  const [readAtOpen] = useState(() => readStateOf(channel, userId));
  const actor = useActorRef(machine, { input });
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [cache] = useState(() => new RowCache());

  useEffect(() => {
    const subscription = actor.on('messageList.failed', (event) => toast.error(t(event.key)));
    return () => subscription.unsubscribe();
  }, [actor, toast, t]);

  const typingNames = useCallback(
    () =>
      Object.values(channel.state.typing)
        .filter((event) => event.user && event.user.id !== userId && !event.parent_id)
        .map((event) => event.user!.name || event.user!.id),
    [channel, userId],
  );

  useEffect(() => {
    let typing = '';
    const onEvent = (event: Event) => {
      if (!RENDER_EVENTS.has(event.type)) return;
      bump();
      if (event.type === 'message.new' && event.message && isChannelMessage(event.message)) {
        const fromOther = event.message.user?.id !== userId;
        actor.send({ type: 'message.received', fromOther });
        if (fromOther) {
          const name = event.message.user?.name || event.message.user?.id || t('chat.message.unknownUser');
          const text = (event.message.text ?? '').slice(0, ANNOUNCED_TEXT);
          actor.send({
            type: 'announce',
            text: text
              ? t('chat.messageList.announceMessage', { name, text })
              : t('chat.messageList.announceAttachment', { name }),
          });
        }
      }
      if (
        (event.type === 'message.read' && event.user?.id === userId) ||
        event.type === 'notification.mark_read' ||
        event.type === 'notification.mark_unread'
      )
        actor.send({
          type: 'read.changed',
          unreadCount: channel.countUnread(),
          markedUnread: event.type === 'notification.mark_unread',
        });
      if (event.type === 'typing.start' || event.type === 'typing.stop') {
        const now = typingText(typingNames(), t);
        if (now && now !== typing) actor.send({ type: 'announce', text: now });
        typing = now;
      }
    };
    const subscription = channel.on(onEvent);
    // The recovered channel is drawn again; the machine hears of the reconnect from its own actor
    // (watchConnection in message-list-actors) and re-reads paging and unread.
    const recovered = client.on('connection.recovered', bump);
    return () => {
      subscription.unsubscribe();
      recovered.unsubscribe();
    };
  }, [actor, bump, channel, client, t, typingNames, userId]);

  // A new `?message=` (deep link, or a quoted message activated) jumps there.
  const lastTarget = useRef(targetMessageId);
  useEffect(() => {
    if (targetMessageId && targetMessageId !== lastTarget.current)
      actor.send({ type: 'list.jumpTo', messageId: targetMessageId });
    lastTarget.current = targetMessageId;
  }, [actor, targetMessageId]);

  const pending = useSelector(outbox, (snapshot) => selectEntriesFor(snapshot, channel.cid), sameEntries);
  // Sending a message brings the member to the latest end.
  const sendingCount = pending.filter((entry) => entry.status === 'sending').length;
  const lastSending = useRef(sendingCount);
  useEffect(() => {
    if (sendingCount > lastSending.current) actor.send({ type: 'list.jumpToLatest' });
    lastSending.current = sendingCount;
  }, [actor, sendingCount]);

  const revision = useSelector(actor, select.selectRevision);
  const pagination = useSelector(actor, select.selectPagination);
  const marker = useSelector(actor, select.selectUnreadMarker);
  const now = useSelector(actor, select.selectNow);

  const messages = channel.state.messages;
  const rows = useMemo(() => {
    void version;
    void revision;
    const firstUnreadId = marker ? firstUnreadIn(messages, userId, readAtOpen, pagination.hasPrev) : null;
    const built = buildRows({
      messages,
      pending,
      userId,
      isLatest: pagination.isLatest,
      hasPrev: pagination.hasPrev,
      firstUnreadId,
      unreadCount: marker?.count ?? 0,
      reads: channel.state.read,
    });
    return cache.stabilize(built);
  }, [version, revision, marker, messages, userId, readAtOpen, pagination, pending, channel, cache]);

  const members = useMemo(() => {
    void version;
    const byId: Record<string, UserResponse | undefined> = {};
    for (const member of Object.values(channel.state.members)) if (member.user) byId[member.user.id] = member.user;
    return byId;
  }, [channel, version]);

  const typing = useMemo(() => {
    void version;
    return typingText(typingNames(), t);
  }, [version, typingNames, t]);

  const onJump = useCallback(
    (messageId: string) => {
      setFocusId(messageId);
      if (messageId === targetMessageId) actor.send({ type: 'list.jumpTo', messageId });
      else open.jumpToMessage(messageId);
    },
    [actor, open, targetMessageId],
  );
  const onRetry = useCallback((id: string) => outbox.send({ type: 'outbox.retry', id }), [outbox]);
  const onGiphyAction = useCallback(
    (message: LocalMessage, value: string) => {
      giphyAction(channel, message, value)
        .then(bump)
        .catch(() => toast.error(t('chat.message.actionFailed')));
    },
    [bump, channel, t, toast],
  );

  return {
    actor,
    channel,
    userId,
    reconnecting,
    rows,
    members,
    typing,
    now,
    focusId,
    onJump,
    onRetry,
    onGiphyAction,
  };
}
