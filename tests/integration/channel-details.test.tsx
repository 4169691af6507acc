// @vitest-environment jsdom
/**
 * The channel details panel (issue #13 item 7) against the REAL chat sandbox with REAL stream-chat
 * clients. What each member is offered follows the channel's own_capabilities as the sandbox's
 * permission table gives them: a plain member sees the channel and its members, may mute and
 * leave, and the service refuses them the rest; the channel's creator edits it and manages its
 * members; a channel moderator also changes roles, bans (reason and duration), shadow bans.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel, StreamChat } from 'stream-chat';
import { beforeAll, describe, expect, it } from 'vitest';
import ChannelDetailsPanel from '../../src/features/chat/channel-details/ChannelDetailsPanel';
import { connectClient, serverClient } from '../support/chat';
import { renderInWorkspace, workspaceFor } from '../support/chat-ui';
import { twoMembers } from '../support/two-members';

const WAIT = { timeout: 5000 };
const chat = twoMembers();
let carol: StreamChat;

beforeAll(async () => {
  carol = await connectClient(chat.server, 'carol', 'Carol Cruz');
});

const panel = () => screen.getByRole('complementary', { name: 'Channel details' });
const row = (name: string) =>
  within(panel())
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name))!;
const menuOf = async (name: string) => {
  await userEvent.click(within(row(name)).getByRole('button', { name: `Actions for ${name}` }));
  return screen.getByRole('menu', { name: `Actions for ${name}` });
};
const menuItems = async (name: string) => {
  const menu = await menuOf(name);
  const labels = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  await userEvent.keyboard('{Escape}');
  return labels;
};
const choose = async (name: string, action: string) =>
  userEvent.click(within(await menuOf(name)).getByRole('menuitem', { name: action }));

/** Renders the panel for `client` in `channel` (Alice's through the shared harness). */
async function renderPanel(client: StreamChat, channel: Channel) {
  const harness = client === chat.alice ? chat.workspace(channel) : workspaceFor(client, channel);
  await renderInWorkspace(<ChannelDetailsPanel onClose={() => undefined} />, harness);
  await waitFor(() => expect(row(client === chat.alice ? 'Alice Adams' : 'Bob Brown')).toBeTruthy(), WAIT);
  return harness;
}

const statusOf = (error: unknown) => (error as { status?: number }).status;

describe('the channel details panel', () => {
  it('shows a member the channel and its members, offers them only mute and leave, and the service refuses the rest', async () => {
    const { bobs } = await chat.room('details-member');
    const harness = await renderPanel(chat.bob, bobs);
    try {
      expect(within(panel()).queryByRole('textbox', { name: 'Name' })).toBeNull();
      expect(within(panel()).queryByRole('button', { name: 'Add members' })).toBeNull();
      expect(within(panel()).getByRole('heading', { name: 'Members (2)' })).toBeTruthy();
      expect(row('Alice Adams').textContent).toContain('Owner');
      expect(row('Bob Brown').textContent).toContain('(you)');
      expect(within(row('Bob Brown')).queryByRole('button')).toBeNull();
      expect(await menuItems('Alice Adams')).toEqual(['Mute']);
      expect(within(panel()).getByRole('button', { name: 'Leave channel' })).toBeTruthy();

      // What the panel does not offer, the sandbox refuses, as the hosted service does.
      await expect(bobs.banUser('alice', { reason: 'no' })).rejects.toSatisfy((e) => statusOf(e) === 403);
      await expect(bobs.addModerators(['bob'])).rejects.toSatisfy((e) => statusOf(e) === 403);
      await expect(bobs.removeMembers(['alice'])).rejects.toSatisfy((e) => statusOf(e) === 403);
      await expect(bobs.updatePartial({ set: { name: 'Mine now' } })).rejects.toSatisfy((e) => statusOf(e) === 403);
    } finally {
      harness.stop();
    }
  });

  it('lets the creator rename the channel, checks the form, and shows the service’s refusal in words', async () => {
    const { mine, bobs } = await chat.room('details-edit');
    await renderPanel(chat.alice, mine);
    const user = userEvent.setup();
    expect(await menuItems('Bob Brown')).toEqual(['Mute', 'Remove from channel']);
    const name = within(panel()).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Match day crew');
    await user.type(within(panel()).getByRole('textbox', { name: 'Picture address' }), 'javascript:alert(1)');
    await user.click(within(panel()).getByRole('button', { name: 'Save' }));
    expect(await within(panel()).findByText('Use an address that starts with https://')).toBeTruthy();
    await user.clear(within(panel()).getByRole('textbox', { name: 'Picture address' }));
    await user.type(within(panel()).getByRole('textbox', { name: 'Description' }), 'Saturday kick-offs');
    await user.click(within(panel()).getByRole('button', { name: 'Save' }));
    expect(await within(panel()).findByText('Saved', undefined, WAIT)).toBeTruthy();
    await waitFor(() => expect(bobs.data?.name).toBe('Match day crew'), WAIT);
    expect((bobs.data as Record<string, unknown>).description).toBe('Saturday kick-offs');
  });

  it('shows a refusal from the service under the form when the capabilities were out of date', async () => {
    const { bobs } = await chat.room('details-stale');
    // Bob's copy of the channel still claims update-channel (as if his rights were withdrawn since).
    bobs.data!.own_capabilities = [...(bobs.data!.own_capabilities ?? []), 'update-channel'];
    const harness = await renderPanel(chat.bob, bobs);
    try {
      const user = userEvent.setup();
      await user.type(within(panel()).getByRole('textbox', { name: 'Name' }), 'Bob’s channel');
      await user.click(within(panel()).getByRole('button', { name: 'Save' }));
      expect((await within(panel()).findByRole('alert', undefined, WAIT)).textContent).toBe(
        'You are not allowed to change this channel.',
      );
    } finally {
      harness.stop();
    }
  });

  it('lets a channel moderator add a member, promote, ban with a reason and duration, unban, shadow ban, mute and remove', async () => {
    const { mine, bobs } = await chat.room('details-moderator');
    await serverClient(chat.server).channel('messaging', 'details-moderator').addModerators(['alice']);
    await act(() => mine.watch());
    expect(mine.data?.own_capabilities).toContain('ban-channel-members');
    await renderPanel(chat.alice, mine);
    const user = userEvent.setup();
    expect(await menuItems('Bob Brown')).toEqual([
      'Make moderator',
      'Ban…',
      'Shadow ban',
      'Mute',
      'Remove from channel',
    ]);

    // Add Carol through the search.
    await user.click(within(panel()).getByRole('button', { name: 'Add members' }));
    const adding = screen.getByRole('dialog', { name: 'Add members' });
    await user.type(within(adding).getByRole('searchbox', { name: 'Search people by name' }), 'Car');
    await user.click(await within(adding).findByRole('checkbox', { name: 'Carol Cruz' }, WAIT));
    // Those already members are not offered.
    expect(within(adding).queryByRole('checkbox', { name: 'Bob Brown' })).toBeNull();
    await user.click(within(adding).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(row('Carol Cruz')).toBeTruthy(), WAIT);

    await choose('Carol Cruz', 'Make moderator');
    await waitFor(() => expect(row('Carol Cruz').textContent).toContain('Moderator'), WAIT);

    // Ban Bob for an hour with a reason: the sandbox keeps both, Bob can no longer post.
    await choose('Bob Brown', 'Ban…');
    const banning = screen.getByRole('dialog', { name: 'Ban Bob Brown?' });
    await user.type(within(banning).getByRole('textbox', { name: 'Reason (optional)' }), 'Rough play');
    await user.click(within(banning).getByRole('radio', { name: '1 hour' }));
    const before = Date.now();
    await user.click(within(banning).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(row('Bob Brown').textContent).toContain('Banned'), WAIT);
    const { bans } = await serverClient(chat.server).queryBannedUsers({ channel_cid: mine.cid });
    expect(bans).toHaveLength(1);
    expect(bans![0]!.reason).toBe('Rough play');
    const expires = Date.parse(bans![0]!.expires!);
    expect(expires).toBeGreaterThanOrEqual(before + 59 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 61 * 60_000);
    await expect(bobs.sendMessage({ text: 'Let me in' })).rejects.toBeTruthy();
    expect(await menuItems('Bob Brown')).toEqual(['Make moderator', 'Unban', 'Mute', 'Remove from channel']);

    await choose('Bob Brown', 'Unban');
    await waitFor(() => expect(row('Bob Brown').textContent).not.toContain('Banned'), WAIT);
    await bobs.sendMessage({ text: 'Back again' });

    await choose('Bob Brown', 'Shadow ban');
    await waitFor(() => expect(row('Bob Brown').textContent).toContain('Shadow banned'), WAIT);
    await choose('Bob Brown', 'Lift shadow ban');
    await waitFor(() => expect(row('Bob Brown').textContent).not.toContain('Shadow banned'), WAIT);

    await choose('Bob Brown', 'Mute');
    await waitFor(() => expect(row('Bob Brown').textContent).toContain('Muted'), WAIT);
    expect(chat.alice.mutedUsers.map((m) => m.target.id)).toContain('bob');
    await choose('Bob Brown', 'Unmute');
    await waitFor(() => expect(row('Bob Brown').textContent).not.toContain('Muted'), WAIT);

    await choose('Carol Cruz', 'Remove from channel');
    await waitFor(() => expect(within(panel()).queryByText('Carol Cruz')).toBeNull(), WAIT);
    const { members } = await serverClient(chat.server).channel('messaging', 'details-moderator').queryMembers({});
    expect(members.map((m) => m.user_id).sort()).toEqual(['alice', 'bob']);
    expect(carol.userID).toBe('carol');
  });

  it('lets a member leave after confirming', async () => {
    const { bobs } = await chat.room('details-leave');
    const harness = await renderPanel(chat.bob, bobs);
    try {
      const user = userEvent.setup();
      await user.click(within(panel()).getByRole('button', { name: 'Leave channel' }));
      const confirm = screen.getByRole('dialog', { name: /^Leave / });
      // Cancel has the focus: Enter alone never leaves.
      expect(document.activeElement?.textContent).toBe('Cancel');
      await user.click(within(confirm).getByRole('button', { name: 'Leave' }));
      await waitFor(async () => {
        const { members } = await serverClient(chat.server).channel('messaging', 'details-leave').queryMembers({});
        expect(members.map((m) => m.user_id)).toEqual(['alice']);
      }, WAIT);
    } finally {
      harness.stop();
    }
  });
});
