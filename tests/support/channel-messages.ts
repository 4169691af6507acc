/** The open channel's messages as React state, current with every channel event (small test lists). */
import { useEffect, useState } from 'react';
import { useOpenChannel } from '../../src/features/chat/workspace/chat-workspace-context';

export function useChannelMessages() {
  const { channel } = useOpenChannel();
  const [messages, setMessages] = useState(() => [...channel.state.messages]);
  useEffect(() => {
    const subscription = channel.on(() => setMessages([...channel.state.messages]));
    return () => subscription.unsubscribe();
  }, [channel]);
  return messages;
}
