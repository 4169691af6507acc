// @vitest-environment jsdom
/**
 * The channel list (issue #10 item 2) against the REAL chat sandbox with REAL stream-chat clients:
 * ordering by last message and promotion when another member writes, the unread badge in the
 * row's accessible name, pages of 10 with "load more", the debounced search with its Channels and
 * Messages tabs, hide and leave, pin and archive sections, the new direct message picker, and the
 * re-query after a reconnect.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import type { StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
});
afterEach(() => {
  cleanup();
  for (const harness of harnesses.splice(0)) harness.stop();
});
afterAll(() => server.close());

/** A fresh member of their own, so each test sees only its own channels. */
async function newMember(): Promise<{ id: string; client: StreamChat }> {
  const id = `alex-${++serial}`;
  return { id, client: await connectClient(server, id, `Alex ${serial}`) };
}

/** A team channel with `members`, and messages sent in order (the last is the newest). */
async function teamChannel(id: string, name: string, members: string[], texts: [string, string][] = []) {
  const channel = admin.channel('team', id, { name, members, created_by_id: members[0]! });
  await channel.create();
  for (const [user_id, text] of texts) await channel.sendMessage({ text, user_id });
  return channel;
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

async function showList(
  client: StreamChat,
  props: { onFirstChannel?: (cid: string | null) => void } = {},
  reconnecting = false,
) {
  const harness = workspaceFor(client);
  harness.workspace.reconnecting = reconnecting;
  harnesses.push(harness);
  await renderInWorkspace(
    <>
      <ChannelListPanel activeCid={null} {...props} />
      <Location />
    </>,
    harness,
  );
  return harness;
}

/** The text of what describes `element` (aria-describedby). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
const nav = () => screen.getByRole('navigation', { name: 'Your channels' });
const section = (name: string) => within(nav()).getByRole('region', { name });
const rowNames = (name: string) =>
  within(section(name))
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label'));

describe('channel list', () => {
  it('orders channels by last message, promotes one another member writes in, and counts it unread', async () => {
    const me = await newMember();
    const members = [me.id, 'jordan'];
    await teamChannel(`old-${me.id}`, 'Old news', members, [[me.id, 'first']]);
    await teamChannel(`mid-${me.id}`, 'Fixtures', members, [[me.id, 'second']]);
    await teamChannel(`new-${me.id}`, 'Match day', members, [[me.id, 'third']]);
    const first = vi.fn();
    await showList(me.client, { onFirstChannel: first });

    await waitFor(() => expect(rowNames('Channels')).toEqual(['Match day', 'Fixtures', 'Old news']), WAIT);
    expect(first).toHaveBeenCalledExactlyOnceWith(`team:new-${me.id}`);
    // The preview is mine, with its time.
    const matchDay = within(section('Channels')).getByRole('link', { name: 'Match day' });
    expect(description(matchDay)).toBe('You: third');

    await jordan.channel('team', `old-${me.id}`).sendMessage({ text: 'Kick-off moved to 10:30' });
    await waitFor(() => expect(rowNames('Channels')).toEqual(['Old news, 1 unread', 'Match day', 'Fixtures']), WAIT);
    const promoted = within(section('Channels')).getByRole('link', { name: 'Old news, 1 unread' });
    expect(description(promoted)).toBe('Jordan Weber: Kick-off moved to 10:30');
    expect(promoted.closest('li')!.getAttribute('data-unread')).toBe('true');
    expect(promoted.querySelector('.cl-badge')!.textContent).toBe('1');

    await jordan.channel('team', `old-${me.id}`).sendMessage({ text: 'Bring shin pads' });
    await waitFor(() => within(section('Channels')).getByRole('link', { name: 'Old news, 2 unread' }), WAIT);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('shows pages of 10 and loads more while a page was full', async () => {
    const me = await newMember();
    for (let i = 1; i <= 12; i++) {
      await teamChannel(`page-${me.id}-${i}`, `Team ${String(i).padStart(2, '0')}`, [me.id], [[me.id, `hello ${i}`]]);
    }
    await showList(me.client);
    await waitFor(() => expect(rowNames('Channels')).toHaveLength(10), WAIT);
    expect(rowNames('Channels')[0]).toBe('Team 12');
    await userEvent.click(screen.getByRole('button', { name: 'Load more channels' }));
    await waitFor(() => expect(rowNames('Channels')).toHaveLength(12), WAIT);
    expect(rowNames('Channels').slice(-2)).toEqual(['Team 02', 'Team 01']);
    expect(screen.queryByRole('button', { name: 'Load more channels' })).toBeNull();
  });

  it('searches after the typing stops: channels by name and member, and messages that link to themselves', async () => {
    const me = await newMember();
    await teamChannel(`search-a-${me.id}`, 'Harbour Hawks', [me.id, 'jordan'], [['jordan', 'Harbour training moved']]);
    await teamChannel(`search-b-${me.id}`, 'Referees', [me.id], [[me.id, 'Nothing about boats']]);
    await showList(me.client);
    await waitFor(() => expect(rowNames('Channels')).toHaveLength(2), WAIT);
    const searches = vi.spyOn(me.client, 'search');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search channels and messages' }), 'harb');
    const results = await screen.findByRole('region', { name: 'Search results' }, WAIT);
    expect(screen.queryByRole('navigation', { name: 'Your channels' })).toBeNull();
    const channelsTab = within(results).getByRole('tab', { name: 'Channels' });
    expect(channelsTab.getAttribute('aria-selected')).toBe('true');
    await waitFor(
      () =>
        expect(
          within(within(results).getByRole('tabpanel'))
            .getAllByRole('link')
            .map((l) => l.getAttribute('aria-label')),
        ).toEqual(['Harbour Hawks, 1 unread']),
      WAIT,
    );
    // Four keystrokes, one search: the debounce waited for the last one.
    await waitFor(() => expect(searches).toHaveBeenCalledTimes(1), WAIT);
    expect(searches.mock.calls[0]![1]).toEqual({ text: { $autocomplete: 'harb' } });

    // A member's name finds their channels too.
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search channels and messages' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search channels and messages' }), 'jordan');
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('tabpanel')).queryByRole('link', { name: 'Harbour Hawks, 1 unread' }),
        ).not.toBeNull(),
      WAIT,
    );
    expect(within(screen.getByRole('tabpanel')).queryByRole('link', { name: 'Referees' })).toBeNull();

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search channels and messages' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search channels and messages' }), 'training');
    await userEvent.click(screen.getByRole('tab', { name: 'Messages' }));
    const hit = await within(screen.getByRole('tabpanel')).findByRole(
      'link',
      { name: 'Jordan Weber in Harbour Hawks: Harbour training moved' },
      WAIT,
    );
    await userEvent.click(hit);
    const messageId = await lastMessageId(`search-a-${me.id}`);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/chat/team/search-a-${me.id}?message=${messageId}`),
    );

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search channels and messages' }));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Your channels' })).toBeTruthy(), WAIT);
  });

  it('hides a channel from the row menu and leaves one from the keyboard; focus moves to the next row', async () => {
    const me = await newMember();
    await teamChannel(`stay-${me.id}`, 'Stays', [me.id, 'jordan'], [[me.id, 'a']]);
    await teamChannel(`leave-${me.id}`, 'To leave', [me.id, 'jordan'], [[me.id, 'b']]);
    await teamChannel(`hide-${me.id}`, 'To hide', [me.id, 'jordan'], [[me.id, 'c']]);
    await showList(me.client);
    await waitFor(() => expect(rowNames('Channels')).toEqual(['To hide', 'To leave', 'Stays']), WAIT);

    await userEvent.click(screen.getByRole('button', { name: 'Options for To hide' }));
    // The menu's code comes with the first menu.
    const menu = await screen.findByRole('menu', { name: 'Options for To hide' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Pin', 'Archive', 'Mute', 'Mark as read', 'Hide', 'Leave channel']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Hide' }));
    await waitFor(() => expect(rowNames('Channels')).toEqual(['To leave', 'Stays']), WAIT);

    const toLeave = within(section('Channels')).getByRole('link', { name: 'To leave' });
    toLeave.focus();
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    const keyboardMenu = await screen.findByRole('menu', { name: 'Options for To leave' });
    expect(document.activeElement).toBe(within(keyboardMenu).getByRole('menuitem', { name: 'Pin' }));
    await userEvent.keyboard('{End}{Enter}');
    // Leaving is asked first, with Cancel focused; Escape keeps the channel and the focus.
    const confirm = await screen.findByRole('dialog', { name: 'Leave To leave?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toLeave);
    await userEvent.keyboard('{Shift>}{F10}{/Shift}{End}{Enter}{Tab}{Enter}');
    await waitFor(() => expect(rowNames('Channels')).toEqual(['Stays']), WAIT);
    await waitFor(
      () => expect(document.activeElement).toBe(within(section('Channels')).getByRole('link', { name: 'Stays' })),
      WAIT,
    );
    const left = await admin.queryChannels({ cid: `team:leave-${me.id}` }, {}, { state: true });
    expect(left[0]!.state.members[me.id]).toBeUndefined();

    // Escape closes a menu and gives focus back to its opener.
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    expect(screen.getByRole('menu')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(within(section('Channels')).getByRole('link', { name: 'Stays' }));
  });

  it('moves a pinned channel to Pinned and an archived one to the folded Archived section', async () => {
    const me = await newMember();
    await teamChannel(`pin-${me.id}`, 'Captains', [me.id], [[me.id, 'a']]);
    await teamChannel(`arch-${me.id}`, 'Last season', [me.id], [[me.id, 'b']]);
    await teamChannel(`keep-${me.id}`, 'Kit', [me.id], [[me.id, 'c']]);
    await showList(me.client);
    await waitFor(() => expect(rowNames('Channels')).toEqual(['Kit', 'Last season', 'Captains']), WAIT);

    await userEvent.click(screen.getByRole('button', { name: 'Options for Captains' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Pin' }));
    await waitFor(() => expect(rowNames('Pinned')).toEqual(['Captains']), WAIT);
    expect(rowNames('Channels')).toEqual(['Kit', 'Last season']);
    const sections = within(nav())
      .getAllByRole('region')
      .map((r) => within(r).getByRole('heading').textContent.replace(/[▸▾]/gu, ''));
    expect(sections).toEqual(['Pinned', 'Channels', 'Archived']);

    await userEvent.click(screen.getByRole('button', { name: 'Options for Last season' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(rowNames('Channels')).toEqual(['Kit']), WAIT);
    const fold = screen.getByRole('button', { name: 'Archived' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(within(section('Archived')).queryAllByRole('link')).toHaveLength(0);
    await userEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(rowNames('Archived')).toEqual(['Last season']), WAIT);

    await userEvent.click(screen.getByRole('button', { name: 'Options for Last season' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unarchive' }));
    await waitFor(() => expect(rowNames('Channels')).toEqual(['Kit', 'Last season']), WAIT);
    expect(within(section('Archived')).getByText('No archived channels.')).toBeTruthy();
  });

  it('opens a new direct message from the picker, and lists it', async () => {
    const me = await newMember();
    await teamChannel(`dm-seed-${me.id}`, 'League general', [me.id], [[me.id, 'hi']]);
    await showList(me.client);
    await waitFor(() => expect(rowNames('Channels')).toEqual(['League general']), WAIT);

    const open = screen.getByRole('button', { name: 'New direct message' });
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'New direct message' });
    const find = within(dialog).getByRole('searchbox', { name: 'Find league members' });
    expect(document.activeElement).toBe(find);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Start conversation' }).disabled).toBe(true);
    await userEvent.type(find, 'jor');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Jordan Weber' }, WAIT));
    expect(within(dialog).getByRole('list', { name: 'Chosen members' }).textContent).toContain('Jordan Weber');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start conversation' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(document.activeElement).toBe(open);
    // The router moves in a transition, just after the dialog has closed.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/chat\/messaging\/[^/]+$/), WAIT);
    const path = screen.getByTestId('location').textContent;
    const id = decodeURIComponent(path.split('/').pop()!);
    const created = me.client.activeChannels[`messaging:${id}`]!;
    expect(Object.keys(created.state.members).sort()).toEqual(['jordan', me.id].sort());
    await waitFor(() => expect(rowNames('Direct messages')).toEqual(['Jordan Weber']), WAIT);
  });

  it('keeps its content while reconnecting, and lists what arrived meanwhile once recovered', async () => {
    const me = await newMember();
    await teamChannel(`before-${me.id}`, 'Before the drop', [me.id], [[me.id, 'a']]);
    // Shown as the workspace shows it while the link is down: the content stays, marked.
    await showList(me.client, {}, true);
    await waitFor(() => expect(rowNames('Channels')).toEqual(['Before the drop']), WAIT);
    const notice = screen.getByText('Reconnecting… your channels will update when the connection is back.');
    expect(notice.getAttribute('role')).toBe('status');

    const recovered = nextEvent(me.client, 'connection.recovered', 15_000);
    me.client.wsConnection?.ws?.close(4001, 'network dropped');
    // Created while the member is away: its notification is lost with the socket.
    await teamChannel(`during-${me.id}`, 'Made while away', [me.id, 'jordan'], [['jordan', 'hello']]);
    await recovered;
    await waitFor(() => expect(rowNames('Channels')).toEqual(['Made while away, 1 unread', 'Before the drop']), {
      timeout: 15_000,
    });
  }, 30_000);
});

async function lastMessageId(channelId: string): Promise<string> {
  const [channel] = await admin.queryChannels({ cid: `team:${channelId}` }, {}, { state: true });
  return channel!.state.messages.at(-1)!.id;
}
