import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import {
  connectClient,
  nextEvent,
  rawChat,
  recordEvents,
  serverClient,
  settle,
  startChatServer,
  type ChatServer,
} from '../support/chat.js';

describe.each(ENGINES)('chat reactions on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  let carol: StreamChat;
  let aliceRoom: Channel;
  let bobRoom: Channel;

  /** The message as the client's channel state holds it. */
  const stateOf = (channel: Channel, id: string) => channel.state.messages.find((m) => m.id === id);
  const send = async (text: string) => (await aliceRoom.sendMessage({ text })).message;

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    carol = await connectClient(server, 'carol', 'Carol Chen');
    aliceRoom = alice.channel('messaging', 'room', { members: ['alice', 'bob', 'carol'] });
    await aliceRoom.watch();
    bobRoom = bob.channel('messaging', 'room');
    await bobRoom.watch();
  });
  afterAll(() => server.close());

  it('adds reactions: the other watcher gets reaction.new and keeps its own own_reactions', async () => {
    const message = await send('kick-off at ten');
    await settle();
    const bobSees = nextEvent(bob, 'reaction.new');
    const answer = await aliceRoom.sendReaction(message.id, { type: 'love' });
    expect(answer.reaction).toMatchObject({
      type: 'love',
      score: 1,
      user_id: 'alice',
      message_id: message.id,
      user: { id: 'alice' },
    });
    expect(answer.message).toMatchObject({ reaction_counts: { love: 1 }, reaction_scores: { love: 1 } });
    expect(answer.message.own_reactions?.map((r) => [r.user_id, r.type])).toEqual([['alice', 'love']]);
    const event = await bobSees;
    expect(event).toMatchObject({
      cid: 'messaging:room',
      channel_id: 'room',
      channel_type: 'messaging',
      message_id: message.id,
    });
    expect(event.reaction).toMatchObject({ type: 'love', user_id: 'alice' });
    expect(event.user?.id).toBe('alice');
    expect(event.created_at).toEqual(expect.any(String));
    expect(event.message?.reaction_groups?.love).toMatchObject({ count: 1, sum_scores: 1 });
    expect(event.message?.latest_reactions?.map((r) => r.user_id)).toEqual(['alice']);

    expect(stateOf(bobRoom, message.id)).toMatchObject({ reaction_counts: { love: 1 }, own_reactions: [] });
    await settle();
    expect(stateOf(aliceRoom, message.id)?.own_reactions?.map((r) => r.type)).toEqual(['love']);

    const aliceSees = nextEvent(alice, 'reaction.new');
    const like = { type: 'like', score: 3, note: 'great news' };
    const bobAnswer = await bobRoom.sendReaction(message.id, like);
    expect(bobAnswer.reaction).toMatchObject({ type: 'like', score: 3, note: 'great news', user_id: 'bob' });
    expect((await aliceSees).reaction).toMatchObject({ type: 'like', note: 'great news' });
    await settle();
    expect(stateOf(aliceRoom, message.id)).toMatchObject({
      reaction_counts: { love: 1, like: 1 },
      reaction_scores: { love: 1, like: 3 },
    });
    expect(stateOf(aliceRoom, message.id)?.own_reactions?.map((r) => r.type)).toEqual(['love']);
    expect(stateOf(bobRoom, message.id)?.own_reactions?.map((r) => r.type)).toEqual(['like']);
    // The message as fetched carries the reader's own reactions.
    expect((await bob.getMessage(message.id)).message.own_reactions?.map((r) => r.type)).toEqual(['like']);
  });

  it('updates the score and custom data when the same user sends the same type again', async () => {
    const message = await send('second half');
    await aliceRoom.sendReaction(message.id, { type: 'love' });
    const again = { type: 'love', score: 5, note: 'even more' };
    const answer = await aliceRoom.sendReaction(message.id, again);
    expect(answer.reaction).toMatchObject({ type: 'love', score: 5, note: 'even more' });
    expect(answer.message).toMatchObject({ reaction_counts: { love: 1 }, reaction_scores: { love: 5 } });
    expect(answer.message.own_reactions).toHaveLength(1);
  });

  it('with enforce_unique replaces the user’s other reactions and sends reaction.updated', async () => {
    const message = await send('who brings the balls?');
    await aliceRoom.sendReaction(message.id, { type: 'love' });
    await aliceRoom.sendReaction(message.id, { type: 'wow' });
    await bobRoom.sendReaction(message.id, { type: 'like' });
    await settle();
    const bobSees = nextEvent(bob, 'reaction.updated');
    const answer = await aliceRoom.sendReaction(message.id, { type: 'haha' }, { enforce_unique: true });
    expect(answer.message.reaction_counts).toEqual({ haha: 1, like: 1 });
    expect(answer.message.own_reactions?.map((r) => r.type)).toEqual(['haha']);
    const event = await bobSees;
    expect(event.reaction).toMatchObject({ type: 'haha', user_id: 'alice' });
    expect(event.message?.reaction_counts).toEqual({ haha: 1, like: 1 });
    await settle();
    expect(stateOf(bobRoom, message.id)?.reaction_counts).toEqual({ haha: 1, like: 1 });
    expect(stateOf(bobRoom, message.id)?.own_reactions?.map((r) => r.type)).toEqual(['like']);
    expect(stateOf(aliceRoom, message.id)?.own_reactions?.map((r) => r.type)).toEqual(['haha']);

    // enforce_unique with nothing to replace is a plain new reaction.
    const carolSees = recordEvents(carol, 'reaction.new', 'reaction.updated');
    await carol.channel('messaging', 'room').watch();
    await bobRoom.sendReaction((await send('and the cones?')).id, { type: 'like' }, { enforce_unique: true });
    await settle();
    expect(carolSees.map((e) => e.type)).toEqual(['reaction.new']);
  });

  it('deletes a reaction with reaction.deleted, and refuses an unknown one with code 16', async () => {
    const message = await send('training moved to six');
    await aliceRoom.sendReaction(message.id, { type: 'love' });
    await bobRoom.sendReaction(message.id, { type: 'like' });
    await settle();
    const aliceSees = nextEvent(alice, 'reaction.deleted');
    const answer = await bobRoom.deleteReaction(message.id, 'like');
    expect(answer.reaction).toMatchObject({ type: 'like', user_id: 'bob' });
    expect(answer.message).toMatchObject({ reaction_counts: { love: 1 }, own_reactions: [] });
    const event = await aliceSees;
    expect(event).toMatchObject({
      cid: 'messaging:room',
      message_id: message.id,
      reaction: { type: 'like', user_id: 'bob' },
    });
    await settle();
    expect(stateOf(aliceRoom, message.id)?.reaction_counts).toEqual({ love: 1 });
    expect(stateOf(aliceRoom, message.id)?.own_reactions?.map((r) => r.type)).toEqual(['love']);
    expect(stateOf(bobRoom, message.id)?.own_reactions).toEqual([]);

    await expect(bobRoom.deleteReaction(message.id, 'like')).rejects.toMatchObject({
      code: 16,
      status: 404,
      message: expect.stringContaining('Reaction of type "like" by user "bob" does not exist'),
    });
    // Bob cannot remove Alice's reaction: the type is looked up among his own.
    await expect(bobRoom.deleteReaction(message.id, 'love')).rejects.toMatchObject({ code: 16 });
  });

  it('acts for a named user server-side', async () => {
    const message = await send('server side');
    const room = serverClient(server).channel('messaging', 'room');
    const carolReaction = { type: 'clap', user_id: 'carol' };
    const added = await room.sendReaction(message.id, carolReaction);
    expect(added.reaction).toMatchObject({ type: 'clap', user_id: 'carol' });
    expect(added.message.own_reactions?.map((r) => r.user_id)).toEqual(['carol']);
    const deleted = await room.deleteReaction(message.id, 'clap', 'carol');
    expect(deleted.message.reaction_counts).toEqual({});
    await expect(room.sendReaction(message.id, { type: 'clap' })).rejects.toMatchObject({
      code: 4,
      message: expect.stringContaining('either user or user_id must be provided'),
    });
  });

  it('lists reactions newest first with offset paging, and queries them with a next cursor', async () => {
    const message = await send('vote for the kit colour');
    await aliceRoom.sendReaction(message.id, { type: 'love' });
    await aliceRoom.sendReaction(message.id, { type: 'like' });
    await bobRoom.sendReaction(message.id, { type: 'love' });
    await carol.channel('messaging', 'room').sendReaction(message.id, { type: 'love' });
    await carol.channel('messaging', 'room').sendReaction(message.id, { type: 'wow' });

    const pairs = (list: { user_id?: string; type: string }[]) => list.map((r) => `${r.user_id ?? ''}:${r.type}`);
    const first = await bobRoom.getReactions(message.id, { limit: 2 });
    expect(pairs(first.reactions)).toEqual(['carol:wow', 'carol:love']);
    const second = await bobRoom.getReactions(message.id, { limit: 2, offset: 2 });
    expect(pairs(second.reactions)).toEqual(['bob:love', 'alice:like']);
    const last = await bobRoom.getReactions(message.id, { limit: 2, offset: 4 });
    expect(pairs(last.reactions)).toEqual(['alice:love']);

    const loves = await bob.queryReactions(message.id, { type: 'love' }, { created_at: -1 }, { limit: 2 });
    expect(pairs(loves.reactions)).toEqual(['carol:love', 'bob:love']);
    expect(loves.next).toEqual(expect.any(String));
    const more = await bob.queryReactions(
      message.id,
      { type: 'love' },
      { created_at: -1 },
      { limit: 2, next: loves.next },
    );
    expect(pairs(more.reactions)).toEqual(['alice:love']);
    expect(more.next).toBeUndefined();
    const oldestFirst = await bob.queryReactions(message.id, { user_id: 'alice' }, { created_at: 1 });
    expect(pairs(oldestFirst.reactions)).toEqual(['alice:love', 'alice:like']);
    const everything = await bob.queryReactions(message.id, {});
    expect(everything.reactions).toHaveLength(5);
  });

  describe('refusals', () => {
    let messageId: string;
    beforeAll(async () => {
      messageId = (await send('refusals')).id;
    });

    it.each([
      ['an empty type', { reaction: { type: '' } }, 'reaction.type is required'],
      ['a missing type', { reaction: { score: 2 } }, 'reaction.type is required'],
      [
        'a type over 30 characters',
        { reaction: { type: 'x'.repeat(31) } },
        'reaction.type must be at most 30 characters',
      ],
      ['a zero score', { reaction: { type: 'love', score: 0 } }, 'reaction.score must be a whole number of at least 1'],
      ['a text score', { reaction: { type: 'love', score: 'high' } }, 'field "reaction.score" must be integer'],
      ['no reaction', {}, 'reaction is required'],
      [
        'a non-boolean enforce_unique',
        { reaction: { type: 'love' }, enforce_unique: 'yes' },
        'field "enforce_unique" must be boolean',
      ],
    ])('refuses %s with code 4', async (_label, body, message) => {
      const answer = await rawChat(server, 'POST', `/messages/${messageId}/reaction`, 'alice', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 4, StatusCode: 400, message });
    });

    it.each([
      ['a numeric type', { reaction: { type: 5 } }, 'reaction.type'],
      ['a fractional score', { reaction: { type: 'love', score: 2.5 } }, 'reaction.score'],
      ['a reaction that is a list', { reaction: [{ type: 'love' }] }, 'reaction'],
      ['a user that is not an object', { reaction: { type: 'love', user: 'bob' } }, 'reaction.user'],
      ['a numeric user id', { reaction: { type: 'love' }, user_id: 7 }, 'user_id'],
      ['a text skip_push', { reaction: { type: 'love' }, skip_push: 'no' }, 'skip_push'],
    ])('refuses %s with code 4 naming the field, and stores nothing', async (_label, body, field) => {
      const answer = await rawChat(server, 'POST', `/messages/${messageId}/reaction`, 'alice', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
      expect(String(answer.body.message)).toContain(`field "${field}"`);
      const listed = await rawChat(server, 'GET', `/messages/${messageId}/reactions`, 'bob');
      expect(listed.body.reactions).toEqual([]);
    });

    it('refuses a reaction through the client with the error code and text', async () => {
      await expect(aliceRoom.sendReaction(messageId, { type: '' })).rejects.toMatchObject({
        code: 4,
        status: 400,
        message: 'StreamChat error code 4: reaction.type is required',
      });
    });

    it('refuses an unknown message with code 16', async () => {
      await expect(aliceRoom.sendReaction('no-such-message', { type: 'love' })).rejects.toMatchObject({
        code: 16,
        status: 404,
        message: expect.stringContaining('Message "no-such-message" does not exist'),
      });
      const listed = await rawChat(server, 'GET', '/messages/no-such-message/reactions', 'alice');
      expect(listed.body).toMatchObject({ code: 16 });
    });

    it('refuses a user who cannot read the channel with code 17', async () => {
      const eve = await connectClient(server, 'eve', 'Eve');
      await expect(eve.channel('messaging', 'room').sendReaction(messageId, { type: 'love' })).rejects.toMatchObject({
        code: 17,
        status: 403,
        message: expect.stringContaining('ReadChannel'),
      });
      expect((await rawChat(server, 'GET', `/messages/${messageId}/reactions`, 'eve')).body.code).toBe(17);
      expect((await rawChat(server, 'POST', `/messages/${messageId}/reactions`, 'eve', {})).body.code).toBe(17);
    });

    it('refuses a member without send-reaction (frozen channel) with code 17', async () => {
      await rawChat(server, 'POST', '/channels/messaging/frozen/query', null, {
        data: { members: ['alice', 'bob'], frozen: true, created_by_id: 'bob' },
      });
      const sent = await serverClient(server)
        .channel('messaging', 'frozen')
        .sendMessage({ text: 'frozen', user_id: 'bob' });
      await expect(
        alice.channel('messaging', 'frozen').sendReaction(sent.message.id, { type: 'love' }),
      ).rejects.toMatchObject({
        code: 17,
        message: expect.stringContaining('is not allowed to access Resource CreateReaction on channel type messaging'),
      });
    });

    it('refuses a deleted message with code 4', async () => {
      const doomed = await send('to be deleted');
      await alice.deleteMessage(doomed.id);
      await expect(aliceRoom.sendReaction(doomed.id, { type: 'love' })).rejects.toMatchObject({
        code: 4,
        message: expect.stringContaining(`Cannot react to deleted message ${doomed.id}`),
      });
    });

    it('refuses reactions where the channel config disables them with code 19', async () => {
      await rawChat(server, 'POST', '/channels/messaging/quiet/query', 'alice', {
        data: { members: ['alice', 'bob'], config_overrides: { reactions: false } },
      });
      const quiet = alice.channel('messaging', 'quiet');
      const sent = await quiet.sendMessage({ text: 'no emoji please' });
      await expect(quiet.sendReaction(sent.message.id, { type: 'love' })).rejects.toMatchObject({
        code: 19,
        status: 400,
        message: expect.stringContaining('Reactions are disabled for channel type messaging'),
      });
    });

    it('refuses bad paging input with code 4', async () => {
      const badLimit = await rawChat(server, 'GET', `/messages/${messageId}/reactions?limit=lots`, 'alice');
      expect(badLimit.body).toMatchObject({ code: 4, message: 'field "limit" must be integer' });
      const tooMany = await rawChat(server, 'GET', `/messages/${messageId}/reactions?limit=301`, 'alice');
      expect(tooMany.body).toMatchObject({ code: 4, message: 'field "limit" must be <= 300' });
      const badNext = await rawChat(server, 'POST', `/messages/${messageId}/reactions`, 'alice', {
        next: 'not-a-cursor',
      });
      expect(badNext.body).toMatchObject({ code: 4, message: 'next is not a valid cursor' });
      const badSort = await rawChat(server, 'POST', `/messages/${messageId}/reactions`, 'alice', {
        sort: [{ field: 'colour', direction: 1 }],
      });
      expect(badSort.body).toMatchObject({ code: 4, message: 'cannot sort reactions by colour' });
      const badFilter = await rawChat(server, 'POST', `/messages/${messageId}/reactions`, 'alice', { filter: [] });
      expect(badFilter.body).toMatchObject({ code: 4, message: 'field "filter" must be object' });
      const badSortItem = await rawChat(server, 'POST', `/messages/${messageId}/reactions`, 'alice', { sort: [null] });
      expect(badSortItem.body).toMatchObject({ code: 4, exception_fields: { 'sort.0': 'must be object' } });
      const badNextType = await rawChat(server, 'POST', `/messages/${messageId}/reactions`, 'alice', { next: 5 });
      expect(badNextType.body).toMatchObject({ code: 4, exception_fields: { next: expect.any(String) } });
    });
  });
});
