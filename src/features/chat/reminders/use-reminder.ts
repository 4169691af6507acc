/** The message's shared reminder actor (reminder-registry.ts) for a component, and what it shows. */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { StreamChat } from 'stream-chat';
import {
  selectIsDue,
  selectRemaining,
  selectRemindAt,
  selectStatus,
} from '../../../../machines/reminder/reminder.selectors';
import type { ReminderData } from '../../../../machines/reminder/reminder.types';
import { holdReminder, reminderActorOf, type ReminderActor } from './reminder-registry';

/** The message's reminder actor, held while the component is mounted (or shows another message). */
export function useReminderActor(client: StreamChat, messageId: string, initial?: ReminderData | null): ReminderActor {
  // `initial` only seeds an actor that does not exist yet.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const actor = useMemo(() => reminderActorOf(client, messageId, initial), [client, messageId]);
  // An actor nothing holds lives RELEASE_GRACE_MS more, so the one seen in render is the one held.
  useEffect(() => {
    const held = holdReminder(client, messageId, initial);
    return held.release;
    // `initial` only seeds an actor that does not exist yet.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, messageId]);
  return actor;
}

const sameRemaining = (a: ReturnType<typeof selectRemaining>, b: ReturnType<typeof selectRemaining>) =>
  a === b || (a !== null && b !== null && a.kind === b.kind && a.ms === b.ms);

/** Status, due time and remaining time at the machine's last clock reading (its refresh cadence). */
export function useReminderView(actor: ReminderActor) {
  const status = useSelector(actor, selectStatus);
  const remindAt = useSelector(actor, selectRemindAt);
  const remaining = useSelector(actor, selectRemaining, sameRemaining);
  const due = useSelector(actor, selectIsDue);
  return { status, remindAt, remaining, due };
}
