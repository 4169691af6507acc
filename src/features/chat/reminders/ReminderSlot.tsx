/**
 * Where a message's reminder line goes. Part of the message list (kept tiny): it only watches the
 * client's reminder store (stream-chat's ReminderManager, filled by channel queries and reminder
 * events) and fetches the line's code and strings when the message has a reminder.
 */
import { useCallback, useContext, useSyncExternalStore } from 'react';
import type { StreamChat } from 'stream-chat';
import { withStrings } from '../../../i18n/bundles';
import { preloadable } from '../../../lib/preloadable';
import { ChatWorkspaceContext } from '../workspace/chat-workspace-context';

const MessageReminder = preloadable(
  withStrings('reminders', () => import('./MessageReminder').then((m) => ({ default: m.MessageReminder }))),
  null,
  { optional: true },
);

function useHasReminder(client: StreamChat, messageId: string): boolean {
  const store = client.reminders.state;
  const subscribe = useCallback((notify: () => void) => store.subscribe(notify), [store]);
  return useSyncExternalStore(subscribe, () => store.getLatestValue().reminders.has(messageId));
}

function Slot({ client, messageId }: { client: StreamChat; messageId: string }) {
  return useHasReminder(client, messageId) ? <MessageReminder client={client} messageId={messageId} /> : null;
}

export function ReminderSlot({ messageId }: { messageId: string }) {
  const client = useContext(ChatWorkspaceContext)?.client;
  return client ? <Slot client={client} messageId={messageId} /> : null;
}
