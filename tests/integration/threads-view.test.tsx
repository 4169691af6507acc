// @vitest-environment jsdom
/**
 * The member's threads (`/chat/threads`, issue #13 item 1) against the REAL chat sandbox with REAL
 * stream-chat clients: what to do when there are none, each thread with its channel, parent, latest
 * reply and unread count, the "new threads" prompt when one they take part in starts elsewhere,
 * and the channel list's "Threads" link counting threads with unread replies.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ThreadsLink } from '../../src/features/chat/threads/ThreadsLink';
import ThreadsView from '../../src/features/chat/threads/ThreadsView';
import { connectClient, startChatServer, type ChatServer } from '../support/chat';
import { renderInWorkspace, workspaceFor, type WorkspaceHarness } from '../support/chat-ui';

const WAIT = { timeout: 5000 };
let server: ChatServer;
let bob: StreamChat;
const harnesses: WorkspaceHarness[] = [];
const clients: StreamChat[] = [];

beforeAll(async () => {
  server = await startChatServer();
  bob = await connectClient(server, 'bob', 'Bob Brown');
});
afterEach(async () => {
  cleanup();
  for (const harness of harnesses.splice(0)) harness.stop();
  for (const client of clients.splice(0)) await client.disconnectUser();
});
afterAll(() => server.close());

/** A member with their own client, its thread list subscribed as the workspace does. */
async function member(id: string, name: string): Promise<StreamChat> {
  const client = await connectClient(server, id, name);
  client.threads.registerSubscriptions();
  clients.push(client);
  return client;
}

async function show(client: StreamChat) {
  const harness = workspaceFor(client);
  harnesses.push(harness);
  await renderInWorkspace(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 80 }}>
      <ThreadsLink client={client} active onChosen={() => undefined} />
      <ThreadsView onOpenPanel={null} />
    </VirtuosoMockContext.Provider>,
    harness,
  );
  return screen.getByRole('region', { name: 'Threads' });
}

describe('my threads', () => {
  it('says how threads start when there are none', async () => {
    const carol = await member('carol', 'Carol Cole');
    const view = await show(carol);
    expect(await within(view).findByText(/No threads yet/, undefined, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Threads' })).toBeTruthy();
  });

  it('lists my threads with their channel, latest reply and unread count, and counts them on the link', async () => {
    const dana = await member('dana', 'Dana Diaz');
    const mine = dana.channel('messaging', 'threads-list', { name: 'Kit room', members: ['dana', 'bob'] });
    await mine.watch();
    const bobs = bob.channel('messaging', 'threads-list');
    await bobs.watch();
    const parent = (await mine.sendMessage({ text: 'Who washes the bibs?' })).message;
    await bobs.sendMessage({ text: 'Me this week', parent_id: parent.id });
    await bobs.sendMessage({ text: 'And next week', parent_id: parent.id });

    const view = await show(dana);
    const item = await within(view).findByRole('link', { name: /Who washes the bibs/ }, WAIT);
    expect(item.getAttribute('href')).toBe(`/chat/messaging/threads-list/thread/${parent.id}`);
    expect(item.textContent).toContain('Kit room');
    expect(item.textContent).toContain('Bob Brown: And next week');
    expect(item.getAttribute('data-unread')).toBe('2');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Threads, 1 unread' })).toBeTruthy(), WAIT);

    // A thread I take part in starts elsewhere: offered, then shown on request.
    const second = (await mine.sendMessage({ text: 'Pitch booked for Tuesday?' })).message;
    await act(async () => {
      await bobs.sendMessage({ text: 'Booked', parent_id: second.id });
    });
    const prompt = await within(view).findByRole('button', { name: '1 new thread — show' }, WAIT);
    await userEvent.setup().click(prompt);
    await within(view).findByRole('link', { name: /Pitch booked for Tuesday/ }, WAIT);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Threads, 2 unread' })).toBeTruthy(), WAIT);
  });
});
