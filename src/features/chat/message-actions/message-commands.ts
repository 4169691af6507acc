/**
 * A message's commands in the action toolbar (MessageActions.tsx, fetched when the member first
 * turns to the message list, so none of this is in the chat's first script): each action as a
 * function that makes the chat call, hands the message to the composer, or copies its link — with
 * the spec's §8 text as an error toast when it fails.
 */
import { useCallback, useMemo } from 'react';
import type { LocalMessage } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import { useToast } from '../../../lib/toasts';
import { useHoldReading } from '../message-list/reading-hold';
import { quotedFrom, restorableFrom } from '../shared/restorable';
import { channelPath, useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';

/** Focuses the composer the action went to: the thread panel's inside a thread, else the channel's. */
function focusComposer(inThread: boolean): void {
  const place = inThread ? '.chat-thread' : '.chat-channel';
  const input = '[data-part="composer-input"]';
  (document.querySelector<HTMLElement>(`${place} ${input}`) ?? document.querySelector<HTMLElement>(input))?.focus();
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
