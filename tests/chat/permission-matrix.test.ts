/**
 * The permission table (server/chat-sandbox/permissions.ts) against the running sandbox: every
 * role × channel type × action with real `stream-chat` clients, each allowed case taking effect
 * and each refused one answering code 17 and changing nothing; `own_capabilities` agreeing with
 * the table; the client user update setting; and the table in docs/chat-sandbox.md.
 */
import { readFileSync } from 'node:fs';
import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '../../server/chat-sandbox/channel-types.js';
import { ACTIONS, can, TABLE_CAPABILITIES, type Action, type Subject } from '../../server/chat-sandbox/permissions.js';
import { ENGINES } from '../support/engines.js';
import { connectClient, rawChat, serverClient, startChatServer, type ChatServer } from '../support/chat.js';

/** The roles of the matrix: a user role, a channel role when a member, and whether they created the channel. */
interface Profile extends Subject {
  key: string;
  label: string;
  owner: boolean;
}

const PROFILES: Profile[] = [
  { key: 'user', label: 'user', role: 'user', owner: false },
  { key: 'member', label: 'member', role: 'user', channelRole: 'channel_member', owner: false },
  { key: 'chanmod', label: 'channel moderator', role: 'user', channelRole: 'channel_moderator', owner: false },
  { key: 'owner', label: 'owner', role: 'user', channelRole: 'channel_member', owner: true },
  { key: 'admin', label: 'admin', role: 'admin', owner: false },
  { key: 'moderator', label: 'moderator', role: 'moderator', channelRole: 'channel_member', owner: false },
  { key: 'guest', label: 'guest', role: 'guest', owner: false },
  { key: 'anonymous', label: 'anonymous', role: 'anonymous', owner: false },
];
const TYPES = Object.keys(CHANNEL_TYPES);
const CHANNEL_ACTIONS = ACTIONS.filter((action) => action !== 'UpdateUser');
const userIdOf = (profile: Profile) => `pm-${profile.key}`;
const TARGET = 'pm-target';
const EXTRA = 'pm-extra';

/** The table's answer for a profile; DeleteMessage is about someone else's message. */
function allowed(profile: Profile, action: Action, type: string, clientUserUpdates = false): boolean {
  const owner = action === 'UpdateUser' || (action !== 'DeleteMessage' && profile.owner);
  return can(profile, action, type, { owner, clientUserUpdates });
}

interface Case {
  channel: (client: StreamChat) => Channel;
  messageId: string;
}

/** The client calls of each action (a case runs all of them). */
const STEPS: Record<Exclude<Action, 'UpdateUser'>, ((client: StreamChat, c: Case) => Promise<unknown>)[]> = {
  UpdateChannel: [
    (client, c) => c.channel(client).update({ name: 'Renamed' }),
    (client, c) => c.channel(client).updatePartial({ set: { image: 'https://league.example/crest.png' } }),
  ],
  TruncateChannel: [(client, c) => c.channel(client).truncate()],
  DeleteChannel: [(client, c) => c.channel(client).delete()],
  UpdateChannelMembers: [
    (client, c) => c.channel(client).addMembers([EXTRA]),
    (client, c) => c.channel(client).removeMembers([TARGET]),
  ],
  PinMessage: [
    (client, c) => client.pinMessage(c.messageId),
    (client, c) => c.channel(client).sendMessage({ text: 'pinned at once', pinned: true }),
  ],
  DeleteMessage: [(client, c) => client.deleteMessage(c.messageId)],
  CreateSystemMessage: [(client, c) => c.channel(client).sendMessage({ text: 'a note', type: 'system' })],
};

/** Whether each step took effect, seen by the server afterwards (null: the channel is gone). */
const EFFECTS: Record<Exclude<Action, 'UpdateUser'>, (channel: Channel | undefined, c: Case) => boolean[]> = {
  UpdateChannel: (ch) => [ch?.data?.name === 'Renamed', ch?.data?.image === 'https://league.example/crest.png'],
  TruncateChannel: (ch) => [!ch?.state.messages.some((m) => m.user?.id === TARGET)],
  DeleteChannel: (ch) => [ch === undefined],
  UpdateChannelMembers: (ch) => [EXTRA in (ch?.state.members ?? {}), !(TARGET in (ch?.state.members ?? {}))],
  PinMessage: (ch, c) => [
    Boolean(ch?.state.messages.find((m) => m.id === c.messageId)?.pinned),
    Boolean(ch?.state.messages.find((m) => m.text === 'pinned at once')?.pinned),
  ],
  DeleteMessage: (ch, c) => [ch?.state.messages.find((m) => m.id === c.messageId)?.type === 'deleted'],
  CreateSystemMessage: (ch) => [Boolean(ch?.state.messages.some((m) => m.type === 'system'))],
};

/** The protocol error a rejected call carries, or null when it succeeded. */
async function outcome(call: Promise<unknown>): Promise<{ code?: number; status?: number; message: string } | null> {
  try {
    await call;
    return null;
  } catch (error) {
    const { code, status, message } = error as { code?: number; status?: number; message: string };
    return { code, status, message };
  }
}

/** Starts a server with the matrix's users (their roles set server-side) and a client for each. */
async function startMatrix(engine: (typeof ENGINES)[number], env: Record<string, string> = {}) {
  const server = await startChatServer(engine, env);
  const admin = serverClient(server);
  await admin.upsertUsers([
    ...PROFILES.map((p) => ({ id: userIdOf(p), name: `The ${p.label}`, role: p.role })),
    { id: TARGET, name: 'Target' },
    { id: EXTRA, name: 'Extra' },
  ]);
  const clients = new Map<string, StreamChat>();
  for (const p of PROFILES) clients.set(p.key, await connectClient(server, userIdOf(p), `The ${p.label}`));
  return { server, admin, clients };
}

/** A fresh channel of `type` with the owner, the members, the moderators and a target's message. */
async function freshChannel(admin: StreamChat, type: string, id: string): Promise<Case> {
  const members = PROFILES.filter((p) => p.channelRole).map((p) => ({
    user_id: userIdOf(p),
    channel_role: p.channelRole,
  }));
  const setup = admin.channel(type, id, {
    created_by_id: userIdOf(PROFILES.find((p) => p.owner)!),
    members: [...members, { user_id: TARGET }],
  });
  await setup.create();
  const { message } = await setup.sendMessage({ text: 'from the target', user_id: TARGET });
  return { channel: (client) => client.channel(type, id), messageId: message.id };
}

async function nameOf(admin: StreamChat, id: string): Promise<string | undefined> {
  const { users } = await admin.queryUsers({ id });
  return users[0]?.name;
}

async function serverView(admin: StreamChat, type: string, id: string): Promise<Channel | undefined> {
  const [channel] = await admin.queryChannels({ cid: `${type}:${id}` }, {}, { message_limit: 30, watch: false });
  return channel;
}

describe.each(ENGINES)('the permission matrix on $name', (engine) => {
  let server: ChatServer;
  let admin: StreamChat;
  let clients: Map<string, StreamChat>;
  beforeAll(async () => {
    ({ server, admin, clients } = await startMatrix(engine));
  });
  afterAll(() => server.close());

  describe.each(TYPES)('in %s channels', (type) => {
    const cases = CHANNEL_ACTIONS.flatMap((action) =>
      PROFILES.map((profile) => ({ action, profile, allowed: allowed(profile, action, type) })),
    );

    it.each(cases)('$action as $profile.label: allowed $allowed', async ({ action, profile, allowed }) => {
      const id = `pm-${action}-${profile.key}`.toLowerCase();
      const c = await freshChannel(admin, type, id);
      const client = clients.get(profile.key)!;
      for (const step of STEPS[action]) {
        const error = await outcome(step(client, c));
        if (allowed) expect(error).toBeNull();
        else expect(error).toMatchObject({ code: 17, status: 403, message: expect.stringContaining('not allowed') });
      }
      const effects = EFFECTS[action](await serverView(admin, type, id), c);
      expect(effects).toEqual(effects.map(() => allowed));
    });

    it.each(PROFILES)('gives the $label the own_capabilities the table grants', async (profile) => {
      const id = `pm-caps-${profile.key}`;
      await freshChannel(admin, type, id);
      const answer = await outcome(clients.get(profile.key)!.channel(type, id).query());
      if (answer) {
        // Not a reader of the channel (a private type and not a member): no capabilities to show.
        expect(answer).toMatchObject({ code: 17 });
        expect(CHANNEL_TYPES[type]!.public || profile.channelRole || profile.role === 'admin').toBeFalsy();
        return;
      }
      const own = clients.get(profile.key)!.channel(type, id).data?.own_capabilities ?? [];
      for (const [capability, action] of Object.entries(TABLE_CAPABILITIES)) {
        const owner = capability !== 'delete-any-message' && profile.owner;
        expect([capability, own.includes(capability)]).toEqual([
          capability,
          can(profile, action, type, { owner, clientUserUpdates: false }),
        ]);
      }
    });

    it('leaves the server (API secret) every right, whoever it names', async () => {
      const c = await freshChannel(admin, type, 'pm-server');
      const channel = admin.channel(type, 'pm-server');
      const outsider = userIdOf(PROFILES[0]!);
      await channel.update({ name: 'Renamed' });
      await channel.updatePartial({ set: { image: 'https://league.example/crest.png' } });
      await channel.addMembers([EXTRA]);
      await channel.removeMembers([TARGET]);
      await admin.pinMessage(c.messageId, null, outsider);
      await channel.sendMessage({ text: 'a note', type: 'system', pinned: true, user_id: outsider });
      const deleted = await rawChat(server, 'DELETE', `/messages/${c.messageId}?deleted_by=${outsider}`, null);
      expect(deleted.status).toBe(200);
      const seen = await serverView(admin, type, 'pm-server');
      for (const action of CHANNEL_ACTIONS.filter((a) => a !== 'DeleteChannel' && a !== 'TruncateChannel')) {
        if (action === 'PinMessage') expect(seen?.state.pinnedMessages.map((m) => m.text)).toContain('a note');
        else expect([action, ...EFFECTS[action as keyof typeof EFFECTS](seen, c)]).not.toContain(false);
      }
      await channel.truncate();
      await channel.delete();
      expect(await serverView(admin, type, 'pm-server')).toBeUndefined();
    });
  });

  it('words a refusal as the hosted service does', async () => {
    await freshChannel(admin, 'messaging', 'pm-wording');
    const member = clients.get('member')!;
    expect(await outcome(member.channel('messaging', 'pm-wording').update({ name: 'Mine' }))).toEqual({
      code: 17,
      status: 403,
      message:
        "StreamChat error code 17: UpdateChannel failed with error: \"User 'pm-member' with roles " +
        "['user', 'channel_member'] is not allowed to perform action UpdateChannel in scope 'messaging'\"",
    });
    expect(await outcome(member.partialUpdateUser({ id: 'pm-member', set: { name: 'Me' } }))).toEqual({
      code: 17,
      status: 403,
      message:
        "StreamChat error code 17: UpdateUsersPartial failed with error: \"User 'pm-member' with role " +
        "'user' is not allowed to perform action UpdateUser\"",
    });
  });

  it.each(PROFILES)('refuses the $label a client-side update of itself by default', async (profile) => {
    const client = clients.get(profile.key)!;
    const id = userIdOf(profile);
    expect(allowed(profile, 'UpdateUser', 'messaging')).toBe(false);
    expect(await outcome(client.partialUpdateUser({ id, set: { name: 'Renamed' } }))).toMatchObject({ code: 17 });
    expect(await outcome(client.upsertUser({ id, name: 'Renamed' }))).toMatchObject({ code: 17 });
    // A new connection cannot rename it either; the server (the product) still can.
    await connectClient(server, id, 'Renamed');
    expect(await nameOf(admin, id)).toBe(`The ${profile.label}`);
    await admin.partialUpdateUser({ id, set: { name: `Still the ${profile.label}` } });
    expect(await nameOf(admin, id)).toBe(`Still the ${profile.label}`);
  });
});

describe.each(ENGINES)('client user updates turned on (the hosted default) on $name', (engine) => {
  let server: ChatServer;
  let admin: StreamChat;
  let clients: Map<string, StreamChat>;
  beforeAll(async () => {
    ({ server, admin, clients } = await startMatrix(engine, { CHAT_CLIENT_USER_UPDATES: 'true' }));
  });
  afterAll(() => server.close());

  it.each(PROFILES)('lets the $label update itself as the table says', async (profile) => {
    const id = userIdOf(profile);
    const expected = allowed(profile, 'UpdateUser', 'messaging', true);
    const answer = await outcome(clients.get(profile.key)!.partialUpdateUser({ id, set: { name: 'Renamed' } }));
    if (expected) expect(answer).toBeNull();
    else expect(answer).toMatchObject({ code: 17, status: 403 });
    expect(await nameOf(admin, id)).toBe(expected ? 'Renamed' : `The ${profile.label}`);
    await connectClient(server, id, 'Renamed again');
    expect(await nameOf(admin, id)).toBe('Renamed again');
  });
});

describe('the Permissions table in docs/chat-sandbox.md', () => {
  const cell = (yes: boolean) => (yes ? 'yes' : 'no');
  const expected = [
    ...CHANNEL_ACTIONS.flatMap((action) =>
      TYPES.map((type) => [action, type, ...PROFILES.map((p) => cell(allowed(p, action, type)))]),
    ),
    ['UpdateUser', 'false', ...PROFILES.map((p) => cell(allowed(p, 'UpdateUser', 'messaging', false)))],
    ['UpdateUser', 'true', ...PROFILES.map((p) => cell(allowed(p, 'UpdateUser', 'messaging', true)))],
  ];

  it('matches the module', () => {
    const doc = readFileSync(new URL('../../docs/chat-sandbox.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('\n## Permissions\n')).split(/\n## /)[1] ?? '';
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    expect(rows[0]!.slice(2)).toEqual(PROFILES.map((p) => p.label));
    // Each body row: the action in backticks, the channel type in backticks (or the setting), the cells.
    const body = rows
      .slice(2)
      .map(([what, where, ...cells]) => [
        /`(\w+)`/.exec(what!)?.[1],
        /CHAT_CLIENT_USER_UPDATES=(\w+)/.exec(where!)?.[1] ?? /`(\w+)`/.exec(where!)?.[1],
        ...cells,
      ]);
    const markdown = expected.map((row) => `| \`${row[0]}\` | ${row.slice(1).join(' | ')} |`).join('\n');
    expect(body, `expected rows:\n${markdown}`).toEqual(expected);
  });
});
