/**
 * Block lists in the sandbox, driven by the real stream-chat client: the server manages them, a
 * channel's `config_overrides` names one with behaviour "block", and a member's message holding a
 * listed word comes back to them alone as the hosted service answers it — an error message reading
 * 'Message was blocked by moderation policies' with the REMOVE moderation action — stored nowhere.
 */
import { randomUUID } from 'node:crypto';
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectClient,
  recordEvents,
  serverClient,
  settle,
  startChatServer,
  type ChatServer,
} from '../support/chat.js';

describe('chat block lists', () => {
  let server: ChatServer;
  let admin: StreamChat;
  let alice: StreamChat;
  let bob: StreamChat;

  beforeAll(async () => {
    server = await startChatServer();
    admin = serverClient(server);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    const setup = admin.channel('messaging', 'clean', { members: ['alice', 'bob'], created_by_id: 'alice' });
    await setup.create();
    for (const client of [alice, bob]) await client.channel('messaging', 'clean').watch();
  });
  afterAll(() => server.close());

  it('are managed with the server secret only, with clear refusals for bad lists', async () => {
    await admin.createBlockList({ name: 'conduct', words: ['cheat', 'diver'] });
    expect((await admin.getBlockList('conduct')).blocklist).toMatchObject({
      name: 'conduct',
      words: ['cheat', 'diver'],
    });
    expect((await admin.listBlockLists()).blocklists.map((b) => b.name)).toEqual(['conduct']);
    await expect(alice.createBlockList({ name: 'mine', words: ['x'] })).rejects.toMatchObject({ code: 17 });
    await expect(admin.createBlockList({ name: 'conduct', words: ['x'] })).rejects.toThrow(/already exists/);
    await expect(admin.createBlockList({ name: 'loud', words: ['SHOUT'] })).rejects.toThrow(/must be lowercase/);
    await expect(admin.createBlockList({ name: 'bad name', words: ['x'] })).rejects.toMatchObject({ code: 4 });
    await expect(admin.getBlockList('missing')).rejects.toMatchObject({ code: 16 });
    expect((await admin.listBlockLists()).blocklists).toHaveLength(1);
  });

  it('block a member message holding a listed word, answering only the sender', async () => {
    await admin.channel('messaging', 'clean').updatePartial({
      // The client's type leaves these two out; the service accepts them in config_overrides.
      set: { config_overrides: { blocklist: 'conduct', blocklist_behavior: 'block' } as Record<string, unknown> },
    });
    const bobEvents = recordEvents(bob, 'message.new', 'notification.message_new');
    const id = randomUUID();
    const { message } = await alice.channel('messaging', 'clean').sendMessage({ id, text: 'What a Diver, honestly' });
    expect(message).toMatchObject({
      id,
      type: 'error',
      text: 'Message was blocked by moderation policies',
      moderation_details: { action: 'MESSAGE_RESPONSE_ACTION_REMOVE', original_text: 'What a Diver, honestly' },
      user: { id: 'alice' },
    });
    // Whole words only, split at spaces and hyphens.
    const fine = await alice.channel('messaging', 'clean').sendMessage({ text: 'Great dive-header by the cheater' });
    expect(fine.message.type).toBe('regular');
    const hyphen = await alice.channel('messaging', 'clean').sendMessage({ text: 'anti-cheat rules' });
    expect(hyphen.message.type).toBe('error');
    await settle();
    expect(bobEvents.map((e) => e.message?.text)).toEqual(['Great dive-header by the cheater']);
    const { messages } = await admin.channel('messaging', 'clean').query({ messages: { limit: 10 } });
    expect(messages.map((m) => m.id)).not.toContain(id);
  });

  it('stop blocking when the list loses the word or is deleted; server sends skip moderation', async () => {
    await admin.updateBlockList('conduct', { words: ['cheat'] });
    const kept = await alice.channel('messaging', 'clean').sendMessage({ text: 'diver' });
    expect(kept.message.type).toBe('regular');
    const server = await admin.channel('messaging', 'clean').sendMessage({ text: 'cheat', user_id: 'bob' });
    expect(server.message.type).toBe('regular');
    await admin.deleteBlockList('conduct');
    const after = await alice.channel('messaging', 'clean').sendMessage({ text: 'cheat' });
    expect(after.message.type).toBe('regular');
  });
});

describe('chat block list limits', () => {
  it('follow CHAT_BLOCKLIST_MAX_LISTS, _MAX_WORDS and _WORD_LENGTH', async () => {
    const small = await startChatServer(undefined, {
      CHAT_BLOCKLIST_MAX_LISTS: '1',
      CHAT_BLOCKLIST_MAX_WORDS: '2',
      CHAT_BLOCKLIST_WORD_LENGTH: '5',
    });
    try {
      const admin = serverClient(small);
      await expect(admin.createBlockList({ name: 'many', words: ['a', 'b', 'c'] })).rejects.toThrow(/at most 2 words/);
      await expect(admin.createBlockList({ name: 'long', words: ['toolong'] })).rejects.toThrow(
        /longer than 5 characters/,
      );
      await admin.createBlockList({ name: 'one', words: ['a', 'b'] });
      await expect(admin.createBlockList({ name: 'two', words: ['c'] })).rejects.toThrow(/at most 1 block lists/);
      expect((await admin.listBlockLists()).blocklists.map((b) => b.name)).toEqual(['one']);
    } finally {
      await small.close();
    }
  });
});
