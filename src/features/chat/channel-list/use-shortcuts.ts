/**
 * The chat's global keys (chat-ui.md §8), owned by the always-mounted channel list: Ctrl/Cmd+K
 * opens the switcher; Alt+↑/↓ go to the previous/next channel and Alt+Shift+↑/↓ to the
 * previous/next unread one (wrapping around), in the list's order. Ignored while a dialog of the
 * list is open or another handler has taken the key.
 */
import { useEffect, useRef } from 'react';

export interface ShortcutTargets {
  /** The channels' cids in the order shown. */
  order: string[];
  /** Which of them have something unread. */
  isUnread: (cid: string) => boolean;
  activeCid: string | null;
  blocked: boolean;
  onSwitcher: () => void;
  /** Ctrl or Cmd went down alone: the switcher's code may be fetched ahead of the K. */
  onPrepare?: () => void;
  onGo: (cid: string) => void;
}

/** The cid Alt(+Shift)+↑/↓ leads to from `activeCid`, or null to stay. */
export function stepTo(
  targets: Pick<ShortcutTargets, 'order' | 'isUnread' | 'activeCid'>,
  down: boolean,
  unread: boolean,
) {
  const { order, activeCid } = targets;
  if (order.length === 0) return null;
  const from = activeCid ? order.indexOf(activeCid) : -1;
  const step = down ? 1 : -1;
  if (!unread) {
    const next = from < 0 ? (down ? 0 : order.length - 1) : from + step;
    return next >= 0 && next < order.length && order[next] !== activeCid ? order[next]! : null;
  }
  for (let i = 1; i <= order.length; i++) {
    const index = ((((from < 0 ? (down ? -1 : 0) : from) + step * i) % order.length) + order.length) % order.length;
    const cid = order[index]!;
    if (cid !== activeCid && targets.isUnread(cid)) return cid;
  }
  return null;
}

export function useChannelShortcuts(targets: ShortcutTargets): void {
  const latest = useRef(targets);
  // Where the last step went, until the address says so (the router updates in a transition),
  // so quick repeated steps keep moving.
  const heading = useRef<{ from: string | null; to: string } | null>(null);
  useEffect(() => {
    latest.current = targets;
    if (heading.current && targets.activeCid !== heading.current.from) heading.current = null;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const current = { ...latest.current, activeCid: heading.current?.to ?? latest.current.activeCid };
      if (event.defaultPrevented || current.blocked) return;
      if (event.key === 'Control' || event.key === 'Meta') {
        current.onPrepare?.();
        return;
      }
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        current.onSwitcher();
        return;
      }
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      const cid = stepTo(current, event.key === 'ArrowDown', event.shiftKey);
      if (!cid) return;
      heading.current = { from: latest.current.activeCid, to: cid };
      current.onGo(cid);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
