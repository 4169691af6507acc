/**
 * Due reminders on every signed-in page (issue #27 item 5), for the protected layout (src/app):
 * the notices (`DueReminders`) and the count on the Chat link (`ReminderDueBadge`). What ships in
 * the app's first script is only the gate (due-reminder-gate.ts); the notices' code is fetched once
 * the member has a reminder due or to watch, with the reminders' strings.
 */
import { useSelector } from '@xstate/react';
import type { StreamChat } from 'stream-chat';
import { selectClient } from '../../../../machines/chat-connection/chat-connection.selectors';
import { useChatConnection } from '../../../lib/chat/chat-provider';
import { withStrings } from '../../../i18n/bundles';
import { preloadable } from '../../../lib/preloadable';
import { useDueReminderGate } from './due-reminder-gate';

// With the reminders' strings: the announcement and the Chat link's count are worded there.
const live = withStrings('reminders', () => import('./DueRemindersLive'));
const DueNotices = preloadable(() => live().then((m) => ({ default: m.DueNotices })), null, { optional: true });
const DueCount = preloadable(() => live().then((m) => ({ default: m.DueCount })), null, { optional: true });

/** The connected chat client of the signed-in member, or null (no token, not connected yet). */
function useConnectedClient(): StreamChat | null {
  const connection = useChatConnection();
  return useSelector(connection ?? undefined, (s) => (s ? (selectClient(s) as StreamChat | null) : null));
}

function Notices({ client }: { client: StreamChat }) {
  const { wanted, announcement } = useDueReminderGate(client);
  return (
    <>
      {/* Always present, so a screen reader announces what is put in it. */}
      <p className="visually-hidden" role="status" data-part="due-reminder-announcement">
        {announcement}
      </p>
      {wanted && <DueNotices client={client} />}
    </>
  );
}

function Count({ client }: { client: StreamChat }) {
  return useDueReminderGate(client).wanted ? <DueCount client={client} /> : null;
}

/** The due-reminder notices and their announcement; nothing without a chat connection. */
export function DueReminders() {
  const client = useConnectedClient();
  return client ? <Notices client={client} /> : null;
}

/** The count of due reminders not yet acted on, beside the Chat link's unread count. */
export function ReminderDueBadge() {
  const client = useConnectedClient();
  return client ? <Count client={client} /> : null;
}
