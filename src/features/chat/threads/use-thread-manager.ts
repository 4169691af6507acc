/** The client's thread list (stream-chat's `ThreadManager`) as React state, kept current. */
import { useCallback, useSyncExternalStore } from 'react';
import type { StreamChat } from 'stream-chat';

export function useThreadManagerState(client: StreamChat) {
  const manager = client.threads;
  const subscribe = useCallback((notify: () => void) => manager.state.subscribe(notify), [manager]);
  const read = useCallback(() => manager.state.getLatestValue(), [manager]);
  return useSyncExternalStore(subscribe, read);
}
