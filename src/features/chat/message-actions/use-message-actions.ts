/**
 * The connect layer between a message's actions and the chat: what the member may do with the
 * message (permissions.ts) and reacting to it. The toolbar's commands (quote, edit, delete, pin,
 * flag, mark unread, copy link) are in message-commands.ts, which comes with the toolbar's code.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Channel, EventTypes, LocalMessage } from 'stream-chat';
import { selectEntries } from '../../../../machines/outbox/outbox.selectors';
import type { OutboxActor } from '../../../lib/chat/channel-machines';
import { useToast } from '../../../lib/toasts';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
import { availableActions, isActionable, type AvailableActions } from './permissions';

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
