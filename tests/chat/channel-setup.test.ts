/**
 * Channel set-up as the service does it (issue #15, item 6): invites given at creation, moderators
 * who were not members, filter tags, and members naming users that do not exist.
 */
import type { Event, StreamChat } from 'stream-chat';
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

describe.each(ENGINES)('chat channel set-up on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  let bob: StreamChat;
  let carol: StreamChat;
  const store = () => server.app.chatSandbox!.store;

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    carol = await connectClient(server, 'carol', 'Carol Chen');
  });
  afterAll(() => server.close());

  it('makes users invited at creation invited members, and sends them notification.invited', async () => {
    const bobSees = recordEvents(bob, 'notification.invited', 'notification.added_to_channel');
    const carolSees = recordEvents(carol, 'notification.invited', 'notification.added_to_channel');
    const invited = nextEvent(bob, 'notification.invited', 3000, (e) => e.cid === 'messaging:invites');
    const data: Record<string, unknown> = { members: ['alice', 'carol'], invites: ['bob'] };
    const state = await alice.channel('messaging', 'invites', data).watch();
    const member = (id: string) => state.members.find((m) => m.user_id === id);
    expect(member('bob')).toMatchObject({ invited: true, status: 'invited', channel_role: 'channel_member' });
    expect(member('carol')?.invited).toBeFalsy();
    // Invites are not custom data of the channel.
    expect(state.channel).not.toHaveProperty('invites');
    const event = await invited;
    expect(event).toMatchObject({
      cid: 'messaging:invites',
      channel: { cid: 'messaging:invites' },
      member: { user_id: 'bob', invited: true },
      user: { id: 'bob' },
    });
    await settle(100);
    expect(bobSees.map((e: Event) => e.type)).toEqual(['notification.invited']);
    expect(carolSees.map((e: Event) => e.type)).toEqual(['notification.added_to_channel']);
    const accepted = await bob.channel('messaging', 'invites').acceptInvite();
    expect(accepted.members.find((m) => m.user_id === 'bob')?.invite_accepted_at).toEqual(expect.any(String));
  });

  it('adds a moderator who is not yet a member as a member with the moderator role', async () => {
    const admin = serverClient(server);
    await admin.channel('messaging', 'mods', { members: ['alice'], created_by_id: 'alice' }).create();
    const added = nextEvent(carol, 'notification.added_to_channel', 3000, (e) => e.cid === 'messaging:mods');
    const answer = await admin.channel('messaging', 'mods').addModerators(['carol']);
    expect(answer.members.map((m) => [m.user_id, m.channel_role])).toEqual([['carol', 'channel_moderator']]);
    expect((await added).member).toMatchObject({ user_id: 'carol', channel_role: 'channel_moderator' });
    const state = await carol.channel('messaging', 'mods').query({});
    expect(state.members.find((m) => m.user_id === 'carol')).toMatchObject({ channel_role: 'channel_moderator' });
    expect(state.channel.own_capabilities).toContain('ban-channel-members');
  });

  it('stores filter tags, filters channels on them, and changes them', async () => {
    const tagged = alice.channel('messaging', 'tagged', { members: ['alice', 'bob'], filter_tags: ['u12', 'league'] });
    const created = await tagged.create();
    expect(created.channel.filter_tags).toEqual(['u12', 'league']);
    await alice.channel('messaging', 'untagged', { members: ['alice', 'bob'] }).create();
    const ids = async (tags: string[]) =>
      (await bob.queryChannels({ filter_tags: { $in: tags } }, {}, { watch: false })).map((c) => c.id);
    expect(await ids(['u12'])).toEqual(['tagged']);
    await tagged.addFilterTags(['finals']);
    expect(tagged.data?.filter_tags).toEqual(['u12', 'league', 'finals']);
    expect(await ids(['finals'])).toEqual(['tagged']);
    await tagged.removeFilterTags(['u12']);
    expect(await ids(['u12'])).toEqual([]);
    // A full update without filter_tags keeps them; a partial update replaces them.
    await tagged.update({ name: 'Tagged' });
    expect(await ids(['league'])).toEqual(['tagged']);
    await tagged.updatePartial({ set: { filter_tags: ['cup'] } });
    expect(await ids(['league'])).toEqual([]);
    expect(await ids(['cup'])).toEqual(['tagged']);
    // Changing tags is updating the channel: a member who does not own it may not.
    await expect(bob.channel('messaging', 'tagged').addFilterTags(['mine'])).rejects.toMatchObject({ code: 17 });
    expect(store().channels.get('messaging:tagged')?.filter_tags).toEqual(['cup']);
  });

  it('refuses to create a channel with members that do not exist, and creates nothing', async () => {
    const users = store().users.size;
    const data: Record<string, unknown> = { members: ['alice', 'ghost1'], invites: ['ghost2'] };
    const unknown = alice.channel('messaging', 'ghosts', data);
    await expect(unknown.create()).rejects.toMatchObject({
      code: 4,
      message: expect.stringContaining(
        'GetOrCreateChannel failed with error: "The following users are involved in channel create operation, but don\'t exist: [ghost1 ghost2].',
      ),
    });
    const distinct = await rawChat(server, 'POST', '/channels/messaging/query', 'alice', {
      data: { members: ['alice', 'ghost3'] },
    });
    expect(distinct.status).toBe(400);
    expect(distinct.body.code).toBe(4);
    expect(store().channels.has('messaging:ghosts')).toBe(false);
    expect(store().users.size).toBe(users);
    expect(['ghost1', 'ghost2', 'ghost3'].some((id) => store().users.has(id))).toBe(false);
  });

  it.each([
    ['add_members', { add_members: ['ghost'] }],
    ['invites', { invites: ['ghost'] }],
    ['add_moderators', { add_moderators: ['ghost'] }],
  ])('refuses unknown users in %s with code 4 and changes nothing', async (field, changes) => {
    const admin = serverClient(server);
    await admin.channel('messaging', `keep-${field}`, { members: ['alice'], created_by_id: 'alice' }).create();
    const answer = await rawChat(server, 'POST', `/channels/messaging/keep-${field}`, null, {
      ...changes,
      data: { name: 'Renamed' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 4,
      message: `UpdateChannel failed with error: "could not find user ghost from ${field}"`,
    });
    expect(store().users.has('ghost')).toBe(false);
    expect(
      store()
        .membersOf(`messaging:keep-${field}`)
        .map((m) => m.user_id),
    ).toEqual(['alice']);
    expect(store().channels.get(`messaging:keep-${field}`)?.custom.name).toBeUndefined();
  });
});
