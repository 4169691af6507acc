/**
 * Multi-tenancy ("teams") in the sandbox, as the hosted service documents it
 * (getstream.io/chat/docs/node/multi_tenant_chat/, docs/decisions/0035): real `stream-chat`
 * clients over HTTP and WebSocket, the server side with the secret.
 */
import type { ChannelFilters, StreamChat, UserFilters } from 'stream-chat';
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

const ids = (list: { id: string }[]) => list.map((item) => item.id).sort();
const channelIds = (channels: { id?: string }[]) => channels.map((channel) => channel.id ?? '').sort();

describe.each(ENGINES)('chat multi-tenancy on $name', (engine) => {
  let server: ChatServer;
  let admin: StreamChat;
  /** Red team; red and blue; blue; no team; no team. */
  let ann: StreamChat;
  let ben: StreamChat;
  let cat: StreamChat;
  let dan: StreamChat;

  const connectAll = async () => {
    ann = await connectClient(server, 'ann');
    ben = await connectClient(server, 'ben');
    cat = await connectClient(server, 'cat');
    dan = await connectClient(server, 'dan');
  };
  const restart = async () => {
    server = (await server.restart()) as ChatServer;
    admin = serverClient(server);
    return (await admin.getAppSettings()).app?.multi_tenant_enabled;
  };

  beforeAll(async () => {
    server = await startChatServer(engine);
    admin = serverClient(server);
    await admin.upsertUsers([
      { id: 'ann', name: 'Ann Archer', teams: ['red'] },
      { id: 'ben', name: 'Ben Archer', teams: ['red', 'blue'] },
      { id: 'cat', name: 'Cat Archer', teams: ['blue'] },
      { id: 'dan', name: 'Dan Archer' },
      { id: 'eve', name: 'Eve Archer' },
    ]);
    await connectAll();
  });
  afterAll(() => server.close());

  it('starts with multi_tenant_enabled on; only the server changes it, and a restart keeps the change', async () => {
    expect((await admin.getAppSettings()).app?.multi_tenant_enabled).toBe(true);
    const refused = await rawChat(server, 'PATCH', '/app', 'ann', { multi_tenant_enabled: false });
    expect(refused).toMatchObject({ status: 403, body: { code: 17 } });
    const bad = await rawChat(server, 'PATCH', '/app', null, { multi_tenant_enabled: 'no' });
    expect(bad).toMatchObject({ status: 400, body: { code: 4 } });

    await admin.updateAppSettings({ multi_tenant_enabled: false });
    expect((await ann.getAppSettings()).app?.multi_tenant_enabled).toBe(false);
    // Off: teams are not checked, so Dan (no team) finds Ann again.
    expect(ids((await dan.queryUsers({ id: 'ann' })).users)).toEqual(['ann']);
    expect(await restart()).toBe(false);
    await admin.updateAppSettings({ multi_tenant_enabled: true });
    expect(await restart()).toBe(true);
    await connectAll();
  });

  it("tells a connecting user their teams in `me`, and lets only the server change a user's teams", async () => {
    expect(ben.user?.teams).toEqual(['red', 'blue']);
    expect(dan.user?.teams).toEqual([]);
    await expect(ann.partialUpdateUser({ id: 'ann', set: { teams: ['red', 'blue'] } })).rejects.toMatchObject({
      code: 17,
      message: expect.stringContaining('is not allowed to perform action UpdateUserTeam') as unknown,
    });
    const own = await rawChat(server, 'POST', '/users', 'ann', { users: { ann: { id: 'ann', teams: ['blue'] } } });
    expect(own).toMatchObject({ status: 403, body: { code: 17 } });
    expect((await admin.queryUsers({ id: 'ann' })).users[0]?.teams).toEqual(['red']);

    // A server upsert replaces the user's data, its teams included.
    await admin.upsertUser({ id: 'zoe', name: 'Zoe', teams: ['green'] });
    await admin.upsertUser({ id: 'zoe', name: 'Zoe' });
    expect((await admin.queryUsers({ id: 'zoe' })).users[0]?.teams).toEqual([]);
    await admin.partialUpdateUser({ id: 'zoe', set: { teams: ['green', 'green', 'teal'] } });
    expect((await admin.queryUsers({ id: 'zoe' })).users[0]?.teams).toEqual(['green', 'teal']);
    await admin.partialUpdateUser({ id: 'zoe', unset: ['teams'] });
    expect((await admin.queryUsers({ id: 'zoe' })).users[0]?.teams).toEqual([]);
  });

  it('keeps the hosted limits: at most 250 teams per user, team names of at most 100 bytes', async () => {
    const teams = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    await admin.partialUpdateUser({ id: 'zoe', set: { teams: teams(250) } });
    expect((await admin.queryUsers({ id: 'zoe' })).users[0]?.teams).toHaveLength(250);
    await expect(admin.partialUpdateUser({ id: 'zoe', set: { teams: teams(251) } })).rejects.toMatchObject({
      code: 4,
      message: expect.stringContaining('at most 250 teams') as unknown,
    });
    await admin.upsertUser({ id: 'zoe', teams: ['é'.repeat(50)] }); // 100 bytes
    await expect(admin.upsertUser({ id: 'zoe', teams: ['é'.repeat(50) + 'x'] })).rejects.toMatchObject({
      code: 4,
      message: expect.stringContaining('longer than 100 bytes') as unknown,
    });
    await admin.upsertUser({ id: 'zoe', name: 'Zoe' });
  });

  it('finds only users who share a team; a user without teams finds only users without one', async () => {
    expect(ids((await ann.queryUsers({ name: { $autocomplete: 'arch' } })).users)).toEqual(['ann', 'ben']);
    expect(ids((await cat.queryUsers({ name: { $autocomplete: 'arch' } })).users)).toEqual(['ben', 'cat']);
    expect(ids((await ben.queryUsers({ name: { $autocomplete: 'arch' } })).users)).toEqual(['ann', 'ben', 'cat']);
    // The mention autocomplete's query.
    const mention: UserFilters = { $or: [{ id: { $autocomplete: 'c' } }, { name: { $autocomplete: 'cat' } }] };
    expect(ids((await ann.queryUsers(mention)).users)).toEqual([]);
    // Asking for every team (`teams: {}`) still leaves out whom the user may not see.
    const everyTeam = { $and: [{ name: { $autocomplete: 'arch' } }, { teams: {} }] } as UserFilters;
    expect(ids((await ann.queryUsers(everyTeam)).users)).toEqual(['ann', 'ben']);
    // No team: none of the team members (and, as the hosted service documents, the others without one).
    expect(ids((await dan.queryUsers({ name: { $autocomplete: 'arch' } })).users)).toEqual(['dan', 'eve']);
    expect(ids((await dan.queryUsers({ id: { $in: ['ann', 'ben', 'cat'] } })).users)).toEqual([]);
    // The server is not restricted, and can ask by team.
    expect(ids((await admin.queryUsers({ name: { $autocomplete: 'arch' } })).users)).toHaveLength(5);
    const blue = await admin.queryUsers({ teams: { $contains: 'blue' } });
    expect(ids(blue.users)).toEqual(['ben', 'cat']);
  });

  it('opens a direct conversation only for a team of the creator, with members of that team', async () => {
    const direct = ann.channel('messaging', { members: ['ann', 'ben'], team: 'red' });
    await direct.watch();
    expect(direct.data?.team).toBe('red');

    await expect(ann.channel('messaging', 'ann-plain', { members: ['ann', 'ben'] }).create()).rejects.toMatchObject({
      code: 17,
      status: 403,
      message: expect.stringContaining('because requested resource does not belong to any team') as unknown,
    });
    await expect(
      ann.channel('messaging', 'ann-blue', { team: 'blue', members: ['ann'] }).create(),
    ).rejects.toMatchObject({
      code: 17,
      message: expect.stringContaining('cannot query a channel for team "blue"') as unknown,
    });
    await expect(ann.channel('messaging', { members: ['ann', 'cat'], team: 'red' }).create()).rejects.toMatchObject({
      code: 17,
      message: expect.stringContaining("users ['cat'] do not belong to the team") as unknown,
    });
    // Nothing was created by the refused calls.
    expect(await admin.queryChannels({ members: { $in: ['cat'] } })).toHaveLength(0);
  });

  it('lets a user without teams open no conversation with a team member', async () => {
    await expect(dan.channel('messaging', { members: ['dan', 'ann'] }).create()).rejects.toMatchObject({ code: 17 });
    await expect(dan.channel('messaging', { members: ['dan', 'ann'], team: 'red' }).create()).rejects.toMatchObject({
      code: 17,
    });
    // Among users without teams, channels without a team work as before.
    const plain = dan.channel('messaging', { members: ['dan', 'eve'] });
    await plain.create();
    expect(plain.data?.team).toBeUndefined();
  });

  it("lists only channels of the user's teams, refuses another team's channel, and a query for every team", async () => {
    await admin.channel('team', 'red-general', { team: 'red', members: ['ann', 'ben'], created_by_id: 'ann' }).create();
    await admin
      .channel('team', 'blue-general', { team: 'blue', members: ['ann', 'ben', 'cat'], created_by_id: 'cat' })
      .create();

    expect(channelIds(await ann.queryChannels({ type: 'team' }))).toEqual(['red-general']);
    expect(channelIds(await ben.queryChannels({ type: 'team' }))).toEqual(['blue-general', 'red-general']);
    await expect(ann.channel('team', 'blue-general').watch()).rejects.toMatchObject({
      code: 17,
      message: expect.stringContaining(
        'GetOrCreateChannel failed with error: "user from teams ["red"] cannot query a channel for team "blue""',
      ) as unknown,
    });
    await expect(ann.channel('team', 'blue-general').sendMessage({ text: 'hello blue' })).rejects.toMatchObject({
      code: 17,
    });
    await expect(ann.queryChannels({ type: 'team', team: {} } as ChannelFilters)).rejects.toMatchObject({ code: 17 });
    expect(channelIds(await ann.queryChannels({ type: 'team', team: 'red' }))).toEqual(['red-general']);
    // A channel's team is changed only server-side.
    await expect(ann.channel('team', 'red-general').updatePartial({ set: { team: 'blue' } })).rejects.toMatchObject({
      code: 17,
    });
    // A user adds only members of the channel's team.
    await expect(ben.channel('team', 'red-general').addMembers(['cat'])).rejects.toMatchObject({ code: 17 });
  });

  it('takes a channel away from a user removed from its team', async () => {
    const channel = ben.channel('team', 'red-general');
    await channel.watch();
    await admin.partialUpdateUser({ id: 'ben', set: { teams: ['blue'] } });
    expect(channelIds(await ben.queryChannels({ type: 'team' }))).toEqual(['blue-general']);
    await expect(channel.sendMessage({ text: 'still here?' })).rejects.toMatchObject({ code: 17 });
    expect(ids((await ben.queryUsers({ name: { $autocomplete: 'arch' } })).users)).toEqual(['ben', 'cat']);
    await admin.partialUpdateUser({ id: 'ben', set: { teams: ['red', 'blue'] } });
    expect(channelIds(await ben.queryChannels({ type: 'team' }))).toEqual(['blue-general', 'red-general']);
  });

  it("stops delivering a channel's messages to a member's open socket once removed, with the removal events", async () => {
    const theirs = ben.channel('team', 'red-general');
    await theirs.watch();
    const mine = ann.channel('team', 'red-general');
    await mine.watch();
    const seen = recordEvents(ben, 'message.new', 'notification.message_new');
    const removed = nextEvent(ben, 'notification.removed_from_channel');
    const memberRemoved = nextEvent(ben, 'member.removed');
    await admin.channel('team', 'red-general').removeMembers(['ben']);
    expect((await removed).cid).toBe('team:red-general');
    expect((await memberRemoved).user?.id).toBe('ben');

    await mine.sendMessage({ text: 'only for the red team now' });
    await settle(300);
    expect(seen.filter((event) => event.cid === 'team:red-general')).toEqual([]);
    // The client let the channel go (notification.removed_from_channel); a new query finds it no more.
    expect(theirs.disconnected).toBe(true);
    expect(await ben.queryChannels({ id: 'red-general' })).toEqual([]);
    await expect(ben.channel('team', 'red-general').query({ messages: { limit: 5 } })).rejects.toMatchObject({
      code: 17,
    });
  });
});
