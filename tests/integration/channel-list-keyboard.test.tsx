// @vitest-environment jsdom
/**
 * The channel list's keys and markers (issue #10 items 2 and 6) against the REAL chat sandbox:
 * Alt+↓/↑ and Alt+Shift+↓ move through the channels by address, Ctrl+K opens the switcher, which
 * is usable by keyboard alone and gives focus back; muted channels show a dot instead of a count,
 * frozen ones a marker, and a truncation empties the preview.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams } from 'react-router-dom';
import type { StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChannelListPanel } from '../../src/features/chat/channel-list/ChannelListPanel';
import { connectClient, nextEvent, serverClient, startChatServer, type ChatServer } from '../support/chat';
import { renderInWorkspace, workspaceFor, type WorkspaceHarness } from '../support/chat-ui';

const WAIT = { timeout: 10_000 };

let server: ChatServer;
let admin: StreamChat;
let jordan: StreamChat;
let serial = 0;
const harnesses: WorkspaceHarness[] = [];

beforeAll(async () => {
  server = await startChatServer();
  admin = serverClient(server);
  jordan = await connectClient(server, 'jordan', 'Jordan Weber');
  await connectClient(server, 'sam', 'Sam Okafor');
});
afterEach(() => {
  cleanup();
  for (const harness of harnesses.splice(0)) harness.stop();
});
afterAll(() => server.close());

async function newMember() {
  const id = `casey-${++serial}`;
  return { id, client: await connectClient(server, id, `Casey ${serial}`) };
}

async function teamChannel(id: string, name: string, members: string[], texts: [string, string][]) {
  const channel = admin.channel('team', id, { name, members, created_by_id: members[0]! });
  await channel.create();
  for (const [user_id, text] of texts) await channel.sendMessage({ text, user_id });
  return channel;
}

/** The panel as the workspace mounts it: the open channel comes from the address. */
function Workspace() {
  const { channelType, channelId } = useParams();
  const location = useLocation();
  return (
    <>
      <ChannelListPanel activeCid={channelType && channelId ? `${channelType}:${channelId}` : null} />
      <output data-testid="location">{location.pathname}</output>
      <textarea aria-label="Message" />
    </>
  );
}

async function show(client: StreamChat) {
  const harness = workspaceFor(client);
  harnesses.push(harness);
  await renderInWorkspace(<Workspace />, harness, { route: '/chat/:channelType?/:channelId?' });
}

/** The switcher's options as read aloud (the avatar's initials are hidden). */
const optionNames = () =>
  within(screen.getByRole('dialog'))
    .getAllByRole('option')
    .map((o) => o.querySelector('.cl-switcher-label')!.textContent);
const location = () => screen.getByTestId('location').textContent;
/** The channels' links (the "Threads" link above them is not a channel). */
const channelLinks = () =>
  within(screen.getByRole('navigation', { name: 'Your channels' }))
    .getAllByRole('link')
    .filter((link) => link.closest('[data-cid]'));
const rows = () => channelLinks().map((link) => link.getAttribute('aria-label'));

describe('channel list keys', () => {
  it('moves to the next, previous and next unread channel with Alt+arrows', async () => {
    const me = await newMember();
    await teamChannel(`c-${me.id}`, 'Charlie', [me.id, 'jordan'], [[me.id, 'c']]);
    await teamChannel(`b-${me.id}`, 'Bravo', [me.id, 'jordan'], [['jordan', 'b']]);
    await teamChannel(`a-${me.id}`, 'Alpha', [me.id, 'jordan'], [[me.id, 'a']]);
    await show(me.client);
    await waitFor(() => expect(rows()).toEqual(['Alpha', 'Bravo, 1 unread', 'Charlie']), WAIT);
    const composer = screen.getByRole('textbox', { name: 'Message' });
    composer.focus();

    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(location()).toBe(`/chat/team/a-${me.id}`));
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(location()).toBe(`/chat/team/b-${me.id}`));
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(location()).toBe(`/chat/team/c-${me.id}`));
    // At the end it stays; Alt+↑ goes back.
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(location()).toBe(`/chat/team/c-${me.id}`));
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(location()).toBe(`/chat/team/b-${me.id}`));
    // The next unread channel, wrapping round: only Bravo is unread, so from Charlie it is Bravo.
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(location()).toBe(`/chat/team/c-${me.id}`));
    await userEvent.keyboard('{Alt>}{Shift>}{ArrowDown}{/Shift}{/Alt}');
    await waitFor(() => expect(location()).toBe(`/chat/team/b-${me.id}`));
    // The keys leave focus where it was.
    expect(document.activeElement).toBe(composer);

    // In the list, focus follows the channel.
    within(screen.getByRole('navigation', { name: 'Your channels' }))
      .getByRole('link', { name: 'Bravo, 1 unread' })
      .focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(location()).toBe(`/chat/team/a-${me.id}`));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Alpha');
  });

  it('opens the switcher with Ctrl+K: fuzzy search by keyboard, Enter opens, Escape gives focus back', async () => {
    const me = await newMember();
    await teamChannel(`fx-${me.id}`, 'Fixtures', [me.id, 'jordan'], [[me.id, 'x']]);
    await teamChannel(`md-${me.id}`, 'Match day', [me.id, 'jordan', 'sam'], [[me.id, 'y']]);
    await show(me.client);
    await waitFor(() => expect(rows()).toEqual(['Match day', 'Fixtures']), WAIT);
    const composer = screen.getByRole('textbox', { name: 'Message' });
    composer.focus();

    await userEvent.keyboard('{Control>}k{/Control}');
    // The switcher's code comes on first use.
    const dialog = await screen.findByRole('dialog', { name: 'Switch channel' });
    const input = within(dialog).getByRole('combobox', { name: 'Find a channel or member' });
    expect(document.activeElement).toBe(input);
    // Nothing typed: the recent channels, the first one active.
    expect(optionNames()).toEqual(['Match day', 'Fixtures']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(composer);

    await userEvent.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Switch channel' });
    await userEvent.keyboard('fxt');
    const options = () => within(screen.getByRole('dialog')).getAllByRole('option');
    expect(optionNames()[0]).toBe('Fixtures');
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('combobox').getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe(`/chat/team/fx-${me.id}`));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(composer);

    // A member: Sam has no direct conversation with me yet; choosing him opens a new one.
    await userEvent.keyboard('{Control>}k{/Control}');
    await userEvent.keyboard('sam ok');
    await waitFor(() => expect(optionNames()).toContain('Direct message with Sam Okafor'), WAIT);
    const index = optionNames().indexOf('Direct message with Sam Okafor');
    for (let i = 0; i < index; i++) await userEvent.keyboard('{ArrowDown}');
    expect(options()[index]!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location()).toMatch(/^\/chat\/messaging\//), WAIT);
    await waitFor(() => expect(rows()).toContain('Sam Okafor'), WAIT);
  });

  it('finds channels that are not loaded yet through the service', async () => {
    const me = await newMember();
    await teamChannel(`far-${me.id}`, 'Groundskeepers', [me.id], [[me.id, 'oldest']]);
    const direct = admin.channel('messaging', `dm-${me.id}`, { members: [me.id, 'jordan'], created_by_id: me.id });
    await direct.create();
    await direct.sendMessage({ text: 'old news', user_id: 'jordan' });
    for (let i = 0; i < 10; i++)
      await teamChannel(`near-${me.id}-${i}`, `Squad ${i}`, [me.id, 'jordan'], [[me.id, 'n']]);
    await show(me.client);
    await waitFor(() => expect(rows()).toHaveLength(10), WAIT);
    expect(rows()).not.toContain('Groundskeepers');
    expect(rows()).not.toContain('Jordan Weber, 1 unread');

    // Jordan is a member of the loaded channels; the direct conversation the service finds stands
    // for him, so there is no second "direct message with" option.
    await userEvent.keyboard('{Control>}k{/Control}');
    await userEvent.keyboard('jordan');
    await waitFor(() => expect(optionNames()[0]).toBe('Jordan Weber'), WAIT);
    expect(optionNames()).not.toContain('Direct message with Jordan Weber');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe(`/chat/messaging/dm-${me.id}`));

    await userEvent.keyboard('{Control>}k{/Control}');
    await userEvent.keyboard('grounds');
    const option = await within(screen.getByRole('dialog')).findByRole('option', { name: 'Groundskeepers' }, WAIT);
    await userEvent.click(option);
    await waitFor(() => expect(location()).toBe(`/chat/team/far-${me.id}`));
  });
});

describe('channel list markers', () => {
  it('shows a dot, not a count, for a muted channel, a frozen marker, and an emptied preview after truncation', async () => {
    const me = await newMember();
    const channel = await teamChannel(`mute-${me.id}`, 'Banter', [me.id, 'jordan'], [[me.id, 'hello']]);
    await show(me.client);
    await waitFor(() => expect(rows()).toEqual(['Banter']), WAIT);

    await userEvent.click(screen.getByRole('button', { name: 'Options for Banter' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mute' }));
    const link = () => channelLinks()[0]!;
    await waitFor(() => expect(link().querySelector('[title="Muted"]')).not.toBeNull(), WAIT);
    const description = () => document.getElementById(link().getAttribute('aria-describedby')!)!.textContent;
    expect(description()).toBe('You: hello. Muted');

    await jordan.channel('team', `mute-${me.id}`).sendMessage({ text: 'Did you see that tackle?' });
    await waitFor(() => expect(link().getAttribute('aria-label')).toBe('Banter, new messages'), WAIT);
    expect(link().querySelector('.cl-dot')).not.toBeNull();
    expect(link().querySelector('.cl-badge')).toBeNull();

    const frozen = nextEvent(me.client, 'channel.updated');
    await act(async () => {
      await channel.updatePartial({ set: { frozen: true } });
      await frozen;
    });
    await waitFor(() => expect(description()).toBe('Jordan Weber: Did you see that tackle?. Muted, Frozen'), WAIT);

    const truncated = nextEvent(me.client, 'channel.truncated');
    await act(async () => {
      await channel.truncate();
      await truncated;
    });
    await waitFor(() => expect(description()).toBe('No messages yet. Muted, Frozen'), WAIT);

    await userEvent.click(screen.getByRole('button', { name: 'Options for Banter' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unmute' }));
    await waitFor(() => expect(link().querySelector('[title="Muted"]')).toBeNull(), WAIT);
  });

  it('offers only what the channel allows, and says so when an action fails', async () => {
    const me = await newMember();
    await teamChannel(`caps-${me.id}`, 'Board', [me.id], [[me.id, 'agenda']]);
    await show(me.client);
    await waitFor(() => expect(rows()).toEqual(['Board']), WAIT);
    const channel = me.client.activeChannels[`team:caps-${me.id}`]!;
    // The service took the member's capabilities away (as for a frozen or restricted channel).
    channel.data = { ...channel.data, own_capabilities: ['read-events'] };
    await userEvent.click(screen.getByRole('button', { name: 'Options for Board' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Pin', 'Archive', 'Mark as read', 'Hide']);
    await userEvent.keyboard('{Escape}');

    // With the connection gone, pinning fails: the member is told in a toast.
    await me.client.disconnectUser();
    await userEvent.click(screen.getByRole('button', { name: 'Options for Board' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Pin' }));
    expect(await screen.findByText('The channel could not be pinned. Please try again.', {}, WAIT)).toBeTruthy();
  });
});
