/**
 * Opening the channel an address names, for real: the open-channel machine with its real
 * `watchChannel` actor against the chat sandbox. A member's channel opens watched; a channel the
 * member is not in, one that does not exist (and is not created by asking), and an address that
 * is not a channel address are all 'Channel Missing'.
 */
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { openChannelMachine } from '../../machines/open-channel/open-channel.machine';
import { selectChannel, selectFailure } from '../../machines/open-channel/open-channel.selectors';
import { createOpenChannelActors, isValidChannelAddress, watchChannel } from '../../src/lib/actors/open-channel-actors';
import { connectClient, serverClient, startChatServer, type ChatServer } from '../support/chat';

const WAIT = { timeout: 10_000 };

describe('opening a channel by its address', () => {
  let server: ChatServer;
  let alice: StreamChat;

  beforeAll(async () => {
    server = await startChatServer();
    const admin = serverClient(server);
    await admin.upsertUsers([{ id: 'alice' }, { id: 'bob' }]);
    await admin.channel('team', 'club', { members: ['alice', 'bob'], created_by_id: 'alice' }).create();
    await admin.channel('team', 'private', { members: ['bob'], created_by_id: 'bob' }).create();
    alice = await connectClient(server, 'alice', 'Alice Adams');
  });
  afterAll(() => server.close());

  const open = (type: string, id: string) =>
    createActor(openChannelMachine.provide({ actors: createOpenChannelActors(alice) }), {
      input: { type, id },
    }).start();

  it('opens a channel of the member, watched, with its members and messages', async () => {
    const actor = open('team', 'club');
    const snapshot = await waitFor(actor, (s) => s.matches('ready'), WAIT);
    const channel = selectChannel(snapshot) as unknown as {
      cid: string;
      initialized: boolean;
      state: { members: object };
    };
    expect(channel.cid).toBe('team:club');
    expect(channel.initialized).toBe(true);
    expect(Object.keys(channel.state.members).sort()).toEqual(['alice', 'bob']);
  });

  it("says missing for another members' channel", async () => {
    const snapshot = await waitFor(open('team', 'private'), (s) => s.matches('missing'), WAIT);
    expect(selectFailure(snapshot)).toEqual({ kind: 'missing' });
  });

  it('says missing for a channel that does not exist, and does not create it', async () => {
    await waitFor(open('team', 'invented'), (s) => s.matches('missing'), WAIT);
    const found = await serverClient(server).queryChannels({ cid: 'team:invented' });
    expect(found).toHaveLength(0);
  });

  it('refuses addresses that are not channel addresses before asking the service', async () => {
    expect(isValidChannelAddress({ type: 'team', id: 'club' })).toBe(true);
    expect(isValidChannelAddress({ type: 'messaging', id: '!members-a_b-1' })).toBe(true);
    for (const input of [
      { type: 'team', id: 'a:b' },
      { type: 'te am', id: 'club' },
      { type: 'team!', id: 'club' },
      { type: 'team', id: '<script>' },
    ])
      expect(isValidChannelAddress(input)).toBe(false);
    await waitFor(open('team', 'a:b'), (s) => s.matches('missing'), WAIT);
  });

  it('shares a query already in flight (the one started at start-up), and takes a watched channel as it is', async () => {
    const reader = await connectClient(server, 'alice', 'Alice Adams');
    // Observed, not replaced: the real query still runs.
    const sent = vi.spyOn(reader, 'queryChannels');
    const early = watchChannel(reader, { type: 'team', id: 'club' });
    const actor = createActor(openChannelMachine.provide({ actors: createOpenChannelActors(reader) }), {
      input: { type: 'team', id: 'club' },
    }).start();
    const snapshot = await waitFor(actor, (s) => s.matches('ready'), WAIT);
    expect(selectChannel(snapshot)).toBe(await early);
    expect(sent).toHaveBeenCalledTimes(1);
    // Watched now: asking again sends nothing.
    expect(await watchChannel(reader, { type: 'team', id: 'club' })).toBe(await early);
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
