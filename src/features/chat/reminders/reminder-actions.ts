/**
 * The reminder items of a message's "More" menu (chat-ui.md §4: after "mark unread"): "Remind
 * me…" opens the presets menu (ReminderMenu, fetched with its strings on first use); "Save for
 * later" keeps the message in "Saved and reminders" without a time; "Remove from saved" removes
 * the message's reminder or saved mark. Offered where the channel type has reminders on
 * (`user_message_reminders`), on the channel's messages and thread replies.
 */
import type { LocalMessage, StreamChat } from 'stream-chat';
import { withStrings } from '../../../i18n/bundles';
import type { MenuItem } from '../message-actions/ActionMenu';

export const REMINDER_ITEMS = ['remindMe', 'saveForLater', 'removeFromSaved'] as const;
export type ReminderItem = (typeof REMINDER_ITEMS)[number];

export const isReminderItem = (id: string): id is ReminderItem => (REMINDER_ITEMS as readonly string[]).includes(id);

/** The menu's reminder part (the presets menu and the saving commands), with its strings. */
export const loadReminderPart = withStrings('reminders', () => import('./ReminderMenu'));

/** The reminder items for `message`, or none where reminders are off. */
export function reminderItems(client: StreamChat, message: LocalMessage, t: (key: string) => string): MenuItem[] {
  const channel = message.cid ? client.activeChannels[message.cid] : undefined;
  const kind = message.type ?? 'regular';
  if (!channel?.getConfig()?.user_message_reminders || (kind !== 'regular' && kind !== 'reply')) return [];
  const saved = client.reminders.getFromState(message.id) !== undefined;
  return [
    { id: 'remindMe', label: t('chat.actions.remindMe') },
    saved
      ? { id: 'removeFromSaved', label: t('chat.actions.removeFromSaved') }
      : { id: 'saveForLater', label: t('chat.actions.saveForLater') },
  ];
}

/** Inserts the reminder items where chat-ui.md §4 puts them: before "copy link" and "flag". */
export function withReminderItems(items: MenuItem[], reminders: MenuItem[]): MenuItem[] {
  const at = items.findIndex((item) => item.id === 'copyLink' || item.id === 'flag');
  return at < 0 ? [...items, ...reminders] : [...items.slice(0, at), ...reminders, ...items.slice(at)];
}
