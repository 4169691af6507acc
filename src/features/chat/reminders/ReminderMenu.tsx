/**
 * "Remind me" (chat-ui.md §4, spec §9): the second menu of a message's "More" menu, with the
 * presets (2 min, 30 min, 1 h, 2 h, 8 h, 1 day) and "Custom…", which opens the date and time
 * dialog. A preset creates the reminder or moves it; the result is told in a toast. Fetched with
 * its strings when the member first chooses "Remind me".
 */
import { useId, useState, type RefObject } from 'react';
import type { StreamChat } from 'stream-chat';
import { REMINDER_PRESETS } from '../../../../machines/reminder/reminder.machine';
import type { ReminderEvent } from '../../../../machines/reminder/reminder.types';
import { withStrings } from '../../../i18n/bundles';
import { useTranslation } from '../../../i18n/use-translation';
import { preloadable } from '../../../lib/preloadable';
import { useToast } from '../../../lib/toasts';
import { ActionMenu, type MenuCloseReason } from '../message-actions/ActionMenu';
import { changeReminder } from './reminder-registry';
import { relativeDue } from './reminder-format';

const ReminderTimeDialog = preloadable(
  withStrings('reminders', () => import('./ReminderTimeDialog').then((m) => ({ default: m.ReminderTimeDialog }))),
);

const CUSTOM = 'custom';

/** Sets the reminder (a preset from now, or a chosen time) and says so (or why not) in a toast. */
export function useSetReminder(client: StreamChat) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  return async (messageId: string, when: { inMs: number } | { at: number }) => {
    const event: ReminderEvent =
      'at' in when ? { type: 'reminder.setAt', at: when.at } : { type: 'reminder.set', presetMs: when.inMs };
    const error = await changeReminder(client, messageId, event);
    if (error) toast.error(t(error.key));
    else {
      const inMs = 'at' in when ? when.at - Date.now() : when.inMs;
      toast.success(t('chat.reminders.set', { when: relativeDue(inMs, i18n.language) }));
    }
  };
}

export function ReminderMenu({
  client,
  messageId,
  anchorRef,
  onClose,
}: {
  client: StreamChat;
  messageId: string;
  /** The "More" button: the menu opens below it and focus returns there. */
  anchorRef: RefObject<HTMLElement | null>;
  /** Closed: by a choice (`chosen`), Escape, Tab or a click outside. */
  onClose: (reason: MenuCloseReason | 'chosen') => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const setReminder = useSetReminder(client);
  const [custom, setCustom] = useState(false);
  const items = [
    ...REMINDER_PRESETS.map(({ ms, labelKey }) => ({ id: String(ms), label: t(labelKey) })),
    { id: CUSTOM, label: t('chat.reminders.custom') },
  ];
  if (custom)
    return (
      <ReminderTimeDialog
        returnTo={anchorRef}
        onCancel={() => onClose('escape')}
        onSave={(time) => {
          onClose('chosen');
          void setReminder(messageId, { at: time });
        }}
      />
    );
  return (
    <ActionMenu
      id={id}
      label={t('chat.reminders.menu')}
      items={items}
      anchorRef={anchorRef}
      onSelect={(choice) => {
        if (choice === CUSTOM) {
          setCustom(true);
          return;
        }
        onClose('chosen');
        void setReminder(messageId, { inMs: Number(choice) });
      }}
      onClose={onClose}
    />
  );
}

/** "Save for later" (a reminder without a time) or "Remove from saved"; answers the toast to show. */
export async function changeSaved(
  client: StreamChat,
  messageId: string,
  save: boolean,
): Promise<{ ok: boolean; key: string }> {
  const error = await changeReminder(
    client,
    messageId,
    save ? { type: 'reminder.saveForLater' } : { type: 'reminder.delete' },
  );
  if (error) return { ok: false, key: error.key };
  return { ok: true, key: save ? 'chat.reminders.saved' : 'chat.reminders.removed' };
}
