/**
 * True on a touch screen: the primary pointer is coarse or cannot hover (a phone, a tablet). There
 * a message's actions open only from its own "Message actions" button (a tap on the message is
 * for its contents: a poll's vote, a link), and message-list.css and polls.css follow the same
 * media query.
 */
import { useSyncExternalStore } from 'react';

export const TOUCH_QUERY = '(hover: none), (pointer: coarse)';

// Environments without matchMedia (tests in jsdom) count as a mouse and keyboard.
const matches = () => (typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_QUERY).matches : false);

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(TOUCH_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useTouchScreen(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false);
}
