/**
 * Every read of another message record checks the reader's rights (issue #15, item 2): quotes on
 * send and on edit, parents of replies, messages by id (one and several), and polls carried by
 * messages — refused with the service's codes, storing nothing.
 */
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { connectClient, rawChat, serverClient, startChatServer, type ChatServer } from '../support/chat.js';

describe.each(ENGINES)('chat reads of other records on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  let carol: StreamChat;
  /** A message in alice and bob's private channel, which carol cannot read. */
  let secretId: string;
  const SECRET = 'the lineup for Saturday';
  const store = () => server.app.chatSandbox!.store;

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    carol = await connectClient(server, 'carol', 'Carol Chen');
    await alice.channel('messaging', 'secret', { members: ['alice', 'bob'] }).create();
    await alice.channel('messaging', 'open', { members: ['alice', 'bob'] }).create();
    await carol.channel('messaging', 'carols', { members: ['carol'] }).create();
    secretId = (await alice.channel('messaging', 'secret').sendMessage({ text: SECRET })).message.id;
  });
  afterAll(() => server.close());

  /** POSTs a message to `cid` as `userId` and expects a refusal that stores nothing. */
  async function refusedSend(userId: string, cid: string, message: Record<string, unknown>, status: number) {
    const before = store().messages.size;
    const answer = await rawChat(server, 'POST', `/channels/${cid.replace(':', '/')}/message`, userId, { message });
    expect(answer.status).toBe(status);
    expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    expect(store().messages.size).toBe(before);
    return answer.body;
  }

  it('refuses a quote of a message the sender cannot read, or of another channel, with code 4', async () => {
    const foreign = await refusedSend('carol', 'messaging:carols', { text: 'look', quoted_message_id: secretId }, 400);
    expect(foreign).toMatchObject({
      code: 4,
      message: `quoted message ${secretId} does not exist in messaging:carols`,
    });
    // Alice can read the secret channel, but a quote stays within its own channel.
    const across = await refusedSend('alice', 'messaging:open', { text: 'see', quoted_message_id: secretId }, 400);
    expect(across.code).toBe(4);
    const same = await alice.channel('messaging', 'secret').sendMessage({ text: 'yes', quoted_message_id: secretId });
    expect(same.message.quoted_message).toMatchObject({ id: secretId, text: SECRET });
  });

  it('refuses an edit that quotes a message the editor cannot read, and keeps the message as it was', async () => {
    const { message } = await carol.channel('messaging', 'carols').sendMessage({ text: 'my note' });
    const edit = await rawChat(server, 'POST', `/messages/${message.id}`, 'carol', {
      message: { text: 'my note, edited', quoted_message_id: secretId },
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({
      code: 4,
      message: expect.stringContaining('does not exist in messaging:carols'),
    });
    expect(JSON.stringify(edit.body)).not.toContain(SECRET);
    const stored = (await carol.getMessage(message.id)).message;
    expect(stored.text).toBe('my note');
    expect(stored.quoted_message_id).toBeUndefined();
    expect(stored.quoted_message).toBeUndefined();
    expect(store().messages.get(message.id)).toMatchObject({ text: 'my note', quoted_message_id: undefined });
  });

  it('still edits a message whose quote was since hard-deleted, keeping that quote id', async () => {
    const room = alice.channel('messaging', 'open');
    const quoted = (await bob.channel('messaging', 'open').sendMessage({ text: 'soon gone' })).message;
    const { message } = await room.sendMessage({ text: 'replying', quoted_message_id: quoted.id });
    await bob.deleteMessage(quoted.id, true);
    const edit = await rawChat(server, 'POST', `/messages/${message.id}`, 'alice', {
      message: { text: 'replying, edited', quoted_message_id: quoted.id },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.message).toMatchObject({ text: 'replying, edited', quoted_message_id: quoted.id });
  });

  it('refuses a reply whose parent is in another channel or unreadable, with 16, and stores nothing', async () => {
    const hidden = await refusedSend('carol', 'messaging:carols', { text: 'reply', parent_id: secretId }, 404);
    expect(hidden).toMatchObject({
      code: 16,
      message: `parent message ${secretId} does not exist in messaging:carols`,
    });
    const across = await refusedSend('alice', 'messaging:open', { text: 'reply', parent_id: secretId }, 404);
    expect(across.code).toBe(16);
    // A slash command in a thread checks the parent too, before it runs.
    const command = await refusedSend('carol', 'messaging:carols', { text: '/giphy goal', parent_id: secretId }, 404);
    expect(command.code).toBe(16);
    expect(store().messages.get(secretId)).toMatchObject({ reply_count: 0, thread_participant_ids: [] });
  });

  it('gives messages by id, one or several, only to readers of their channel', async () => {
    const one = await rawChat(server, 'GET', `/messages/${secretId}`, 'carol');
    expect(one.status).toBe(403);
    expect(one.body.code).toBe(17);
    expect(JSON.stringify(one.body)).not.toContain(SECRET);
    const many = await rawChat(server, 'GET', `/channels/messaging/secret/messages?ids=${secretId}`, 'carol');
    expect(many.status).toBe(403);
    expect(many.body.code).toBe(17);
    const replies = await rawChat(server, 'GET', `/messages/${secretId}/replies`, 'carol');
    expect(replies.body.code).toBe(17);
    // From her own channel she cannot reach it either: the batch names only that channel's messages.
    const own = await rawChat(server, 'GET', `/channels/messaging/carols/messages?ids=${secretId}`, 'carol');
    expect(own.body.messages).toEqual([]);
    expect((await bob.getMessage(secretId)).message.text).toBe(SECRET);
  });

  it('hides a shadow-banned member’s message by id from everyone but its sender', async () => {
    const admin = serverClient(server);
    await admin.channel('messaging', 'shady', { members: ['alice', 'bob'], created_by_id: 'alice' }).create();
    await admin.shadowBan('bob', { type: 'messaging', id: 'shady', banned_by_id: 'alice' });
    const { message } = await bob.channel('messaging', 'shady').sendMessage({ text: 'psst' });
    expect((await bob.getMessage(message.id)).message.text).toBe('psst');
    const one = await rawChat(server, 'GET', `/messages/${message.id}`, 'alice');
    expect(one.status).toBe(404);
    expect(one.body.code).toBe(16);
    const many = await rawChat(server, 'GET', `/channels/messaging/shady/messages?ids=${message.id}`, 'alice');
    expect(many.body.messages).toEqual([]);
    await refusedSend('alice', 'messaging:shady', { text: 'reply', parent_id: message.id }, 404);
    await refusedSend('alice', 'messaging:shady', { text: 'quote', quoted_message_id: message.id }, 400);
  });

  describe('polls carried by messages', () => {
    let pollId: string;
    let carrierId: string;

    beforeAll(async () => {
      pollId = (await alice.createPoll({ name: 'Captain?', options: [{ text: 'Sam' }, { text: 'Kim' }] })).poll.id;
    });

    it('lets no one but the poll’s creator send it: 17 for a reader, "does not exist" for others', async () => {
      // Unsent, the poll is its creator's alone.
      const early = await refusedSend('bob', 'messaging:secret', { text: '', poll_id: pollId }, 400);
      expect(early).toMatchObject({ code: 4, message: `poll ${pollId} does not exist` });
      carrierId = (await alice.channel('messaging', 'secret').sendMessage({ text: '', poll_id: pollId })).message.id;
      expect(store().messages.get(carrierId)?.poll_id).toBe(pollId);
      // Sent, a reader of that channel sees it but may not send it; an outsider still sees nothing.
      const reader = await refusedSend('bob', 'messaging:open', { text: '', poll_id: pollId }, 403);
      expect(reader).toMatchObject({ code: 17, message: expect.stringContaining("only the poll's creator") });
      const outsider = await refusedSend('carol', 'messaging:carols', { text: 'vote!', poll_id: pollId }, 400);
      expect(outsider).toMatchObject({ code: 4, message: `poll ${pollId} does not exist` });
    });

    it('attaches a poll only once', async () => {
      const again = await refusedSend('alice', 'messaging:open', { text: 'again', poll_id: pollId }, 400);
      expect(again).toMatchObject({ code: 4, message: `poll ${pollId} is already attached to a message` });
      const asServer = await rawChat(server, 'POST', '/channels/messaging/open/message', null, {
        message: { text: 'again', poll_id: pollId, user_id: 'alice' },
      });
      expect(asServer.body).toMatchObject({ code: 4, message: `poll ${pollId} is already attached to a message` });
    });

    it('keeps the votes to readers of the channel where it was sent', async () => {
      const optionId = store().polls.get(pollId)!.options[0]!.id;
      const cast = await bob.castPollVote(carrierId, pollId, { option_id: optionId });
      expect(cast.vote).toMatchObject({ option_id: optionId, user_id: 'bob' });
      const vote = await rawChat(server, 'POST', `/messages/${carrierId}/polls/${pollId}/vote`, 'carol', {
        vote: { option_id: optionId },
      });
      expect(vote.body.code).toBe(17);
      const seen = await rawChat(server, 'GET', `/polls/${pollId}`, 'carol');
      expect(seen.body.code).toBe(16);
      const votes = await rawChat(server, 'POST', `/polls/${pollId}/votes`, 'carol', {});
      expect(votes.body.code).toBe(16);
      expect(
        store()
          .polls.get(pollId)!
          .votes.map((v) => v.user_id),
      ).toEqual(['bob']);
    });
  });
});
