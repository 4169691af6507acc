/**
 * What the member may do in the open channel right now, from its `own_capabilities`, `frozen`
 * flag and the member's ban, kept current as the channel's events arrive. The composer shows
 * itself only when the member can send; otherwise it says why.
 */
import { useEffect, useReducer } from 'react';
import type { Channel, StreamChat } from 'stream-chat';

export type ComposerBlock =
  { kind: 'frozen' } | { kind: 'banned'; until: string | null; reason: string | null } | { kind: 'noPermission' };

export interface ChannelAccess {
  /** Why the composer is replaced, or null when the member can write. */
  block: ComposerBlock | null;
  frozen: boolean;
  canUpload: boolean;
  canEditOwn: boolean;
  canQuote: boolean;
  /** The member may create polls here (`send-poll`, polls on in the channel's config). */
  canPoll: boolean;
}

const isActiveBan = (until: string | null | undefined) => !until || Date.parse(until) > Date.now();

/** A ban learnt from an event before the channel's capabilities were re-read. */
interface BanNews {
  banned: boolean;
  until: string | null;
  reason: string | null;
}

export function channelAccessOf(channel: Channel, client: StreamChat, news: BanNews | null): ChannelAccess {
  const capabilities = channel.data?.own_capabilities ?? [];
  const frozen = channel.data?.frozen === true;
  const membership = channel.state.membership;
  // A ban without an end has no `ban_expires`: it is a ban all the same.
  const memberBanned = membership?.banned === true && isActiveBan(membership.ban_expires);
  const appBan = client.user?.banned === true;
  const banned = news ? news.banned : memberBanned || appBan;
  const until = news ? news.until : memberBanned ? (membership?.ban_expires ?? null) : null;
  const canSend = capabilities.includes('send-message');
  // Moderators keep writing in a frozen channel; a member whose capabilities are not re-read yet does not.
  const frozenForMe = frozen && !capabilities.includes('freeze-channel');
  let block: ComposerBlock | null = null;
  if (!canSend || frozenForMe || banned) {
    if (frozenForMe || (!canSend && frozen)) block = { kind: 'frozen' };
    else if (banned) block = { kind: 'banned', until: until ?? null, reason: news?.reason ?? null };
    else block = { kind: 'noPermission' };
  }
  return {
    block,
    frozen,
    canUpload: capabilities.includes('upload-file'),
    canEditOwn: capabilities.includes('update-own-message'),
    canQuote: capabilities.includes('quote-message'),
    canPoll: capabilities.includes('send-poll') && channel.getConfig()?.polls !== false,
  };
}

const CHANNEL_EVENTS = ['channel.updated', 'member.updated', 'channel.truncated'] as const;

export function useChannelAccess(client: StreamChat, channel: Channel): ChannelAccess {
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  const [news, setNews] = useReducer((_: BanNews | null, next: BanNews | null) => next, null);
  useEffect(() => {
    const me = client.userID;
    const subscriptions = [
      ...CHANNEL_EVENTS.map((type) => channel.on(type, () => refresh())),
      client.on('capabilities.changed', (event) => {
        if (event.cid !== channel.cid) return;
        setNews(null);
        refresh();
      }),
      client.on('user.banned', (event) => {
        if (event.user?.id !== me || (event.cid && event.cid !== channel.cid)) return;
        const { expiration, reason } = event as { expiration?: unknown; reason?: unknown };
        setNews({
          banned: true,
          until: typeof expiration === 'string' ? expiration : null,
          reason: typeof reason === 'string' && reason !== '' ? reason : null,
        });
      }),
      client.on('user.unbanned', (event) => {
        if (event.user?.id !== me || (event.cid && event.cid !== channel.cid)) return;
        setNews({ banned: false, until: null, reason: null });
        // Capabilities read while banned lack send-message: read them again (as the client does on a freeze).
        channel.query({ state: false, messages: { limit: 0 }, watchers: { limit: 0 } }).catch(() => undefined);
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [client, channel]);
  return channelAccessOf(channel, client, news);
}
