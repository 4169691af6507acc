/**
 * Component-test helpers for the message list: the list rendered inside the workspace harness
 * with a known viewport (react-virtuoso measures nothing in jsdom; `VirtuosoMockContext` gives it
 * a viewport and item height), and readers for what it shows.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { Channel, StreamChat } from 'stream-chat';
import { MessageList } from '../../src/features/chat/message-list/MessageList';
import { ChatWorkspaceContext, type ChatWorkspace } from '../../src/features/chat/workspace/chat-workspace-context';
import { renderInWorkspace, workspaceFor, type WorkspaceHarness } from './chat-ui';

/** jsdom has no scrolling methods; react-virtuoso calls them when it keeps the place after a prepend. */
export function installScrollShims(): void {
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.scrollBy ??= function scrollBy(this: Element, options?: ScrollToOptions) {
    this.scrollTop += options?.top ?? 0;
  };
  proto.scrollTo ??= function scrollTo(this: Element, options?: ScrollToOptions) {
    this.scrollTop = options?.top ?? this.scrollTop;
  };
}

export interface OpenedList {
  channel: Channel;
  harness: WorkspaceHarness;
  /** Sets the workspace's `reconnecting` flag, as the page does while the connection is down. */
  setReconnecting(value: boolean): void;
  close(): void;
}

function Reconnecting({
  workspace,
  control,
  children,
}: {
  workspace: ChatWorkspace;
  control: { set?: (value: boolean) => void };
  children: ReactNode;
}) {
  const [reconnecting, setReconnecting] = useState(false);
  control.set = setReconnecting;
  return (
    <ChatWorkspaceContext.Provider value={{ ...workspace, reconnecting }}>{children}</ChatWorkspaceContext.Provider>
  );
}

/**
 * Watches `cid` as `client`'s user and renders its message list (30 items of 50 px fit).
 * `asWatched`: the channel is taken as the client holds it, as the app opens a channel it watches.
 */
export async function openList(
  client: StreamChat,
  cid: string,
  {
    targetMessageId = null,
    viewportHeight = 1500,
    asWatched = false,
  }: { targetMessageId?: string | null; viewportHeight?: number; asWatched?: boolean } = {},
): Promise<OpenedList> {
  const [channel] = asWatched
    ? [client.activeChannels[cid]]
    : await client.queryChannels({ cid }, {}, { watch: true, state: true, presence: true });
  if (!channel) throw new Error(`${cid} not found`);
  const harness = workspaceFor(client, channel);
  const open = { ...harness.open!, targetMessageId };
  harness.open = open;
  const control: { set?: (value: boolean) => void } = {};
  await renderInWorkspace(
    <Reconnecting workspace={harness.workspace} control={control}>
      <VirtuosoMockContext.Provider value={{ viewportHeight, itemHeight: 50 }}>
        <MessageList />
      </VirtuosoMockContext.Provider>
    </Reconnecting>,
    harness,
  );
  return {
    channel,
    harness,
    setReconnecting: (value) => act(() => control.set?.(value)),
    close() {
      cleanup();
      harness.stop();
    },
  };
}

export const list = () => document.querySelector<HTMLElement>('[data-part="message-list"]')!;

/** A message's own text: the article's text nodes with its links and mentions (no header, no extras). */
export function textOf(article: HTMLElement): string {
  return [...article.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE || (node as Element).matches('a, .chat-mention'))
    .map((node) => node.textContent)
    .join('');
}

/** The text of every rendered message, in order. */
export function messageTexts(): string[] {
  return screen.queryAllByRole('article').map(textOf);
}

/** The rendered message whose text is `text`. */
export function articleWith(text: string): HTMLElement {
  const found = screen.queryAllByRole('article').find((a) => textOf(a) === text);
  if (!found) throw new Error(`no message "${text}" among: ${messageTexts().join(' | ')}`);
  return found;
}

/** The row (separators + message) holding the message `text`: the article alone when no separator precedes it. */
export const rowWith = (text: string) => {
  const article = articleWith(text);
  return article.closest<HTMLElement>('.chat-row') ?? article;
};

export const separatorsIn = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('separator')
    .map((s) => s.textContent);
