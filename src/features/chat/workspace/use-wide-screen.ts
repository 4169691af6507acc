/** True at or above the md breakpoint (900 px), where the channel list stands beside the conversation. */
import { useSyncExternalStore } from 'react';

const QUERY = '(min-width: 900px)';

// Environments without matchMedia (tests in jsdom) count as wide.
const matches = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY).matches : true);

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, matches, () => true);
}
