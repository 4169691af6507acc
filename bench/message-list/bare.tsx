/**
 * The baseline of bench/message-list.ts: the least a page can do to show a channel's messages.
 * Same origin as the app, so it signs in with the same session: it gets the chat token from
 * `GET /api/auth/me`, connects with `stream-chat` as the app does, opens the channel with the
 * app's own query (watch, state, presence, the service's first page), and renders each message's
 * text in a plain react-virtuoso list, newest at the bottom. It loads older pages of the same size
 * as the app when the top is reached, and appends new messages as they arrive.
 *
 * Query: `cid` (type:id), `key` (the chat API key), `page` (messages per older page), `w` and `h`
 * (the list's size in px, to match our list's).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Virtuoso } from 'react-virtuoso';
import { StreamChat, type Channel, type LocalMessage } from 'stream-chat';

const params = new URLSearchParams(location.search);
const cid = params.get('cid') ?? '';
const apiKey = params.get('key') ?? 'sideline-local';
const pageSize = Number(params.get('page') ?? 25);
const size = { width: Number(params.get('w') ?? 800), height: Number(params.get('h') ?? 600) };
/** Virtuoso's index of the first loaded message: room below for older pages. */
const START_INDEX = 1_000_000;

function BareList({ channel }: { channel: Channel }) {
  const [messages, setMessages] = useState<LocalMessage[]>(() => [...channel.state.messages]);
  const [firstItemIndex, setFirstItemIndex] = useState(START_INDEX - messages.length);
  const loading = useRef(false);
  const exhausted = useRef(false);

  useEffect(() => {
    const subscription = channel.on('message.new', () => setMessages([...channel.state.messages]));
    return () => subscription.unsubscribe();
  }, [channel]);

  const loadOlder = useCallback(async () => {
    const oldest = channel.state.messages[0];
    if (loading.current || exhausted.current || !oldest) return;
    loading.current = true;
    try {
      const before = channel.state.messages.length;
      await channel.query({ messages: { limit: pageSize, id_lt: oldest.id } });
      const added = channel.state.messages.length - before;
      if (added < pageSize) exhausted.current = true;
      setFirstItemIndex((index) => index - added);
      setMessages([...channel.state.messages]);
    } finally {
      loading.current = false;
    }
  }, [channel]);

  return (
    <Virtuoso
      style={size}
      data={messages}
      firstItemIndex={firstItemIndex}
      initialTopMostItemIndex={messages.length - 1}
      startReached={() => void loadOlder()}
      followOutput="auto"
      computeItemKey={(_, message) => message.id}
      itemContent={(_, message) => <div className="bare-message">{message.text}</div>}
    />
  );
}

async function start(): Promise<void> {
  const response = await fetch('/api/auth/me', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET /api/auth/me answered ${response.status}`);
  const me = (await response.json()) as { id: number; name: string; token: string };
  const client = new StreamChat(apiKey, { baseURL: `${location.origin}/chat`, enableWSFallback: true });
  await client.connectUser({ id: String(me.id), name: me.name }, me.token);
  const [channel] = await client.queryChannels(
    { cid, members: { $in: [client.userID!] } },
    {},
    { watch: true, state: true, presence: true, limit: 1 },
  );
  if (!channel) throw new Error(`the member is not in ${cid}`);
  createRoot(document.getElementById('root')!).render(<BareList channel={channel} />);
}

start().catch((error: unknown) => {
  document.body.dataset.failed = 'true';
  document.body.textContent = `The bare list failed: ${error instanceof Error ? error.message : String(error)}`;
});
