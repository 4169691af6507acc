import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { connectClient, nextEvent, serverClient, startChatServer, type ChatServer } from '../support/chat.js';

describe.each(ENGINES)('chat recovery on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice');
    bob = await connectClient(server, 'bob');
    await alice.channel('messaging', 'match', { members: ['alice', 'bob'] }).create();
  });
  afterAll(() => server.close());

  it('recovers after a dropped socket: messages sent meanwhile arrive once, none lost', async () => {
    const channel = alice.channel('messaging', 'match');
    await channel.watch();
    await channel.sendMessage({ text: 'before' });
    const recovered = nextEvent(alice, 'connection.recovered', 15_000);
    // Drop the socket the way a network failure would (not a clean 1000 close).
    alice.wsConnection?.ws?.close(4001, 'network dropped');
    const whileAway = await bob.channel('messaging', 'match').sendMessage({ text: 'while you were away' });
    await recovered;
    const arrived = nextEvent(alice, 'message.new', 3000, (e) => e.message?.text === 'after');
    await bob.channel('messaging', 'match').sendMessage({ text: 'after' });
    await arrived;
    const texts = channel.state.messages.map((m) => m.text);
    expect(texts.filter((t) => t === 'while you were away')).toHaveLength(1);
    expect(texts).toEqual(expect.arrayContaining(['before', 'while you were away', 'after']));
    expect(new Set(channel.state.messages.map((m) => m.id)).size).toBe(channel.state.messages.length);
    expect(channel.state.messages.some((m) => m.id === whileAway.message.id)).toBe(true);
  }, 20_000);

  it('loses nothing across a server restart: messages, reactions, reads and members', async () => {
    const channel = alice.channel('messaging', 'match');
    const { message } = await channel.sendMessage({ text: 'kept across restarts' });
    const bobChannel = bob.channel('messaging', 'match');
    await bobChannel.watch();
    await bobChannel.markRead();
    // The channel's creator may change its members (a plain member may not).
    await serverClient(server).upsertUser({ id: 'carol' });
    await channel.addMembers(['carol']);
    const restarted = await server.restart();
    server = { ...restarted, clients: server.clients, chatUrl: restarted.url + '/chat' };
    const fresh = await connectClient(server, 'bob');
    const state = await fresh.channel('messaging', 'match').query({ messages: { limit: 100 } });
    expect(state.messages.map((m) => m.id)).toContain(message.id);
    expect(state.members.map((m) => m.user?.id).sort()).toEqual(['alice', 'bob', 'carol']);
    expect(state.read?.find((r) => r.user.id === 'bob')?.unread_messages).toBe(0);
  }, 20_000);
});
