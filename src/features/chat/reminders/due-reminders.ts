/**
 * Due reminders for the whole signed-in app (issue #27 item 5): one due-notices actor
 * (machines/due-reminders) per chat client, fed from two sources while the protected layout holds
 * it (`holdDueReminders`):
 *   - the service's `notification.reminder_due`, on the connection every signed-in page shares;
 *   - the reminder machine's own clock (machines/reminder: `notice.due` once its clock reading
 *     reaches the due time), for every reminder the client knows, in case the service's event does
 *     not come (the connection was down at that moment). Those actors are the ones the message's
 *     line and menu use (reminder-registry.ts); the code that holds them is fetched only once the
 *     client knows a reminder (due-reminder-clock.ts).
 * Both give the same key (message and due time), so a reminder is announced once. What is shown
 * and what the member acted on is kept in sessionStorage for the session, so another page or a
 * reload neither loses a notice nor brings a dismissed one back. Fetched only once the member
 * has something due or to watch (due-reminder-gate.ts), so it stays out of the first script.
 */
import i18next from 'i18next';
import type { Event, LocalMessage, MessageResponse, StreamChat } from 'stream-chat';
import { createActor, type Actor } from 'xstate';
import { dueKey, dueRemindersMachine } from '../../../../machines/due-reminders/due-reminders.machine';
import { selectNotices, selectSettled } from '../../../../machines/due-reminders/due-reminders.selectors';
import type { DueNotice, DueRemindersInput } from '../../../../machines/due-reminders/due-reminders.types';
import { channelTitle } from '../shared/channel-title';
import { summariseMessage } from '../shared/message-summary';
import { dueRemindersStorageKey, takeOver } from './due-reminder-gate';
import { channelPath, threadPath } from '../workspace/chat-workspace-context';

export type DueRemindersActor = Actor<typeof dueRemindersMachine>;

/** The longest piece of the message a notice quotes. */
export const NOTICE_TEXT_MAX = 80;

const excerpt = (text: string) => (text.length > NOTICE_TEXT_MAX ? `${text.slice(0, NOTICE_TEXT_MAX - 1)}…` : text);

type MessageLike = Pick<
  MessageResponse | LocalMessage,
  'text' | 'user' | 'parent_id' | 'poll' | 'poll_id' | 'attachments' | 'type' | 'deleted_at' | 'shared_location'
>;

/** What the service says of the reminder's channel (the reminder response carries it). */
interface ChannelLike {
  name?: unknown;
  member_count?: unknown;
}

/**
 * What the channel is called for the member: as the channel list says it when the client has the
 * channel, else its name, else for a conversation of two the other member (the author, when it is
 * not the member); null when unknown (an unnamed group the client has not loaded).
 */
function channelName(client: StreamChat, cid: string, channel: ChannelLike | undefined, message: MessageLike | null) {
  const active = client.activeChannels[cid];
  if (active) return channelTitle(active, client.userID ?? '');
  if (typeof channel?.name === 'string' && channel.name.trim() !== '') return channel.name;
  const author = message?.user;
  if (channel?.member_count === 2 && author && author.id !== client.userID) return author.name || author.id;
  return null;
}

/** The notice of `messageId`'s reminder due at `remindAt`, from what the client and the service told. */
export function noticeFor(
  client: StreamChat,
  known: { messageId: string; remindAt: string; cid: string; message?: MessageLike | null; channel?: ChannelLike },
): DueNotice {
  const { messageId, remindAt, cid } = known;
  const [type = '', id = cid] = cid.split(':') as [string?, string?];
  const message: MessageLike | null = known.message ?? client.activeChannels[cid]?.state.findMessage(messageId) ?? null;
  // Named as every list names a message (a poll by its question, a file by its name), in the
  // language of the moment it falls due.
  const text = message ? summariseMessage(message, (key, options) => i18next.t(key, options)) : '';
  const parentId = message?.parent_id;
  return {
    key: dueKey(messageId, remindAt),
    messageId,
    remindAt,
    to: parentId ? threadPath(type, id, parentId, messageId) : channelPath(type, id, messageId),
    channel: channelName(client, cid, known.channel, message),
    author: message?.user?.name || message?.user?.id || null,
    text: text ? excerpt(text) : null,
  };
}

/** The notice of a `notification.reminder_due` event, or null when it names no due time. */
export function noticeOfEvent(client: StreamChat, event: Event): DueNotice | null {
  const reminder = event.reminder;
  const messageId = event.message_id ?? reminder?.message_id;
  if (!reminder?.remind_at || !messageId) return null;
  return noticeFor(client, {
    messageId,
    remindAt: reminder.remind_at,
    cid: event.cid ?? reminder.channel_cid,
    message: reminder.message ?? null,
    channel: reminder.channel,
  });
}

/** The notice of a reminder the client holds (its store), for the reminder machine's clock. */
export function noticeOfKnown(client: StreamChat, messageId: string, remindAt: string): DueNotice {
  const known = client.reminders.getFromState(messageId)?.state.getLatestValue();
  return noticeFor(client, {
    messageId,
    remindAt,
    cid: known?.channel_cid ?? '',
    message: known?.message ?? null,
    // The service's reminder carries its channel too (kept in the reminder's state, untyped there).
    channel: (known as { channel?: ChannelLike } | undefined)?.channel,
  });
}

function isNotice(value: unknown): value is DueNotice {
  const n = value as Partial<DueNotice> | null;
  return (
    typeof n === 'object' &&
    n !== null &&
    typeof n.key === 'string' &&
    typeof n.messageId === 'string' &&
    typeof n.remindAt === 'string' &&
    typeof n.to === 'string' &&
    n.to.startsWith('/chat/') &&
    (n.channel === null || typeof n.channel === 'string') &&
    (n.author === null || typeof n.author === 'string') &&
    (n.text === null || typeof n.text === 'string')
  );
}

/** What this session kept for the member (anything unreadable counts as nothing). */
export function restoreDueReminders(storage: Pick<Storage, 'getItem'> | null, userId: string): DueRemindersInput {
  try {
    const kept = JSON.parse(storage?.getItem(dueRemindersStorageKey(userId)) ?? 'null') as {
      notices?: unknown;
      settled?: unknown;
    } | null;
    return {
      notices: Array.isArray(kept?.notices) ? kept.notices.filter(isNotice) : [],
      settled: Array.isArray(kept?.settled) ? kept.settled.filter((k): k is string => typeof k === 'string') : [],
    };
  } catch {
    return { notices: [], settled: [] };
  }
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const actors = new WeakMap<StreamChat, DueRemindersActor>();

/** The client's due-notices actor, started (from what the session kept) when first asked for. */
export function dueRemindersOf(client: StreamChat, storage: Storage | null = sessionStore()): DueRemindersActor {
  let actor = actors.get(client);
  if (actor) return actor;
  const userId = client.userID ?? '';
  actor = createActor(dueRemindersMachine, { input: restoreDueReminders(storage, userId) }).start();
  actors.set(client, actor);
  let last: unknown[] = [];
  actor.subscribe((snapshot) => {
    const kept = [selectNotices(snapshot), selectSettled(snapshot)];
    if (kept[0] === last[0] && kept[1] === last[1]) return;
    last = kept;
    try {
      storage?.setItem(dueRemindersStorageKey(userId), JSON.stringify({ notices: kept[0], settled: kept[1] }));
    } catch {
      // Storage full or refused: the notices still work for this page.
    }
  });
  return actor;
}

/** Fetched once the client knows a reminder with a time: holds the reminder machines for their clocks. */
const loadClock = () => import('./due-reminder-clock');

/** The events that change or remove a reminder: a notice of another due time is withdrawn. */
const CHANGES = ['reminder.created', 'reminder.updated', 'reminder.deleted', 'message.deleted'];

interface Held {
  holders: number;
  stop: () => void;
}
const held = new WeakMap<StreamChat, Held>();

function listen(client: StreamChat, actor: DueRemindersActor): () => void {
  client.reminders.registerSubscriptions();
  const fellDue = (event: Event) => {
    const notice = noticeOfEvent(client, event);
    if (notice) actor.send({ type: 'reminder.fellDue', notice });
  };
  const due = client.on('notification.reminder_due', fellDue);
  // What the app's first script heard before this code was fetched (due-reminder-gate.ts).
  takeOver(client).forEach(fellDue);
  const changes = CHANGES.map((type) =>
    client.on(type, (event) => {
      const messageId = event.message_id ?? event.reminder?.message_id ?? event.message?.id;
      if (!messageId) return;
      const remindAt = type.startsWith('reminder.') && type !== 'reminder.deleted' ? event.reminder?.remind_at : null;
      actor.send({ type: 'reminder.changed', messageId, remindAt: remindAt ?? null });
    }),
  );
  // The reminder machines' clocks, once there is a reminder with a time to watch.
  let stopClock: (() => void) | null = null;
  let stopped = false;
  const startClock = () => {
    const hasTime = [...client.reminders.reminders.values()].some((r) => r.remindAt !== null);
    if (!hasTime || stopClock) return;
    stopClock = () => undefined;
    loadClock().then(
      ({ watchReminderClocks }) => {
        if (stopped) return;
        stopClock = watchReminderClocks(client, (messageId, remindAt) =>
          actor.send({ type: 'reminder.fellDue', notice: noticeOfKnown(client, messageId, remindAt) }),
        );
      },
      // Offline: tried again when the store next changes.
      () => (stopClock = null),
    );
  };
  const store = client.reminders.state.subscribe(startClock);
  startClock();
  return () => {
    stopped = true;
    store();
    stopClock?.();
    due.unsubscribe();
    changes.forEach((subscription) => subscription.unsubscribe());
    client.reminders.unregisterSubscriptions();
  };
}

/**
 * Listens for the client's due reminders while held (the protected layout holds it); answers the
 * release. Held twice (React's strict mode, two layouts), it listens once; the last release stops
 * listening after the current task, so a release followed at once by a hold keeps it.
 */
export function holdDueReminders(client: StreamChat): () => void {
  let entry = held.get(client);
  if (!entry) {
    entry = { holders: 0, stop: listen(client, dueRemindersOf(client)) };
    held.set(client, entry);
  }
  const current = entry;
  current.holders++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    current.holders--;
    queueMicrotask(() => {
      if (current.holders > 0 || held.get(client) !== current) return;
      held.delete(client);
      current.stop();
    });
  };
}
