/**
 * One row of the list: its separators, then the message as an `article` named by author and time
 * — avatar and name when it starts a group, the quoted message, text, attachments, markers
 * (edited, pinned, deleted), reply count, reactions, my last message's receipt, and the action
 * toolbar (helper parts from message-actions) while the message is hovered or focused. A plain
 * follow-up message is the article alone, holding its text (decision record 0008). Pending messages from the outbox look like mine
 * with a red outline and the spec's failure text; a retryable one is sent again when activated.
 */
import { memo, useState, type FocusEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { LocalMessage, UserResponse } from 'stream-chat';
import { ReactionList } from '../message-actions/ReactionList';
import { MessageActions } from '../message-actions/lazy-message-actions';
import { ReminderSlot } from '../reminders/ReminderSlot';
import { preloadable } from '../../../lib/preloadable';
import { withStrings } from '../../../i18n/bundles';

// A poll's card comes, with its strings, with the first poll shown.
const PollCard = preloadable(
  withStrings('polls', () => import('../polls/PollCard').then((m) => ({ default: m.PollCard }))),
  null,
  { optional: true },
);
// A shared location's card comes, with its strings, with the first location shown.
const LocationCard = preloadable(
  withStrings('location', () => import('../location/LocationCard').then((m) => ({ default: m.LocationCard }))),
  null,
  { optional: true },
);
import { Avatar } from '../shared/Avatar';
import { ModerationNote } from '../moderation/lazy-moderation-note';
import { moderationKind } from '../moderation/moderation-message';
import { Attachments } from './Attachments';
import { clockTime, fullDateTime } from './format';
import { summariseMessage } from '../shared/message-summary';
import { MoreIcon } from '../../../components/ui/icons';
import { PinIcon } from './icons';
import { useTouchScreen } from './use-touch-screen';
import { DateSeparator, MessageTime, ReadReceipt, UnreadSeparator } from './ListParts';
import { MessageText } from './MessageText';
import type { MessageRow, PendingRow, Row } from './rows';
// After message-list.css (imported by MessageList before this file): these rules follow the row's.
import './message-parts.css';

export interface RowHandlers {
  userId: string;
  /** Render time (ms), advanced by the machine's clock so relative times stay true. */
  now: number;
  highlightedId: string | null;
  /** The message to move focus to once it is rendered (after a jump started in the list). */
  focusId: string | null;
  members: Record<string, UserResponse | undefined>;
  onJump: (messageId: string) => void;
  onRetry: (id: string) => void;
  onGiphyAction: (message: LocalMessage, value: string) => void;
  /** Opens a message's thread (its reply count is the way in); absent in the thread panel, which shows the count itself. */
  onOpenThread?: (messageId: string) => void;
}

function Separators({ row, now }: { row: Row; now: number }) {
  return (
    <>
      {row.dayStart && <DateSeparator date={row.createdAt} now={now} />}
      {row.unreadCount !== null && <UnreadSeparator count={row.unreadCount} />}
    </>
  );
}

function Quote({
  quoted,
  onJump,
}: {
  quoted: NonNullable<LocalMessage['quoted_message']>;
  onJump: (id: string) => void;
}) {
  const { t } = useTranslation();
  const name = quoted.user?.name || quoted.user?.id || t('chat.message.unknownUser');
  const deleted = quoted.type === 'deleted' || quoted.deleted_at != null;
  // Named as the lists name a message: a poll by its question, a file by its name.
  const text = deleted ? t('chat.message.deleted') : summariseMessage(quoted, t, { keepLines: true });
  return (
    <button
      type="button"
      className="chat-quote"
      data-part="quote"
      aria-label={t('chat.message.jumpToQuoted', { name })}
      onClick={() => onJump(quoted.id)}
    >
      <span className="chat-quote-author">{name}</span>
      <span className="chat-quote-text">{text}</span>
    </button>
  );
}

/** A poll's card and a shared location's card, each loaded on demand. */
function PollAndLocation({ message }: { message: LocalMessage }) {
  return (
    <>
      {message.poll_id && <PollCard message={message} />}
      {message.shared_location && <LocationCard message={message} />}
    </>
  );
}

function focusRef(should: boolean) {
  return should ? (element: HTMLElement | null) => element?.focus({ preventScroll: true }) : undefined;
}

/**
 * Whether the pointer or the focus is on a message: its action toolbar is only rendered then (and
 * while one of the toolbar's popups is open), so a row costs two elements until it is used. On a
 * touch screen a tap is for the message's contents (a poll's vote, a link) and never opens the
 * toolbar: its own "Message actions" button does (`toggle`), or a keyboard's focus.
 */
function useEngaged(touch: boolean) {
  const [engaged, setEngaged] = useState(false);
  const [held, setHeld] = useState(false);
  const [opened, setOpened] = useState(false);
  const events = {
    onMouseEnter: touch ? undefined : () => setEngaged(true),
    onMouseLeave: touch ? undefined : () => setEngaged(false),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      if (!touch || event.target.matches(':focus-visible')) setEngaged(true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (event.currentTarget.contains(event.relatedTarget)) return;
      setEngaged(false);
      setOpened(false);
    },
  };
  const toggle = () => setOpened((open) => !open);
  return { showActions: engaged || held || opened, opened, toggle, onPopupChange: setHeld, events };
}

/** On a touch screen, the always-shown button that opens (and closes) a message's action toolbar. */
function ActionsToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="chat-message-actions-toggle"
      data-part="message-actions-toggle"
      aria-label={t('chat.actions.toolbar')}
      aria-expanded={open}
      onClick={onToggle}
    >
      <MoreIcon />
    </button>
  );
}

/** The top of a group: the avatar (in the gutter) and the author's name with the time. */
function GroupHeader({
  id,
  name,
  image,
  date,
  now,
}: {
  id: string;
  name: string;
  image: unknown;
  date: Date;
  now: number;
}) {
  return (
    <>
      <Avatar id={id} name={name} image={image} size={32} />
      <p className="chat-message-header">
        <span className="chat-message-author">{name}</span>
        <MessageTime date={date} now={now} />
      </p>
    </>
  );
}

const MessageView = memo(function MessageView({ row, handlers }: { row: MessageRow; handlers: RowHandlers }) {
  const { t, i18n } = useTranslation();
  const { message } = row;
  const touch = useTouchScreen();
  const engaged = useEngaged(touch);
  const name = message.user?.name || message.user?.id || t('chat.message.unknownUser');
  const label = t('chat.message.label', { name, time: fullDateTime(message.created_at, i18n.language) });
  const deleted = message.type === 'deleted' || message.deleted_at != null;
  const state = deleted
    ? 'deleted'
    : message.type === 'error'
      ? 'error'
      : message.type === 'ephemeral'
        ? 'ephemeral'
        : 'received';
  const highlighted = handlers.highlightedId === message.id;
  const ref = focusRef(handlers.focusId === message.id);

  if (message.type === 'system')
    return (
      <article
        ref={ref}
        className="chat-message chat-system"
        data-part="message"
        data-state="system"
        data-message-id={message.id}
        aria-label={label}
        tabIndex={-1}
      >
        <MessageText text={message.text ?? ''} userId={handlers.userId} />
        <MessageTime date={message.created_at} now={handlers.now} />
      </article>
    );

  const edited = !deleted && message.message_text_updated_at != null;
  const onlyMine = message.type === 'ephemeral' || message.type === 'error';
  return (
    <article
      ref={ref}
      className="chat-message"
      data-part="message"
      data-state={state}
      data-mine={row.mine || undefined}
      data-group-start={row.groupStart || undefined}
      data-highlighted={highlighted || undefined}
      data-pinned={message.pinned || undefined}
      data-message-id={message.id}
      data-clock={row.groupStart ? undefined : clockTime(message.created_at, i18n.language)}
      data-touch={(touch && !deleted && !onlyMine) || undefined}
      aria-label={label}
      tabIndex={0}
      {...engaged.events}
    >
      {row.groupStart && (
        <GroupHeader
          id={message.user?.id ?? name}
          name={name}
          image={message.user?.image}
          date={message.created_at}
          now={handlers.now}
        />
      )}
      {message.pinned && !deleted && (
        <p className="chat-message-pinned" data-part="pinned">
          <PinIcon /> {t('chat.message.pinned')}
        </p>
      )}
      {message.quoted_message && !deleted && <Quote quoted={message.quoted_message} onJump={handlers.onJump} />}
      {deleted ? (
        t('chat.message.deleted')
      ) : moderationKind(message) ? (
        <ModerationNote message={message} members={handlers.members} />
      ) : (
        <MessageText text={message.text ?? ''} mentioned={message.mentioned_users} userId={handlers.userId} />
      )}
      {edited && <span className="chat-message-edited chat-muted"> {t('chat.message.edited')}</span>}
      {!deleted && <PollAndLocation message={message} />}
      {!deleted && (
        <Attachments
          attachments={message.attachments ?? []}
          onAction={message.type === 'ephemeral' ? (value) => handlers.onGiphyAction(message, value) : undefined}
        />
      )}
      {onlyMine && <p className="chat-message-note chat-muted">{t('chat.message.onlyVisibleToYou')}</p>}
      {!deleted && (message.reply_count ?? 0) > 0 && handlers.onOpenThread && (
        <button
          type="button"
          className="chat-message-replies"
          data-part="replies"
          onClick={() => handlers.onOpenThread!(message.id)}
        >
          {t('chat.message.replies', { count: message.reply_count })}
        </button>
      )}
      {!deleted && !onlyMine && <ReminderSlot messageId={message.id} />}
      {!deleted && !onlyMine && <ReactionList message={message} />}
      {row.receipt && <ReadReceipt receipt={row.receipt} />}
      {touch && !deleted && !onlyMine && <ActionsToggle open={engaged.opened} onToggle={engaged.toggle} />}
      {!deleted && !onlyMine && engaged.showActions && (
        <MessageActions message={message} onPopupChange={engaged.onPopupChange} />
      )}
    </article>
  );
});

const PendingView = memo(function PendingView({ row, handlers }: { row: PendingRow; handlers: RowHandlers }) {
  const { t, i18n } = useTranslation();
  const { entry } = row;
  const me = handlers.members[handlers.userId];
  const name = me?.name || handlers.userId;
  const label = t('chat.message.label', { name, time: fullDateTime(row.createdAt, i18n.language) });
  const mentioned = (entry.message.mentioned_users ?? [])
    .map((id) => handlers.members[id])
    .filter((u): u is UserResponse => !!u);
  const retry = () => entry.canRetry && handlers.onRetry(entry.id);
  const onClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button, video, audio')) return;
    retry();
  };
  return (
    <article
      className="chat-message"
      data-part="message"
      data-state={entry.status === 'sending' ? 'sending' : 'failed'}
      data-failure={entry.failure ?? undefined}
      data-mine
      data-group-start={row.groupStart || undefined}
      data-message-id={entry.id}
      data-clock={row.groupStart ? undefined : clockTime(row.createdAt, i18n.language)}
      aria-label={label}
      tabIndex={0}
      onClick={entry.canRetry ? onClick : undefined}
    >
      {row.groupStart && (
        <GroupHeader id={handlers.userId} name={name} image={me?.image} date={row.createdAt} now={handlers.now} />
      )}
      <MessageText text={entry.message.text ?? ''} mentioned={mentioned} userId={handlers.userId} />
      <Attachments attachments={entry.message.attachments ?? []} />
      {entry.label &&
        (entry.canRetry ? (
          <button type="button" className="chat-message-failure" data-part="retry" onClick={retry}>
            {t(entry.label.key)}
          </button>
        ) : (
          <p className="chat-message-failure" data-part="failure">
            {t(entry.label.key)}
          </p>
        ))}
      {row.receipt && <ReadReceipt receipt={row.receipt} />}
    </article>
  );
});

/**
 * One Virtuoso item: the message, inside a row element only when separators come before it (most
 * rows are the article alone: the list stays light).
 */
export function RowView({ row, handlers }: { row: Row; handlers: RowHandlers }) {
  const message =
    row.kind === 'message' ? (
      <MessageView row={row} handlers={handlers} />
    ) : (
      <PendingView row={row} handlers={handlers} />
    );
  if (!row.dayStart && row.unreadCount === null) return message;
  return (
    <div className="chat-row" data-first-unread={row.unreadCount !== null || undefined}>
      <Separators row={row} now={handlers.now} />
      {message}
    </div>
  );
}
