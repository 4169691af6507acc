/**
 * Runs a row menu action for the panel: the call, an error toast with the action's text when it
 * fails, and afterwards focus where the member expects it — on the same channel when it moved to
 * another section, on its neighbour when it left the list (hide, leave) — never lost to the page.
 * Leaving or hiding the open channel goes back to /chat.
 */
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import type { Channel } from 'stream-chat';
import { useToast } from '../../../lib/toasts';
import { actionFailureKey, REMOVING_ACTIONS, runChannelAction, type ChannelAction } from './channel-actions';

/** Cids to give focus to, in order, once the focused row has gone. */
export type FocusRestore = RefObject<string[] | null>;

/** When focus has been lost to the page, gives it to the first of the wanted rows in `root`. */
function restoreFocus(root: HTMLElement | null, restoreRef: FocusRestore): void {
  const wanted = restoreRef.current;
  if (!wanted || !root) return;
  const focused = document.activeElement;
  if (focused && focused !== document.body && focused.isConnected) return;
  for (const cid of wanted) {
    const link = root.querySelector<HTMLElement>(`[data-cid="${cid}"] .cl-row-link`);
    if (link) {
      restoreRef.current = null;
      link.focus();
      return;
    }
  }
}

/** Puts focus back on a row of `root` after a render that took the focused row away. */
export function useFocusRestore(root: RefObject<HTMLElement | null>, restoreRef: FocusRestore): void {
  useLayoutEffect(() => restoreFocus(root.current, restoreRef));
}

export function useRowActions({
  root,
  userId,
  activeCid,
  order,
  restoreRef,
  onRemoved,
}: {
  root: RefObject<HTMLElement | null>;
  userId: string;
  activeCid: string | null;
  /** The cids in the order shown, to find a removed row's neighbour. */
  order: string[];
  restoreRef: FocusRestore;
  onRemoved: (cid: string) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const latest = useRef({ order, activeCid });
  useLayoutEffect(() => {
    latest.current = { order, activeCid };
  });

  return useCallback(
    async (channel: Channel, action: ChannelAction) => {
      const cid = channel.cid;
      const { order: shown } = latest.current;
      const index = shown.indexOf(cid);
      const neighbours = [shown[index + 1], shown[index - 1]].filter((c): c is string => Boolean(c));
      const removing = REMOVING_ACTIONS.has(action);
      // Set before the call: the service's event may move or remove the row before it answers.
      restoreRef.current = removing ? neighbours : [cid, ...neighbours];
      try {
        await runChannelAction(channel, action, userId);
      } catch {
        restoreRef.current = null;
        toast.error(t(actionFailureKey(action)));
        return;
      }
      if (removing) {
        onRemoved(cid);
        if (cid === latest.current.activeCid) void navigate('/chat');
      }
      restoreFocus(root.current, restoreRef);
    },
    [navigate, onRemoved, restoreRef, root, t, toast, userId],
  );
}
