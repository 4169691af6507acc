/** The notification of a due reminder: the message's text and where it was written, once per reminder. */
import i18next from 'i18next';
import type { Event, StreamChat } from 'stream-chat';
import { channelTitle } from '../shared/channel-title';

/** The longest piece of the message quoted in the notification. */
export const NOTICE_TEXT_MAX = 80;

/** Reminders already announced, per client: "message@due time". */
const announced = new WeakMap<StreamChat, Set<string>>();

export function reminderNotice(client: StreamChat, event: Event): string {
  const message = event.reminder?.message;
  const raw = (message?.text ?? '').trim() || i18next.t('chat.message.attachmentOnly');
  const text = raw.length > NOTICE_TEXT_MAX ? `${raw.slice(0, NOTICE_TEXT_MAX - 1)}…` : raw;
  const cid = event.cid ?? event.reminder?.channel_cid ?? '';
  const channel = client.activeChannels[cid];
  const name = channel ? channelTitle(channel, client.userID ?? '') : (event.reminder?.channel?.name ?? cid);
  return i18next.t('chat.reminders.notice', { text, channel: name });
}

/** Shows the reminder's notification with `show`, unless this reminder was announced already. */
export function announce(client: StreamChat, event: Event, show: (message: string) => void): void {
  const key = `${event.message_id ?? event.reminder?.message_id}@${event.reminder?.remind_at ?? ''}`;
  let shown = announced.get(client);
  if (!shown) announced.set(client, (shown = new Set()));
  if (shown.has(key)) return;
  shown.add(key);
  show(reminderNotice(client, event));
}
