/**
 * The connect layer between a message's actions and the chat: what the member may do with the
 * message (permissions.ts), and each action as a function that makes the chat call, hands the
 * message to the composer, or copies its link — with the spec's §8 text as an error toast when
 * it fails.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Channel, EventTypes, LocalMessage } from 'stream-chat';
import { selectEntries } from '../../../../machines/outbox/outbox.selectors';
import type { OutboxActor } from '../../../lib/chat/channel-machines';
import { useToast } from '../../../lib/toasts';
import { channelPath, useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
import { availableActions, isActionable, type AvailableActions } from './permissions';
import { quotedFrom, restorableFrom } from '../shared/restorable';
import { useHoldReading } from '../message-list/reading-hold';

const NO_CAPABILITIES: string[] = [];
const CAPABILITY_EVENTS: EventTypes[] = ['capabilities.changed', 'channel.updated', 'member.updated'];

/** The member's capabilities in `channel`, kept current (`capabilities.changed`, `channel.updated`). */
export function useChannelCapabilities(channel: Channel): ReadonlySet<string> {
  const subscribe = useCallback(
    (notify: () => void) => {
      const subscriptions = CAPABILITY_EVENTS.map((type) => channel.on(type, notify));
      return () => subscriptions.forEach((s) => s.unsubscribe());
    },
    [channel],
  );
  const list = useSyncExternalStore(subscribe, () => channel.data?.own_capabilities ?? NO_CAPABILITIES);
  return useMemo(() => new Set(list), [list]);
}

function useInOutbox(outbox: OutboxActor, messageId: string): boolean {
  return useSelector(outbox, (snapshot) => selectEntries(snapshot).some((entry) => entry.message.id === messageId));
}

/** Focuses the composer the action went to: the thread panel's inside a thread, else the channel's. */
export function focusComposer(inThread: boolean): void {
  const place = inThread ? '.chat-thread' : '.chat-channel';
  const input = '[data-part="composer-input"]';
  (document.querySelector<HTMLElement>(`${place} ${input}`) ?? document.querySelector<HTMLElement>(input))?.focus();
}

export function usePermittedActions(message: LocalMessage): { actionable: boolean; available: AvailableActions } {
  const { userId, outbox } = useChatWorkspace();
  const { channel } = useOpenChannel();
  const capabilities = useChannelCapabilities(channel);
  const inOutbox = useInOutbox(outbox, message.id);
  const config = channel.getConfig();
  return {
    actionable: isActionable(message, inOutbox),
    available: availableActions(message, { userId, capabilities, config }),
  };
}

/** Adds or removes my reaction of a type (the chip, the quick reactions, a picked emoji). */
export function useReactionToggle(message: LocalMessage) {
  const { channel } = useOpenChannel();
  const toast = useToast();
  const { t } = useTranslation();
  const pending = useRef(new Set<string>());
  const mine = useMemo(() => new Set((message.own_reactions ?? []).map((r) => r.type)), [message.own_reactions]);
  const toggle = useCallback(
    async (type: string, emojiCode?: string) => {
      if (pending.current.has(type)) return;
      pending.current.add(type);
      const remove = mine.has(type);
      try {
        if (remove) await channel.deleteReaction(message.id, type);
        else
          await channel.sendReaction(message.id, emojiCode ? { type, emoji_code: emojiCode } : { type }, {
            enforce_unique: false,
          });
      } catch {
        toast.error(t(remove ? 'chat.reactions.removeFailed' : 'chat.reactions.sendFailed'));
      } finally {
        pending.current.delete(type);
      }
    },
    [channel, message.id, mine, t, toast],
  );
  return { mine, toggle };
}

/** Runs `work`; a failure shows `failKey` as an error toast, success `successKey` (if any). */
function useAttempt() {
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    async (work: () => Promise<unknown>, failKey: string, successKey?: string): Promise<boolean> => {
      try {
        await work();
      } catch {
        toast.error(t(failKey));
        return false;
      }
      if (successKey) toast.success(t(successKey));
      return true;
    },
    [t, toast],
  );
}

export function useMessageCommands(message: LocalMessage) {
  const { client } = useChatWorkspace();
  const { channel, composer, threadId } = useOpenChannel();
  const inThread = threadId !== null;
  const holdReading = useHoldReading();
  const attempt = useAttempt();
  const id = message.id;
  return useMemo(
    () => ({
      quote() {
        composer.send({ type: 'composer.quote', message: quotedFrom(message) });
        focusComposer(inThread);
      },
      edit() {
        composer.send({ type: 'composer.edit', message: restorableFrom(message) });
        focusComposer(inThread);
      },
      remove: () => attempt(() => client.deleteMessage(id), 'chat.actions.deleteFailed'),
      pin: () => attempt(() => client.pinMessage(id), 'chat.actions.pinFailed'),
      unpin: () => attempt(() => client.unpinMessage(id), 'chat.actions.unpinFailed'),
      flag: () => attempt(() => client.flagMessage(id), 'chat.actions.flagFailed', 'chat.actions.flagged'),
      markUnread: () =>
        attempt(
          async () => {
            // First stop the list marking read, or a mark due meanwhile would land after this one.
            holdReading();
            // The client skips the call (resolving null) where read events are off: that is a failure here.
            const response = await channel.markUnread({ message_id: id });
            if (response === null) throw new Error('read events are disabled');
          },
          'chat.actions.markUnreadFailed',
          'chat.actions.markedUnread',
        ),
      copyLink: () =>
        attempt(
          async () => {
            if (!navigator.clipboard) throw new Error('no clipboard');
            await navigator.clipboard.writeText(`${location.origin}${channelPath(channel.type, channel.id!, id)}`);
          },
          'chat.actions.copyFailed',
          'chat.actions.linkCopied',
        ),
    }),
    [attempt, channel, client, composer, holdReading, id, inThread, message],
  );
}

export type MessageCommands = ReturnType<typeof useMessageCommands>;
