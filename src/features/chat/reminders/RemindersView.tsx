/**
 * "Saved and reminders" (`/chat/reminders`, issue #13 item 3): the member's reminders in three
 * lists — upcoming (soonest first), overdue (latest first) and saved for later (newest first) —
 * queried from the service with stream-chat's reminder paginator, REMINDERS_PAGE_SIZE at a time.
 * Each row shows the channel, the message (its text, or its poll's question, its attachment's name:
 * shared/message-summary.ts), the due time (its words follow the reminder machine's
 * refresh cadence) and offers going to the message, changing the time and deleting. The lists
 * reload when a reminder of the member changes or falls due (in this tab or another).
 */
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import type { ReminderFilters, ReminderResponse, ReminderSort, StreamChat } from 'stream-chat';
import { withStrings } from '../../../i18n/bundles';
import { useTranslation } from '../../../i18n/use-translation';
import { preloadable } from '../../../lib/preloadable';
import { useToast } from '../../../lib/toasts';
import { channelTitle } from '../shared/channel-title';
import { summariseMessage, type PollNameLookup } from '../shared/message-summary';
import { usePollNames } from '../shared/use-poll-names';
import { channelPath, threadPath, useChatWorkspace } from '../workspace/chat-workspace-context';
import { OpenPanelButton } from '../workspace/OpenPanelButton';
import { BellIcon } from './BellIcon';
import { useReminderWords } from './MessageReminder';
import { changeReminder } from './reminder-registry';
import './reminders.css';

const ReminderTimeDialog = preloadable(
  withStrings('reminders', () => import('./ReminderTimeDialog').then((m) => ({ default: m.ReminderTimeDialog }))),
);

/** Reminders fetched per page. */
export const REMINDERS_PAGE_SIZE = 25;

export type ReminderList = 'upcoming' | 'overdue' | 'saved';
const LISTS: ReminderList[] = ['upcoming', 'overdue', 'saved'];

/** The service query of each list, at the time `now`. */
export function listQuery(list: ReminderList, now: number): { filters: ReminderFilters; sort: ReminderSort } {
  const at = new Date(now).toISOString();
  switch (list) {
    case 'upcoming':
      return { filters: { remind_at: { $gt: at } }, sort: [{ remind_at: 1 }] };
    case 'overdue':
      return { filters: { remind_at: { $lte: at } }, sort: [{ remind_at: -1 }] };
    case 'saved':
      return { filters: { remind_at: { $exists: false } }, sort: [{ created_at: -1 }] };
  }
}

/** The reminders' messages (the service may leave a reminder's message out). */
const messagesOf = (reminders: ReminderResponse[] | undefined) =>
  (reminders ?? []).flatMap((reminder) => (reminder.message ? [reminder.message] : []));

const RELOAD_ON = ['reminder.created', 'reminder.updated', 'reminder.deleted', 'notification.reminder_due'];

/** Points the client's reminder paginator at `list` (which resets it) and fetches the first page. */
function loadList(client: StreamChat, list: ReminderList): void {
  const paginator = client.reminders.paginator;
  const { filters, sort } = listQuery(list, Date.now());
  paginator.pageSize = REMINDERS_PAGE_SIZE;
  paginator.filters = filters;
  paginator.sort = sort;
  void paginator.next();
}

function usePaginator(client: StreamChat, list: ReminderList) {
  const paginator = client.reminders.paginator;
  const subscribe = useCallback((notify: () => void) => paginator.state.subscribe(notify), [paginator]);
  const state = useSyncExternalStore(subscribe, () => paginator.state.getLatestValue());
  const load = useCallback(() => loadList(client, list), [client, list]);
  useEffect(() => {
    load();
    const subscriptions = RELOAD_ON.map((type) => client.on(type, load));
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [client, load]);
  return { ...state, load, more: () => void paginator.next() };
}

function ReminderRow({
  reminder,
  userId,
  pollName,
}: {
  reminder: ReminderResponse;
  userId: string;
  pollName: PollNameLookup;
}) {
  const { t } = useTranslation();
  const { client } = useChatWorkspace();
  const toast = useToast();
  const id = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const words = useReminderWords(client, reminder.message_id, { remindAt: reminder.remind_at ?? null });
  const message = reminder.message;
  const [type, channelId] = reminder.channel_cid.split(':') as [string, string];
  const active = client.activeChannels[reminder.channel_cid];
  const channelName = active ? channelTitle(active, userId) : reminder.channel?.name || channelId;
  const author = message?.user?.name || message?.user?.id || t('chat.message.unknownUser');
  const text = message ? summariseMessage(message, t, { pollName }) : t('chat.summary.unavailable');
  const to = message?.parent_id
    ? threadPath(type, channelId, message.parent_id, reminder.message_id)
    : channelPath(type, channelId, reminder.message_id);
  const busy = words.status === 'saving' || words.status === 'deleting';
  const report = (error: { key: string } | null) => error && toast.error(t(error.key));
  return (
    <li
      className="reminders-item"
      data-part="reminder-item"
      data-message-id={reminder.message_id}
      data-state={words.state}
    >
      <span className="reminders-item-top">
        <span className="reminders-item-channel">{channelName}</span>
        {words.at && <time dateTime={words.remindAt ?? undefined}>{words.at}</time>}
      </span>
      <span id={`${id}-text`} className="reminders-item-text">
        <strong>{author}</strong> {text}
      </span>
      <span className="reminders-item-when" data-part="reminder-when">
        <BellIcon /> {words.text}
      </span>
      <span className="reminders-item-actions">
        <Link to={to} className="reminders-action" aria-describedby={`${id}-text`}>
          {t('chat.reminders.open')}
        </Link>
        <button
          ref={editRef}
          type="button"
          className="secondary reminders-action"
          aria-describedby={`${id}-text`}
          disabled={busy}
          data-action="edit"
          onClick={() => setEditing(true)}
        >
          {t('chat.reminders.edit')}
        </button>
        <button
          type="button"
          className="secondary reminders-action"
          aria-describedby={`${id}-text`}
          disabled={busy}
          data-action="delete"
          onClick={() => void changeReminder(client, reminder.message_id, { type: 'reminder.delete' }).then(report)}
        >
          {t('chat.reminders.delete')}
        </button>
      </span>
      {editing && (
        <ReminderTimeDialog
          returnTo={editRef}
          initial={words.remindAt ? Date.parse(words.remindAt) : null}
          onCancel={() => setEditing(false)}
          onSave={(time) => {
            setEditing(false);
            void changeReminder(client, reminder.message_id, { type: 'reminder.setAt', at: time }).then(report);
          }}
        />
      )}
    </li>
  );
}

export default function RemindersView({ onOpenPanel }: { onOpenPanel: (() => void) | null }) {
  const { t } = useTranslation();
  const { client, userId } = useChatWorkspace();
  const [list, setList] = useState<ReminderList>('upcoming');
  const { items, isLoading, hasNext, lastQueryError, load, more } = usePaginator(client, list);
  const pollName = usePollNames(client, messagesOf(items));
  return (
    <section className="reminders-view" aria-labelledby="reminders-title" role="region">
      <header className="chat-channel-header">
        {onOpenPanel && <OpenPanelButton onOpenPanel={onOpenPanel} />}
        <div className="chat-channel-heading">
          <h2 id="reminders-title">{t('chat.reminders.title')}</h2>
          <p className="chat-muted">{t('chat.reminders.subtitle')}</p>
        </div>
      </header>
      <div className="reminders-lists" role="group" aria-label={t('chat.reminders.lists')}>
        {LISTS.map((name) => (
          <button
            key={name}
            type="button"
            className="reminders-list-button"
            aria-pressed={list === name}
            data-list={name}
            onClick={() => setList(name)}
          >
            {t(`chat.reminders.lists.${name}`)}
          </button>
        ))}
      </div>
      <div className="reminders-body">
        {items === undefined && isLoading && (
          <p role="status" className="reminders-status chat-muted">
            {t('chat.reminders.loading')}
          </p>
        )}
        {lastQueryError && (
          <div role="alert" className="reminders-status">
            <p>{t('chat.reminders.failed')}</p>
            <button type="button" onClick={load}>
              {t('chat.workspace.retry')}
            </button>
          </div>
        )}
        {items?.length === 0 && !lastQueryError && (
          <p className="reminders-status empty-state" data-part="reminders-empty">
            {t(`chat.reminders.empty.${list}`)}
          </p>
        )}
        {items && items.length > 0 && (
          <ul className="reminders-list" aria-label={t(`chat.reminders.lists.${list}`)} data-part="reminders-list">
            {items.map((reminder) => (
              <ReminderRow key={reminder.message_id} reminder={reminder} userId={userId} pollName={pollName} />
            ))}
          </ul>
        )}
        {items && hasNext && (
          <button type="button" className="secondary reminders-more" disabled={isLoading} onClick={more}>
            {isLoading ? t('chat.reminders.loadingMore') : t('chat.reminders.more')}
          </button>
        )}
      </div>
    </section>
  );
}
