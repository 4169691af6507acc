import type { PartialUserUpdate, StreamChat, UserFilters, UserResponse } from 'stream-chat';
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

describe.each(ENGINES)('chat users on $name', (engine) => {
  let server: ChatServer;
  let admin: StreamChat;
  let alice: StreamChat;
  let bob: StreamChat;

  const ids = (users: { id: string }[]) => users.map((u) => u.id);
  // Custom user fields, which the client's types do not know.
  const filterOn = (filter: Record<string, unknown>) => filter as UserFilters;
  const partial = (update: { id: string; set?: Record<string, unknown>; unset?: string[] }) =>
    update as PartialUserUpdate;
  const withCustom = (user: Record<string, unknown> & { id: string }) => user as UserResponse;

  beforeAll(async () => {
    // The hosted service's default: users may update themselves (the sandbox's is off; see permission-matrix).
    server = await startChatServer(engine, { CHAT_CLIENT_USER_UPDATES: 'true' });
    admin = serverClient(server);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    const others: UserResponse[] = [
      { id: 'alina', name: 'Alina Zed' },
      { id: 'alina2', name: 'Alina Zed' },
      { id: 'zed', name: 'Alf Zed' },
      { id: 'val', name: 'Valerie' },
      withCustom({ id: 'walsh', name: 'Xavier Walsh', position: 'keeper' }),
    ];
    await admin.upsertUsers(others);
    await alice.channel('messaging', 'club', { members: ['alice', 'bob'] }).watch();
    await bob.channel('messaging', 'club').watch();
  });
  afterAll(() => server.close());

  it('answers the mention autocomplete query sorted by name then id', async () => {
    const { users } = await bob.queryUsers(
      { $or: [{ id: { $autocomplete: 'al' } }, { name: { $autocomplete: 'al' } }] },
      [{ name: 1 }, { id: 1 }],
    );
    expect(ids(users)).toEqual(['zed', 'alice', 'alina', 'alina2']);
    expect(users[1]).toMatchObject({
      id: 'alice',
      name: 'Alice Adams',
      role: 'user',
      online: true,
      banned: false,
      teams: [],
    });
    expect(users[1]?.created_at).toEqual(expect.any(String));
    expect(users[0]).toMatchObject({ id: 'zed', online: false });
  });

  it('filters on custom fields and pages with limit and offset', async () => {
    const keepers = await bob.queryUsers(filterOn({ position: 'keeper' }));
    expect(keepers.users).toEqual([expect.objectContaining({ id: 'walsh', name: 'Xavier Walsh', position: 'keeper' })]);
    const all = { id: { $in: ['alice', 'alina', 'alina2', 'bob', 'val'] } };
    const first = await bob.queryUsers(all, [{ id: 1 }], { limit: 2 });
    expect(ids(first.users)).toEqual(['alice', 'alina']);
    const second = await bob.queryUsers(all, [{ id: 1 }], { limit: 2, offset: 2 });
    expect(ids(second.users)).toEqual(['alina2', 'bob']);
    const newest = await bob.queryUsers({ id: { $in: ['alice', 'bob'] } }, { created_at: -1 });
    expect(ids(newest.users)).toEqual(['bob', 'alice']);
  });

  it('with presence: true sends the caller presence changes of the returned users', async () => {
    const dora = await connectClient(server, 'dora', 'Dora');
    const bobSees = recordEvents(bob, 'user.presence.changed');
    const aliceSees = recordEvents(alice, 'user.presence.changed');
    const { users } = await bob.queryUsers({ id: 'dora' }, [], { presence: true });
    expect(users).toEqual([expect.objectContaining({ id: 'dora', online: true })]);
    await alice.queryUsers({ id: 'dora' });
    await dora.disconnectUser();
    await settle(300);
    expect(bobSees.filter((e) => e.user?.id === 'dora').map((e) => e.user?.online)).toEqual([false]);
    expect(aliceSees.filter((e) => e.user?.id === 'dora')).toEqual([]);
  });

  it('upserts users server-side and tells the user and the channel watchers with user.updated', async () => {
    const bobSees = nextEvent(bob, 'user.updated', 3000, (e) => e.user?.id === 'alice');
    const aliceSees = nextEvent(alice, 'user.updated');
    const answer = await admin.upsertUser(
      withCustom({ id: 'alice', name: 'Alice A.', image: 'https://league.example/alice.png', position: 'striker' }),
    );
    expect(answer.users.alice).toMatchObject({ id: 'alice', name: 'Alice A.', position: 'striker', role: 'user' });
    expect((await bobSees).user).toMatchObject({ id: 'alice', name: 'Alice A.', position: 'striker' });
    expect((await aliceSees).user).toMatchObject({ name: 'Alice A.' });
    await settle();
    expect(alice.user).toMatchObject({ name: 'Alice A.', position: 'striker' });
    expect(bob.channel('messaging', 'club').state.members.alice?.user).toMatchObject({ name: 'Alice A.' });

    // A new user is created with the standard fields.
    const created = await admin.upsertUser({ id: 'newbie', name: 'New Player', role: 'admin' });
    expect(created.users.newbie).toMatchObject({
      id: 'newbie',
      name: 'New Player',
      role: 'admin',
      online: false,
      language: '',
    });
    expect(created.users.newbie?.created_at).toEqual(expect.any(String));
  });

  it('applies partial updates with set and unset, with user.updated', async () => {
    const bobSees = nextEvent(bob, 'user.updated', 3000, (e) => e.user?.id === 'alice');
    const answer = await admin.partialUpdateUser(
      partial({ id: 'alice', set: { name: 'Alice Adams', language: 'fr' }, unset: ['position'] }),
    );
    expect(answer.users.alice).toMatchObject({ name: 'Alice Adams', language: 'fr' });
    expect(answer.users.alice).not.toHaveProperty('position');
    const event = await bobSees;
    expect(event.user).toMatchObject({ id: 'alice', name: 'Alice Adams', language: 'fr' });
    expect(event.user).not.toHaveProperty('position');
    await settle();
    expect(alice.user).not.toHaveProperty('position');
  });

  it('lets a user update itself but not others nor its role (code 17)', async () => {
    const own = await alice.partialUpdateUser(partial({ id: 'alice', set: { nickname: 'Ace' } }));
    expect(own.users.alice).toMatchObject({ nickname: 'Ace' });
    await expect(alice.partialUpdateUser(partial({ id: 'bob', set: { nickname: 'Bobby' } }))).rejects.toMatchObject({
      code: 17,
      status: 403,
      message: "StreamChat error code 17: User 'alice' is not allowed to update user 'bob'",
    });
    await expect(alice.partialUpdateUser({ id: 'alice', set: { role: 'admin' } })).rejects.toMatchObject({
      code: 17,
      message: "StreamChat error code 17: User 'alice' is not allowed to change its own role",
    });
    await expect(alice.upsertUser({ id: 'alice', name: 'Alice Adams', role: 'admin' })).rejects.toMatchObject({
      code: 17,
    });
    await expect(alice.upsertUser({ id: 'bob', name: 'Not Bob' })).rejects.toMatchObject({ code: 17 });
    const same = await alice.upsertUser({ id: 'alice', name: 'Alice Adams', role: 'user' });
    expect(same.users.alice).toMatchObject({ role: 'user', name: 'Alice Adams' });
  });

  it.each([
    [
      'an invalid id',
      'POST',
      { users: { 'bad id!': { id: 'bad id!' } } },
      'user id "bad id!" is invalid: use 1 to 255 letters, numbers and @_.- characters',
    ],
    [
      'an id that does not match its key',
      'POST',
      { users: { carol: { id: 'dave' } } },
      'user id dave does not match its key carol',
    ],
    [
      'a long name',
      'POST',
      { users: { carol: { id: 'carol', name: 'x'.repeat(101) } } },
      'user carol: name must be at most 100 characters',
    ],
    [
      'a name that is not a string',
      'POST',
      { users: { carol: { id: 'carol', name: 7 } } },
      'user carol: name must be a string',
    ],
    [
      'an unknown role',
      'POST',
      { users: { carol: { id: 'carol', role: 'wizard' } } },
      'user carol: role "wizard" does not exist',
    ],
    ['no users', 'POST', { users: {} }, 'users must be an object of users by id'],
    ['no update list', 'PATCH', { users: {} }, 'users must be a list of {id, set, unset} updates'],
    [
      'a read-only field',
      'PATCH',
      { users: [{ id: 'bob', set: { created_at: '2020-01-01T00:00:00Z' } }] },
      'user bob: field created_at cannot be changed',
    ],
    [
      'set and unset of one field',
      'PATCH',
      { users: [{ id: 'bob', set: { mood: 'ok' }, unset: ['mood'] }] },
      'user bob: field mood cannot be both set and unset',
    ],
    ['an empty update', 'PATCH', { users: [{ id: 'bob' }] }, 'user bob: set or unset is required'],
    [
      'an invalid id in a partial update',
      'PATCH',
      { users: [{ id: '', set: { a: 1 } }] },
      'user id "" is invalid: use 1 to 255 letters, numbers and @_.- characters',
    ],
    [
      'a long name in a partial update',
      'PATCH',
      { users: [{ id: 'bob', set: { name: 'y'.repeat(101) } }] },
      'user bob: name must be at most 100 characters',
    ],
  ])('refuses %s with code 4', async (_label, method, body, message) => {
    const answer = await rawChat(server, method, '/users', null, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 4, StatusCode: 400, message });
    const { users } = await alice.queryUsers({ id: { $in: ['carol', 'dave'] } });
    expect(users).toEqual([]);
  });

  it('refuses a partial update of an unknown user with code 16, changing nothing', async () => {
    await expect(
      admin.partialUpdateUsers([
        partial({ id: 'bob', set: { mood: 'happy' } }),
        { id: 'ghost', set: { name: 'Nobody' } },
      ]),
    ).rejects.toMatchObject({
      code: 16,
      status: 404,
      message: 'StreamChat error code 16: User "ghost" does not exist',
    });
    const { users } = await alice.queryUsers({ id: 'bob' });
    expect(users[0]).not.toHaveProperty('mood');
  });

  it('refuses bad query input with code 4', async () => {
    const payload = (p: unknown) => `/users?payload=${encodeURIComponent(JSON.stringify(p))}`;
    const badLimit = await rawChat(server, 'GET', payload({ filter_conditions: {}, limit: 500 }), 'alice');
    expect(badLimit.body).toMatchObject({ code: 4, message: 'limit must be between 0 and 100' });
    const badFilter = await rawChat(server, 'GET', payload({ filter_conditions: [] }), 'alice');
    expect(badFilter.body).toMatchObject({
      code: 4,
      message: 'field "payload.filter_conditions" must be object',
      exception_fields: { 'payload.filter_conditions': 'must be object' },
    });
    const badOperator = await rawChat(server, 'GET', payload({ filter_conditions: { name: { $like: 'a' } } }), 'alice');
    expect(badOperator.body).toMatchObject({ code: 4, message: 'unsupported filter operator $like' });
  });
});
