/**
 * The room the message-action component tests share (tests/integration/message-actions*.test.tsx):
 * the REAL chat sandbox with REAL stream-chat clients, Alice and Bob in one channel, and a small
 * list that renders each message of the open channel with `MessageActions` and `ReactionList`
 * (the real message list is built elsewhere). What one member does, the other's client sees.
 */
import { cleanup, screen, within, type BoundFunctions, type queries } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { Channel, LocalMessage, StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { MessageActions } from '../../src/features/chat/message-actions/MessageActions';
import { ReactionList } from '../../src/features/chat/message-actions/ReactionList';
import { connectClient, nextEvent, startChatServer, type ChatServer } from './chat';
import { useChannelMessages } from './channel-messages';
import { renderInWorkspace, workspaceFor, type WorkspaceHarness } from './chat-ui';

/** The list under test: every message of the open channel (or the given ones) with its actions and reactions. */
function MessagesView({ only }: { only?: LocalMessage[] }) {
  const messages = useChannelMessages();
  return (
    <>
      <ul>
        {(only ?? messages).map((message) => (
          <li key={message.id}>
            <article data-part="message" tabIndex={0} aria-label={`${message.user?.name}: ${message.text}`}>
              <p>{message.text}</p>
              <MessageActions message={message} />
              <ReactionList message={message} />
            </article>
          </li>
        ))}
      </ul>
      <textarea data-part="composer-input" aria-label="Message" />
    </>
  );
}

export interface ActionsRoom {
  server: ChatServer;
  alice: StreamChat;
  bob: StreamChat;
  aliceRoom: Channel;
  bobRoom: Channel;
}

/** Starts the sandbox and the room before the file's tests; cleans up after each and at the end. */
export function messageActionsRoom() {
  const room = {} as ActionsRoom;
  const harnesses: WorkspaceHarness[] = [];
  beforeAll(async () => {
    room.server = await startChatServer();
    room.alice = await connectClient(room.server, 'alice', 'Alice Adams');
    room.bob = await connectClient(room.server, 'bob', 'Bob Brown');
    room.aliceRoom = room.alice.channel('messaging', 'actions', { members: ['alice', 'bob'] });
    await room.aliceRoom.watch();
    room.bobRoom = room.bob.channel('messaging', 'actions');
    await room.bobRoom.watch();
  });
  afterEach(() => {
    cleanup();
    for (const harness of harnesses.splice(0)) harness.stop();
  });
  afterAll(() => room.server.close());

  /** Renders the list for `client` in `channel`. */
  async function show(client: StreamChat, channel: Channel, only?: LocalMessage[]) {
    const harness = workspaceFor(client, channel);
    harnesses.push(harness);
    const view = await renderInWorkspace(<MessagesView only={only} />, harness);
    return { harness, view: within(view.container) };
  }
  return { room, show };
}

/** Sends a message as `channel`'s member and waits until `others` have it. */
export async function post(channel: Channel, text: string, ...others: Channel[]): Promise<string> {
  const waits = others.map((other) =>
    nextEvent(other.getClient(), 'message.new', 3000, (e) => e.message?.text === text),
  );
  const { message } = await channel.sendMessage({ text });
  await Promise.all(waits);
  return message.id;
}

export type View = BoundFunctions<typeof queries>;

export function articleOf(view: View, text: string): HTMLElement {
  return view.getByRole('article', { name: new RegExp(`: ${text}$`) });
}

export async function openMore(user: ReturnType<typeof userEvent.setup>, article: HTMLElement) {
  await user.click(within(article).getByRole('button', { name: 'More actions' }));
  return screen.getByRole('menu', { name: 'More actions' });
}

export const menuItemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
