/**
 * A message's action toolbar (chat-ui.md §4): three quick reactions, the emoji picker and "More"
 * (quote, edit, delete, pin/unpin, mark unread from here, copy link, flag, then mute and block
 * the author). The message list
 * renders it at the message's top right while the pointer or the focus is on the message; while
 * one of its popups is open it carries `data-state="open"` and tells `onPopupChange`, so the list
 * keeps it.
 *
 * Keyboard: Tab enters the toolbar (one stop), ←/→/Home/End move within it, Enter or Space acts,
 * ↓ or ↑ on "More" opens the menu, Escape closes a popup (focus returns to its button) or, in the
 * toolbar itself, goes back to the message.
 */
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { LocalMessage } from 'stream-chat';
import { LazyEmojiPickerPopover as EmojiPickerPopover } from '../shared/emoji-picker/LazyEmojiPicker';
import { ActionMenu, type MenuCloseReason, type MenuItem } from './ActionMenu';
import { AddReactionIcon, ReplyIcon } from './icons';
import { MoreIcon } from '../../../components/ui/icons';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
import { isReminderItem, loadReminderPart, reminderItems, withReminderItems } from '../reminders/reminder-actions';
import { useToast } from '../../../lib/toasts';
import type { AvailableActions } from './permissions';
import { QUICK_REACTIONS, reactionTypeForPick } from './reaction-types';
import { useMessageCommands } from './message-commands';
import { usePermittedActions, useReactionToggle } from './use-message-actions';
import { useUserModeration } from '../moderation/use-user-moderation';
import './message-actions.css';
import { lazyPart } from '../../../lib/lazy-part';

// Opened now and then: fetched on first use, not with the chat page.
const DeleteConfirmDialog = lazyPart(() =>
  import('./DeleteConfirmDialog').then((m) => ({ default: m.DeleteConfirmDialog })),
);
const ReminderMenu = lazyPart(() => loadReminderPart().then((m) => ({ default: m.ReminderMenu })));

type Popup =
  { kind: 'menu'; focusLast: boolean } | { kind: 'picker' } | { kind: 'confirmDelete' } | { kind: 'reminders' } | null;

/** The element of the message the toolbar belongs to (rendered by the message list). */
export function messageElementOf(element: Element | null): HTMLElement | null {
  return element?.parentElement?.closest<HTMLElement>('[data-part="message"], article') ?? null;
}

export function MessageActions({
  message,
  onPopupChange,
}: {
  message: LocalMessage;
  /** Told when one of the toolbar's popups opens or closes (the list keeps the toolbar meanwhile). */
  onPopupChange?: (open: boolean) => void;
}) {
  const { actionable, available: permitted } = usePermittedActions(message);
  // In the thread panel the thread is already open.
  const { threadId } = useOpenChannel();
  if (!actionable) return null;
  const available = threadId === null ? permitted : { ...permitted, reply: false };
  return <ActionToolbar message={message} available={available} onPopupChange={onPopupChange} />;
}

/** The "More" menu's items, in the order of chat-ui.md §4, only those the member may use. */
function menuItems(available: AvailableActions, t: (key: string) => string): MenuItem[] {
  const order: [keyof AvailableActions, string, boolean?][] = [
    ['quote', 'chat.actions.quote'],
    ['edit', 'chat.actions.edit'],
    ['delete', 'chat.actions.delete', true],
    ['pin', 'chat.actions.pin'],
    ['unpin', 'chat.actions.unpin'],
    ['markUnread', 'chat.actions.markUnread'],
    ['copyLink', 'chat.actions.copyLink'],
    ['flag', 'chat.actions.flag'],
  ];
  return order
    .filter(([id]) => available[id])
    .map(([id, key, danger]) => ({ id, label: t(key), ...(danger ? { danger } : {}) }));
}

function ActionToolbar({
  message,
  available,
  onPopupChange,
}: {
  message: LocalMessage;
  available: AvailableActions;
  onPopupChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const commands = useMessageCommands(message);
  const { mine, toggle } = useReactionToggle(message);
  const { openThread } = useOpenChannel();
  const [popup, setPopup] = useState<Popup>(null);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const pickerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const popupOpen = popup !== null;
  useEffect(() => onPopupChange?.(popupOpen), [onPopupChange, popupOpen]);

  const confirmDelete = async () => {
    const host = messageElementOf(rootRef.current);
    setPopup(null);
    const deleted = await commands.remove();
    // The deleted message has no toolbar any more: keep focus on the message, not on nothing.
    const focused = document.activeElement;
    if (deleted && host?.isConnected && (!focused || focused === document.body || !focused.isConnected)) host.focus();
  };

  const { client } = useChatWorkspace();
  const toast = useToast();
  // Mute / block the author (moderation/): after the message's own items.
  const userActions = useUserModeration(message);
  const items = [
    ...withReminderItems(menuItems(available, t), reminderItems(client, message, t)),
    ...userActions.items,
  ];
  const choose = (id: string) => {
    if (userActions.run(id)) {
      setPopup(null);
      moreRef.current?.focus();
      return;
    }
    if (id === 'delete' || id === 'remindMe') {
      setPopup({ kind: id === 'delete' ? 'confirmDelete' : 'reminders' });
      return;
    }
    if (isReminderItem(id)) {
      setPopup(null);
      moreRef.current?.focus();
      void loadReminderPart()
        .then((m) => m.changeSaved(client, message.id, id === 'saveForLater'))
        .then(
          ({ ok, key }) => (ok ? toast.success(t(key)) : toast.error(t(key))),
          () => toast.error(t('chat.reminder.saveFailed')),
        );
      return;
    }
    setPopup(null);
    moreRef.current?.focus();
    // Menu ids are the commands' names (delete, confirmed first, is `remove`).
    const command = (commands as Record<string, (() => unknown) | undefined>)[id];
    void command?.();
  };

  const buttonCount =
    (available.react ? QUICK_REACTIONS.length + 1 : 0) + (available.reply ? 1 : 0) + (items.length > 0 ? 1 : 0);
  if (buttonCount === 0) return null;
  const current = Math.min(active, buttonCount - 1);
  let index = 0;
  /** Roving focus: one Tab stop; `position` is the button's place in the toolbar. */
  const rove = (position: number) => ({
    tabIndex: position === current ? 0 : -1,
    onFocus: () => setActive(position),
    'data-toolbar-item': '',
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!rootRef.current?.contains(event.target as Node)) return;
    const buttons = [...rootRef.current.querySelectorAll<HTMLElement>('[data-toolbar-item]')];
    const at = buttons.indexOf(event.target as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      buttons[(to + buttons.length) % buttons.length]?.focus();
    };
    if (event.key === 'ArrowRight') move(at + 1);
    else if (event.key === 'ArrowLeft') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(buttons.length - 1);
    else if (event.key === 'Escape') {
      const host = messageElementOf(rootRef.current);
      if (host && host.tabIndex >= 0) {
        event.preventDefault();
        event.stopPropagation();
        host.focus();
      }
    }
  };

  const closeMenu = (reason: MenuCloseReason) => {
    setPopup(null);
    if (reason !== 'outside') moreRef.current?.focus();
  };

  return (
    <div
      ref={rootRef}
      role="toolbar"
      aria-label={t('chat.actions.toolbar')}
      className="message-actions"
      data-part="message-actions"
      data-state={popup ? 'open' : 'closed'}
      onKeyDown={onKeyDown}
    >
      {available.react &&
        QUICK_REACTIONS.map(({ type, emoji }) => (
          <button
            key={type}
            type="button"
            className="message-actions-button message-actions-reaction"
            aria-label={t('chat.actions.reactWith', { emoji })}
            aria-pressed={mine.has(type)}
            title={t('chat.actions.reactWith', { emoji })}
            data-reaction={type}
            onClick={() => void toggle(type)}
            {...rove(index++)}
          >
            {emoji}
          </button>
        ))}
      {available.react && (
        <button
          ref={pickerRef}
          type="button"
          className="message-actions-button"
          aria-label={t('chat.actions.addReaction')}
          aria-haspopup="dialog"
          aria-expanded={popup?.kind === 'picker'}
          title={t('chat.actions.addReaction')}
          data-action="addReaction"
          onClick={() => setPopup(popup?.kind === 'picker' ? null : { kind: 'picker' })}
          {...rove(index++)}
        >
          <AddReactionIcon />
        </button>
      )}
      {available.reply && (
        <button
          type="button"
          className="message-actions-button"
          aria-label={t('chat.actions.replyInThread')}
          title={t('chat.actions.replyInThread')}
          data-action="replyInThread"
          onClick={() => openThread(message.id)}
          {...rove(index++)}
        >
          <ReplyIcon />
        </button>
      )}
      {items.length > 0 && (
        <button
          ref={moreRef}
          type="button"
          className="message-actions-button"
          aria-label={t('chat.actions.more')}
          aria-haspopup="menu"
          aria-expanded={popup?.kind === 'menu'}
          aria-controls={popup?.kind === 'menu' ? menuId : undefined}
          title={t('chat.actions.more')}
          data-action="more"
          onClick={() => setPopup(popup?.kind === 'menu' ? null : { kind: 'menu', focusLast: false })}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
            event.preventDefault();
            setPopup({ kind: 'menu', focusLast: event.key === 'ArrowUp' });
          }}
          {...rove(index++)}
        >
          <MoreIcon />
        </button>
      )}
      {popup?.kind === 'menu' && (
        <ActionMenu
          id={menuId}
          label={t('chat.actions.more')}
          items={items}
          anchorRef={moreRef}
          focusLast={popup.focusLast}
          onSelect={choose}
          onClose={closeMenu}
        />
      )}
      {popup?.kind === 'picker' && (
        <EmojiPickerPopover
          anchorRef={pickerRef}
          label={t('chat.actions.addReaction')}
          skinTones={false}
          onClose={() => setPopup(null)}
          onPick={(native, emoji) => {
            setPopup(null);
            const type = reactionTypeForPick(emoji.id);
            if (type) void toggle(type, native);
          }}
        />
      )}
      {popup?.kind === 'reminders' && (
        <Suspense fallback={null}>
          <ReminderMenu
            client={client}
            messageId={message.id}
            anchorRef={moreRef}
            onClose={(reason) => closeMenu(reason === 'chosen' ? 'escape' : reason)}
          />
        </Suspense>
      )}
      {popup?.kind === 'confirmDelete' && (
        <Suspense fallback={null}>
          <DeleteConfirmDialog
            returnTo={moreRef}
            onCancel={() => setPopup(null)}
            onConfirm={() => void confirmDelete()}
          />
        </Suspense>
      )}
    </div>
  );
}
