import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/engines.js';
import { connectClient, rawChat, serverClient, settle, startChatServer, type ChatServer } from '../support/chat.js';

describe.each(ENGINES)('chat message search on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  let carol: StreamChat;

  const texts = (results: { message: { text?: string } }[]) => results.map((r) => r.message.text);
  const search = (userId: string, payload: Record<string, unknown>) =>
    rawChat(server, 'GET', `/search?payload=${encodeURIComponent(JSON.stringify(payload))}`, userId);

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    carol = await connectClient(server, 'carol', 'Carol Chen');
    const pitch = alice.channel('messaging', 'pitch', { members: ['alice', 'bob'] });
    await pitch.watch();
    const bobPitch = bob.channel('messaging', 'pitch');
    await bobPitch.watch();
    const bench = carol.channel('messaging', 'bench', { members: ['alice', 'carol'] });
    await bench.watch();
    const secret = bob.channel('messaging', 'secret', { members: ['bob', 'carol'] });
    await secret.watch();

    // Oldest first; every text but the last three mentions hello as a word.
    const first = await pitch.sendMessage({ text: 'Hello team, training at ten' });
    await bobPitch.sendMessage({ text: 'hello again from Bob' });
    await bench.sendMessage({ text: 'HELLO there, bench warmers' });
    await bobPitch.sendMessage({ text: 'Thread hello reply', parent_id: first.message.id });
    await alice.channel('messaging', 'bench').sendMessage({ text: 'say hello!' });
    await secret.sendMessage({ text: 'hello, secret plans' });
    await pitch.sendMessage({ text: 'helloworld is one word' });
    await pitch.sendMessage({ text: 'goodbye everyone' });
    const doomed = await pitch.sendMessage({ text: 'hello that gets deleted' });
    await alice.deleteMessage(doomed.message.id);
    await settle();
  });
  afterAll(() => server.close());

  it('finds words case-insensitively in the readable channels, newest first, with the channel', async () => {
    const { results, next } = await alice.search({ members: { $in: ['alice'] } }, 'hello');
    expect(texts(results)).toEqual([
      'say hello!',
      'Thread hello reply',
      'HELLO there, bench warmers',
      'hello again from Bob',
      'Hello team, training at ten',
    ]);
    expect(next).toBeUndefined();
    const bench = results[0]!.message;
    expect(bench.channel).toMatchObject({ cid: 'messaging:bench', id: 'bench', type: 'messaging' });
    expect(bench.channel?.config).toMatchObject({ search: true });
    expect(bench.channel?.own_capabilities).toEqual(expect.arrayContaining(['search-messages']));
    expect(bench).toMatchObject({ user: { id: 'alice' }, cid: 'messaging:bench', own_reactions: [] });
    // Bob sees his channels only, the secret one included.
    const bobs = await bob.search({ members: { $in: ['bob'] } }, 'hello');
    expect(texts(bobs.results)).toContain('hello, secret plans');
    expect(texts(bobs.results)).not.toContain('say hello!');
  });

  it('pages with offset and with the next cursor', async () => {
    const filter = { members: { $in: ['alice'] } };
    const first = await alice.search(filter, 'hello', { limit: 2 });
    expect(texts(first.results)).toEqual(['say hello!', 'Thread hello reply']);
    expect(first.next).toEqual(expect.any(String));
    const second = await alice.search(filter, 'hello', { limit: 2, next: first.next });
    expect(texts(second.results)).toEqual(['HELLO there, bench warmers', 'hello again from Bob']);
    const third = await alice.search(filter, 'hello', { limit: 2, next: second.next });
    expect(texts(third.results)).toEqual(['Hello team, training at ten']);
    expect(third.next).toBeUndefined();
    const byOffset = await alice.search(filter, 'hello', { limit: 2, offset: 2 });
    expect(texts(byOffset.results)).toEqual(texts(second.results));
  });

  it('refuses offset together with next, in the client and with code 4 on the server', async () => {
    const filter = { members: { $in: ['alice'] } };
    const first = await alice.search(filter, 'hello', { limit: 2 });
    await expect(alice.search(filter, 'hello', { limit: 2, offset: 2, next: first.next })).rejects.toThrow(
      'Cannot specify offset with next',
    );
    const answer = await search('alice', { filter_conditions: filter, query: 'hello', offset: 2, next: first.next });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 4, message: 'Cannot specify offset with next' });
  });

  it('filters messages with message_filter_conditions', async () => {
    const filter = { members: { $in: ['alice'] } };
    const prefix = await alice.search(filter, { text: { $autocomplete: 'hell' } });
    expect(texts(prefix.results)).toContain('helloworld is one word');
    expect(prefix.results).toHaveLength(6);
    const bobsHello = await alice.search(filter, { text: { $q: 'HELLO' }, 'user.id': 'bob' });
    expect(texts(bobsHello.results)).toEqual(['Thread hello reply', 'hello again from Bob']);
    const either = await alice.search(filter, { $or: [{ text: 'goodbye' }, { text: { $q: 'bench warmers' } }] });
    expect(texts(either.results)).toEqual(['goodbye everyone', 'HELLO there, bench warmers']);
    const replies = await alice.search(filter, { text: { $q: 'hello' }, parent_id: { $exists: true } });
    expect(texts(replies.results)).toEqual(['Thread hello reply']);
  });

  it('limits to the channels the filter names and the user can read', async () => {
    const bench = await alice.search({ cid: 'messaging:bench' }, 'hello');
    expect(texts(bench.results)).toEqual(['say hello!', 'HELLO there, bench warmers']);
    const secret = await alice.search({ cid: 'messaging:secret' }, 'hello');
    expect(secret.results).toEqual([]);
  });

  it('sorts by created_at when asked', async () => {
    const oldest = await alice.search({ members: { $in: ['alice'] } }, 'hello', {
      sort: [{ created_at: 1 }],
      limit: 2,
    });
    expect(texts(oldest.results)).toEqual(['Hello team, training at ten', 'hello again from Bob']);
    const server2 = serverClient(server);
    const asServer = await server2.search({ cid: 'messaging:secret' }, 'secret', { sort: { updated_at: -1 } });
    expect(texts(asServer.results)).toEqual(['hello, secret plans']);
  });

  it('finds word starts with $autocomplete whatever their accents, as the service does; whole words stay exact', async () => {
    const club = alice.channel('messaging', 'club-accents', { name: 'Équipe Réserve', members: ['alice'] });
    await club.watch();
    await club.sendMessage({ text: 'José scored twice' });
    await club.sendMessage({ text: 'MAÑANA we train at the pitch' });
    const filter = { cid: 'messaging:club-accents' };
    const jose = await alice.search(filter, { text: { $autocomplete: 'jose' } });
    expect(texts(jose.results)).toEqual(['José scored twice']);
    const manana = await alice.search(filter, { text: { $autocomplete: 'mañ' } });
    expect(texts(manana.results)).toEqual(['MAÑANA we train at the pitch']);
    expect(texts((await alice.search(filter, { text: { $autocomplete: 'MANANA' } })).results)).toEqual([
      'MAÑANA we train at the pitch',
    ]);
    // A whole-word search ($q, a plain query) compares the words as written, accents included.
    expect((await alice.search(filter, 'jose')).results).toEqual([]);
    // Channel names too: the channel list's search finds "Équipe Réserve" by "equipe" and "RES".
    for (const text of ['equipe', 'RES', 'équ']) {
      const found = await alice.queryChannels({ members: { $in: ['alice'] }, name: { $autocomplete: text } });
      expect(found.map((c) => c.id)).toEqual(['club-accents']);
    }
  });

  it('refuses a channel whose config disables search with code 19', async () => {
    await rawChat(server, 'POST', '/channels/messaging/nosearch/query', 'alice', {
      data: { members: ['alice'], config_overrides: { search: false } },
    });
    await alice.channel('messaging', 'nosearch').sendMessage({ text: 'hello hidden' });
    await expect(alice.search({ cid: 'messaging:nosearch' }, 'hello')).rejects.toMatchObject({
      code: 19,
      status: 400,
      message: 'StreamChat error code 19: Search is disabled for channel type messaging',
    });
    // Other matching channels are still searched.
    const all = await alice.search({ members: { $in: ['alice'] } }, 'hidden');
    expect(all.results).toEqual([]);
  });

  it.each([
    [
      'no channel filter',
      { query: 'hello' },
      'filter_conditions (the channel filter) is required and must be a non-empty object',
    ],
    [
      'an empty channel filter',
      { filter_conditions: {}, query: 'hello' },
      'filter_conditions (the channel filter) is required and must be a non-empty object',
    ],
    [
      'both query and message filter',
      { filter_conditions: { cid: 'messaging:pitch' }, query: 'a', message_filter_conditions: { text: 'a' } },
      'specify either query or message_filter_conditions, not both',
    ],
    [
      'neither query nor message filter',
      { filter_conditions: { cid: 'messaging:pitch' } },
      'either query or message_filter_conditions is required',
    ],
    [
      'an empty query',
      { filter_conditions: { cid: 'messaging:pitch' }, query: '  ' },
      'query must be a non-empty search text',
    ],
    [
      'an empty message filter',
      { filter_conditions: { cid: 'messaging:pitch' }, message_filter_conditions: {} },
      'message_filter_conditions must be a non-empty object',
    ],
    [
      'a limit over 100',
      { filter_conditions: { cid: 'messaging:pitch' }, query: 'hello', limit: 101 },
      'field "payload.limit" must be <= 100',
    ],
    [
      'a fractional offset',
      { filter_conditions: { cid: 'messaging:pitch' }, query: 'hello', offset: 1.5 },
      'field "payload.offset" must be integer',
    ],
    [
      'a bad cursor',
      { filter_conditions: { cid: 'messaging:pitch' }, query: 'hello', next: '%%%' },
      'next is not a valid cursor',
    ],
    [
      'an unsupported sort',
      { filter_conditions: { cid: 'messaging:pitch' }, query: 'hello', sort: [{ field: 'text', direction: 1 }] },
      'search results cannot be sorted by text; use created_at or updated_at',
    ],
    [
      'an unknown operator',
      { filter_conditions: { cid: 'messaging:pitch' }, message_filter_conditions: { text: { $regex: 'x' } } },
      'unsupported filter operator $regex',
    ],
  ])('refuses %s with code 4', async (_label, payload, message) => {
    const answer = await search('alice', payload);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 4, StatusCode: 400, message });
  });

  it.each([
    ['a query that is a list', { filter_conditions: { cid: 'messaging:pitch' }, query: ['hello'] }, 'payload.query'],
    [
      'a channel filter that is a list',
      { filter_conditions: [{ cid: 'messaging:pitch' }], query: 'hello' },
      'payload.filter_conditions',
    ],
    [
      'a sort with a null item',
      { filter_conditions: { cid: 'messaging:pitch' }, query: 'hello', sort: [null] },
      'payload.sort.0',
    ],
    [
      'an $and that is not a list',
      { filter_conditions: { cid: 'messaging:pitch' }, message_filter_conditions: { $and: { text: 'hello' } } },
      'payload.message_filter_conditions.$and',
    ],
  ])('refuses %s with code 4 naming the field', async (_label, payload, field) => {
    const answer = await search('alice', payload);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 4, exception_fields: { [field]: expect.any(String) } });
    expect(String(answer.body.message)).toContain(`field "${field}"`);
  });

  it('refuses a payload that is not JSON with code 4', async () => {
    const answer = await rawChat(server, 'GET', '/search?payload=%7Bnope', 'alice');
    expect(answer.body).toMatchObject({ code: 4, message: 'payload is not valid JSON' });
  });

  it('refuses an empty query through the client with code 4', async () => {
    await expect(carol.search({ members: { $in: ['carol'] } }, '')).rejects.toMatchObject({
      code: 4,
      message: 'StreamChat error code 4: query must be a non-empty search text',
    });
  });
});
