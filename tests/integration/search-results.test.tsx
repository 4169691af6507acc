// @vitest-environment jsdom
/**
 * The channel list's search results (issue #27 item 7) against the REAL chat sandbox with REAL
 * stream-chat clients: a text that names no channel but is in messages opens on the Messages tab,
 * with the words found in <mark> elements built from text (accents aside, as the search); channel
 * names mark the words too; the counts are announced; the tabs stay a tablist worked by arrow keys,
 * and a tab the member picks stays until the search is closed.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChannelListPanel } from '../../src/features/chat/channel-list/ChannelListPanel';
import { connectClient, serverClient, startChatServer, type ChatServer } from '../support/chat';
import { renderInWorkspace, workspaceFor, type WorkspaceHarness } from '../support/chat-ui';

const WAIT = { timeout: 10_000 };

let server: ChatServer;
let admin: StreamChat;
let serial = 0;
const harnesses: WorkspaceHarness[] = [];

beforeAll(async () => {
  server = await startChatServer();
  admin = serverClient(server);
  await connectClient(server, 'jordan', 'Jordan Weber');
});
afterEach(() => {
  cleanup();
  for (const harness of harnesses.splice(0)) harness.stop();
});
afterAll(() => server.close());

/** A member of their own with two team channels and Jordan's messages in them. */
async function memberWithMessages(): Promise<StreamChat> {
  const id = `searcher-${++serial}`;
  const client = await connectClient(server, id, `Searcher ${serial}`);
  const channels: [string, string, string[]][] = [
    ['Harbour Hawks', 'hawks', ['Bring the orange <b>bibs</b> on Sunday', 'José has the BIBS and the cones']],
    ['Referees', 'refs', ['Whistles are in the kit bag', 'Bibs for referees are yellow']],
  ];
  for (const [name, key, texts] of channels) {
    const channel = admin.channel('team', `${key}-${id}`, { name, members: [id, 'jordan'], created_by_id: id });
    await channel.create();
    for (const text of texts) await channel.sendMessage({ text, user_id: 'jordan' });
  }
  const harness = workspaceFor(client);
  harnesses.push(harness);
  await renderInWorkspace(<ChannelListPanel activeCid={null} />, harness);
  await waitFor(() => expect(screen.getAllByRole('link', { name: /Harbour Hawks|Referees/ })).toHaveLength(2), WAIT);
  return client;
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search channels and messages' });
const results = () => screen.getByRole('region', { name: 'Search results' });
const tab = (name: 'Channels' | 'Messages') => within(results()).getByRole('tab', { name });
/** The one tab panel shown (the other is hidden). */
const panel = () => within(results()).getByRole('tabpanel');
const marks = (element: HTMLElement) => [...element.querySelectorAll('mark')].map((mark) => mark.textContent);
const status = () => within(results()).getByRole('status');

describe('search results', () => {
  it('shows the messages, words marked, when no channel matches, and announces the counts', async () => {
    await memberWithMessages();
    const user = userEvent.setup();
    await user.type(searchBox(), 'bibs');

    await waitFor(() => expect(tab('Messages').getAttribute('aria-selected')).toBe('true'), WAIT);
    expect(tab('Channels').getAttribute('aria-selected')).toBe('false');
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Messages').id);
    expect(tab('Messages').getAttribute('aria-controls')).toBe(panel().id);
    const hits = within(panel()).getAllByRole('link');
    expect(hits.map((hit) => hit.getAttribute('aria-label'))).toEqual([
      'Jordan Weber in Referees: Bibs for referees are yellow',
      'Jordan Weber in Harbour Hawks: José has the BIBS and the cones',
      'Jordan Weber in Harbour Hawks: Bring the orange <b>bibs</b> on Sunday',
    ]);
    expect(hits.map(marks)).toEqual([['Bibs'], ['BIBS'], ['bibs']]);
    // The message's markup is text: the only element inside the text is our mark.
    const text = hits[2]!.querySelector('.cl-message-text')!;
    expect(text.textContent).toBe('Bring the orange <b>bibs</b> on Sunday');
    expect(text.querySelector('b')).toBeNull();
    expect([...text.children].map((child) => child.tagName)).toEqual(['MARK']);

    await waitFor(() => expect(status().textContent).toBe('Found 0 channels and 3 messages.'), WAIT);
    expect(status().getAttribute('role')).toBe('status');
    expect(tab('Channels').textContent).toBe('Channels0');
    expect(tab('Messages').textContent).toBe('Messages3');
  });

  it('marks words with accents aside, as the search finds them, and marks channel names', async () => {
    await memberWithMessages();
    const user = userEvent.setup();
    await user.type(searchBox(), 'jose');
    await waitFor(() => expect(within(panel()).queryAllByRole('link')).toHaveLength(1), WAIT);
    expect(marks(within(panel()).getByRole('link'))).toEqual(['José']);

    await user.clear(searchBox());
    await user.type(searchBox(), 'harb');
    // A channel matches: the Channels tab, its name marked where the text starts a word.
    await waitFor(() => expect(within(panel()).queryAllByRole('link')).toHaveLength(1), WAIT);
    expect(tab('Channels').getAttribute('aria-selected')).toBe('true');
    const row = within(panel()).getByRole('link');
    expect(row.getAttribute('aria-label')).toBe('Harbour Hawks, 2 unread');
    expect(marks(row)).toEqual(['Harb']);
    await waitFor(() => expect(status().textContent).toBe('Found 1 channel and 0 messages.'), WAIT);
  });

  it('keeps the tabs a tablist: arrows, Home and End move and select, a picked tab stays until the search closes', async () => {
    await memberWithMessages();
    const user = userEvent.setup();
    await user.type(searchBox(), 'whistles');
    await waitFor(() => expect(tab('Messages').getAttribute('aria-selected')).toBe('true'), WAIT);
    // One tab stop: the selected tab.
    expect(tab('Messages').tabIndex).toBe(0);
    expect(tab('Channels').tabIndex).toBe(-1);

    await user.tab();
    expect(document.activeElement).toBe(tab('Messages'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Channels'));
    expect(tab('Channels').getAttribute('aria-selected')).toBe('true');
    expect(within(panel()).getByText('No channels match “whistles”.')).toBeTruthy();
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Messages'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Channels'));

    // The member picked Channels: typing on keeps it, though only messages match.
    await user.type(searchBox(), ' kit');
    await waitFor(() => expect(status().textContent).toBe('Found 0 channels and 1 message.'), WAIT);
    expect(tab('Channels').getAttribute('aria-selected')).toBe('true');

    // Closed and opened again: the results decide again.
    await user.clear(searchBox());
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Your channels' })).toBeTruthy(), WAIT);
    await user.type(searchBox(), 'whistles');
    await waitFor(() => expect(tab('Messages').getAttribute('aria-selected')).toBe('true'), WAIT);
  });
});
