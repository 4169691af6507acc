// @vitest-environment jsdom
/**
 * The web app in a multi-tenant chat (docs/decisions/0035) against the REAL chat sandbox with
 * REAL stream-chat clients: a direct conversation is opened in a team every member shares (from
 * the member's own `me.teams`), none is opened with someone of no shared team, and adding people
 * to a channel offers only people of the channel's team.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddMembersDialog } from '../../src/features/chat/channel-details/AddMembersDialog';
import { directTeam, openDirect } from '../../src/features/chat/channel-list/open-direct';
import { connectClient, serverClient, startChatServer, type ChatServer } from '../support/chat';
import { renderInWorkspace, workspaceFor } from '../support/chat-ui';

const WAIT = { timeout: 5000 };

describe('conversations and members in a multi-tenant chat', () => {
  let server: ChatServer;
  let ann: StreamChat;
  let dan: StreamChat;

  beforeAll(async () => {
    server = await startChatServer();
    await serverClient(server).upsertUsers([
      { id: 'ann', name: 'Ann Archer', teams: ['member-ann', 'league-1', 'league-2'] },
      { id: 'ben', name: 'Ben Archer', teams: ['member-ben', 'league-2'] },
      { id: 'cat', name: 'Cat Archer', teams: ['member-cat', 'league-1', 'league-2'] },
      { id: 'kim', name: 'Kim Archer', teams: ['member-kim', 'league-3'] },
      { id: 'dan', name: 'Dan Archer' },
      { id: 'eve', name: 'Eve Archer' },
    ]);
    ann = await connectClient(server, 'ann', 'Ann Archer');
    dan = await connectClient(server, 'dan', 'Dan Archer');
  });
  afterAll(() => server.close());

  it('opens a direct conversation in the first of my teams every member shares', async () => {
    expect(await directTeam(ann, 'ann', ['cat'])).toBe('league-1');
    expect(await directTeam(ann, 'ann', ['ben'])).toBe('league-2');
    expect(await directTeam(ann, 'ann', ['ben', 'cat'])).toBe('league-2');
    const channel = await openDirect(ann, 'ann', ['ben']);
    expect(channel.data?.team).toBe('league-2');
    expect(Object.keys(channel.state.members).sort()).toEqual(['ann', 'ben']);
    // Opening it again finds the same conversation.
    expect((await openDirect(ann, 'ann', ['ben'])).cid).toBe(channel.cid);
  });

  it('opens no conversation with someone of no shared team, and asks the service nothing more', async () => {
    await expect(openDirect(ann, 'ann', ['kim'])).rejects.toThrow(/share no league/);
    await expect(openDirect(ann, 'ann', ['dan'])).rejects.toThrow(/share no league/);
    expect(await serverClient(server).queryChannels({ members: { $in: ['kim'] } })).toEqual([]);
  });

  it('opens a conversation without a team between members without teams, as before', async () => {
    const channel = await openDirect(dan, 'dan', ['eve']);
    expect(channel.data?.team).toBeUndefined();
  });

  it("offers only people of the channel's team when adding members", async () => {
    const channel = ann.channel('team', 'league-1-general', { team: 'league-1', members: ['ann'], name: 'General' });
    await channel.watch();
    const harness = workspaceFor(ann, channel);
    try {
      await renderInWorkspace(
        <AddMembersDialog channel={channel} present={['ann']} onClose={() => undefined} onAdded={() => undefined} />,
        harness,
      );
      const dialog = screen.getByRole('dialog', { name: 'Add members' });
      await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search people by name' }), 'Archer');
      await within(dialog).findByRole('checkbox', { name: 'Cat Archer' }, WAIT);
      // Ben shares a league with Ann, but not this channel's.
      expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
      expect(within(dialog).queryByRole('checkbox', { name: 'Ben Archer' })).toBeNull();
    } finally {
      harness.stop();
    }
  });
});
