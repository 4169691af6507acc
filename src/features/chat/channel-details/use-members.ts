/**
 * The channel's members for the details panel, a page at a time (channel.queryMembers, oldest
 * member first), kept current: membership, role and ban changes reload the pages shown, presence
 * changes and personal mutes redraw them.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Channel, ChannelMemberResponse, StreamChat } from 'stream-chat';

/** Members fetched per page. */
export const MEMBERS_PAGE_SIZE = 25;

/** The most members one query returns (the service's limit); a reload fetches at most this many. */
export const MEMBERS_QUERY_MAX = 300;

/** Channel events after which the members shown are fetched again. */
const MEMBER_EVENTS = ['member.added', 'member.removed', 'member.updated', 'user.banned', 'user.unbanned'] as const;

export interface MembersState {
  members: ChannelMemberResponse[];
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
}

export function useMembers(client: StreamChat, channel: Channel): MembersState {
  const [members, setMembers] = useState<ChannelMemberResponse[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const shown = useRef(MEMBERS_PAGE_SIZE);
  const request = useRef(0);

  // A page past the ones shown (`offset` > 0) is added to them; offset 0 replaces them.
  const load = useCallback(
    (offset: number, limit: number) => {
      const ticket = ++request.current;
      const current = () => ticket === request.current;
      return channel.queryMembers({}, [{ created_at: 1 }], { offset, limit: limit + 1 }).then(
        ({ members: page }) => {
          if (!current()) return;
          shown.current = offset + Math.min(page.length, limit);
          setMembers((list) => [...(offset > 0 ? list.slice(0, offset) : []), ...page.slice(0, limit)]);
          setHasMore(page.length > limit);
          setFailed(false);
          setLoading(false);
        },
        () => {
          if (!current()) return;
          setFailed(true);
          setLoading(false);
        },
      );
    },
    [channel],
  );

  useEffect(() => {
    void load(0, MEMBERS_PAGE_SIZE);
    const reload = () => {
      setLoading(true);
      void load(0, Math.min(Math.max(shown.current, MEMBERS_PAGE_SIZE), MEMBERS_QUERY_MAX));
    };
    const subscriptions = [
      ...MEMBER_EVENTS.map((type) => channel.on(type, reload)),
      client.on('user.presence.changed', (event) => {
        const user = event.user;
        if (!user) return;
        setMembers((list) =>
          list.some((m) => m.user?.id === user.id)
            ? list.map((m) =>
                m.user?.id === user.id ? { ...m, user: { ...m.user, id: user.id, online: user.online } } : m,
              )
            : list,
        );
      }),
      client.on('notification.mutes_updated', () => redraw()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [client, channel, load]);

  return {
    members,
    loading,
    failed,
    hasMore,
    loadMore: () => {
      setLoading(true);
      void load(shown.current, MEMBERS_PAGE_SIZE);
    },
    reload: () => {
      setLoading(true);
      void load(0, Math.min(Math.max(shown.current, MEMBERS_PAGE_SIZE), MEMBERS_QUERY_MAX));
    },
  };
}
