/**
 * "Mute user" / "Unmute user" and "Block user" / "Unblock user" in the "More" menu of another
 * member's message. A mute is personal (the service's user mute): the muted member's messages no
 * longer count as unread and they are left out of mention suggestions; they are not told. A block
 * hides direct conversations with them (the service does that) and, here, folds their messages.
 * The state is the client's own lists, kept current by the service's events
 * (`notification.mutes_updated`) and the block calls; failures show the spec's texts.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { LocalMessage, StreamChat } from 'stream-chat';
import { useTranslation } from '../../../i18n/use-translation';
import type { MenuItem } from '../message-actions/ActionMenu';
import { useToast } from '../../../lib/toasts';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';

export type UserAction = 'muteUser' | 'unmuteUser' | 'blockUser' | 'unblockUser';

const LABELS: Record<UserAction, string> = {
  muteUser: 'chat.moderation.menu.mute',
  unmuteUser: 'chat.moderation.menu.unmute',
  blockUser: 'chat.moderation.menu.block',
  unblockUser: 'chat.moderation.menu.unblock',
};

/** Whether `userId` is in my mutes (unexpired), kept current. */
export function useIsMuted(client: StreamChat, userId: string | undefined): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const subscription = client.on('notification.mutes_updated', notify);
      const health = client.on('health.check', notify);
      return () => {
        subscription.unsubscribe();
        health.unsubscribe();
      };
    },
    [client],
  );
  return useSyncExternalStore(subscribe, () =>
    client.mutedUsers.some((mute) => {
      const { expires } = mute as { expires?: string };
      return mute.target?.id === userId && (!expires || Date.parse(expires) > Date.now());
    }),
  );
}

/** Whether I blocked `userId`, kept current. */
export function useIsBlocked(client: StreamChat, userId: string | undefined): boolean {
  const subscribe = useCallback((notify: () => void) => client.blockedUsers.subscribe(notify), [client]);
  return useSyncExternalStore(subscribe, () =>
    userId ? client.blockedUsers.getLatestValue().userIds.includes(userId) : false,
  );
}

/** The menu items for the author of `message` (none for my own), and the runner of a chosen one. */
export function useUserModeration(message: LocalMessage): {
  items: MenuItem[];
  run: (id: string) => boolean;
} {
  const { client, userId } = useChatWorkspace();
  const { channel } = useOpenChannel();
  const { t } = useTranslation();
  const toast = useToast();
  const author = message.user;
  const other = author && author.id !== userId ? author : undefined;
  const muted = useIsMuted(client, other?.id);
  const blocked = useIsBlocked(client, other?.id);
  const mutes = channel.getConfig()?.mutes !== false;
  return useMemo(() => {
    if (!other) return { items: [], run: () => false };
    const name = other.name || other.id;
    const actions: UserAction[] = [];
    if (mutes) actions.push(muted ? 'unmuteUser' : 'muteUser');
    actions.push(blocked ? 'unblockUser' : 'blockUser');
    const calls: Record<UserAction, [() => Promise<unknown>, string, string]> = {
      muteUser: [() => client.muteUser(other.id), 'chat.moderation.error.mute', 'chat.moderation.done.mute'],
      unmuteUser: [() => client.unmuteUser(other.id), 'chat.moderation.error.unmute', 'chat.moderation.done.unmute'],
      blockUser: [() => client.blockUser(other.id), 'chat.moderation.error.block', 'chat.moderation.done.block'],
      unblockUser: [
        () => client.unBlockUser(other.id),
        'chat.moderation.error.unblock',
        'chat.moderation.done.unblock',
      ],
    };
    return {
      items: actions.map((id) => ({ id, label: t(LABELS[id]) })),
      run: (id: string) => {
        const call = calls[id as UserAction];
        if (!call || !actions.includes(id as UserAction)) return false;
        const [work, failKey, doneKey] = call;
        work().then(
          () => toast.success(t(doneKey, { name })),
          () => toast.error(t(failKey)),
        );
        return true;
      },
    };
  }, [blocked, client, muted, mutes, other, t, toast]);
}
