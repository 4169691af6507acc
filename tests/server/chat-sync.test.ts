import { StreamChat, type UserResponse } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatDirectory,
  chatFailure,
  sandboxUrlOf,
  type ChatDirectoryConfig,
} from '../../server/api/chat/chat-users.js';
import { syncDemoChat } from '../../server/api/chat/demo-chat.js';
import { DEMO_CHANNELS, type DemoChannel } from '../../server/db/seed/demo-channels.js';
import { LEAGUE_NAME } from '../../server/db/seed/demo-league-data.js';
import { DEMO_USERS } from '../../server/db/seed/demo-users.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import { ENGINES } from '../support/engines.js';
import { Visitor } from '../support/http-client.js';
import { form, png } from '../support/images.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { brokenChatService } from '../support/broken-chat.js';

const PUBLIC_URL = 'https://league.example';

describe.each(ENGINES)('members in the chat service on $name', (engine) => {
  let server: TestServer;
  let chat: StreamChat;

  const chatUser = async (id: number): Promise<UserResponse | undefined> =>
    (await chat.queryUsers({ id: String(id) })).users[0];

  beforeAll(async () => {
    server = await startTestServer(engine, { PUBLIC_URL: `${PUBLIC_URL}/` });
    chat = new StreamChat(server.config.chatApiKey, server.config.chatApiSecret, {
      baseURL: `${server.url}/chat`,
      timeout: 5000,
    });
  });
  afterAll(() => server.close());

  it('creates the chat user at registration, with the name and language', async () => {
    const visitor = new Visitor(server.url);
    const answer = await visitor.send('POST', '/api/auth/register', {
      json: { email: 'pat@league.example', name: 'Pat Quinn', password: 'correct horse battery', language: 'fr' },
    });
    expect(answer.status).toBe(201);
    const id = answer.body.id as number;
    const user = await chatUser(id);
    // In a team of their own: a member without a league finds nobody in the chat.
    expect(user).toMatchObject({ id: String(id), name: 'Pat Quinn', language: 'fr', teams: [`member-${id}`] });
    expect(user?.image).toBeUndefined();
  });

  it('follows profile and avatar changes, with the picture as an absolute URL under PUBLIC_URL', async () => {
    const visitor = new Visitor(server.url);
    const id = (await visitor.register('robin@league.example', 'Robin Vale')).body.id as number;

    const renamed = await visitor.send('PUT', `/api/users/${id}`, { json: { name: 'Robin V.', language: 'de' } });
    expect(renamed.status).toBe(200);
    expect(await chatUser(id)).toMatchObject({ name: 'Robin V.', language: 'de' });

    const avatar = await visitor.send('PUT', `/api/users/${id}/avatar`, { body: form('avatar', png()) });
    expect(avatar.status).toBe(200);
    const avatarUrl = avatar.body.avatar_url as string;
    expect(avatarUrl).toMatch(/^\/api\/users\/\d+\/avatar\?v=/);
    expect((await chatUser(id))?.image).toBe(`${PUBLIC_URL}${avatarUrl}`);

    const cleared = await visitor.send('PUT', `/api/users/${id}`, { json: { language: null } });
    expect(cleared.status).toBe(200);
    const user = await chatUser(id);
    expect(user).toMatchObject({ name: 'Robin V.', image: `${PUBLIC_URL}${avatarUrl}` });
    expect(user?.language ?? '').toBe('');
  });

  it('does not fail registration or profile changes during a chat outage; the next sign-in heals the chat user', async () => {
    const outage = await brokenChatService();
    server.app.chatDirectory.setBaseUrl(outage.url);
    let id: number;
    const visitor = new Visitor(server.url);
    try {
      const registered = await visitor.register('sam@league.example', 'Sam Outage');
      expect(registered.status).toBe(201);
      expect(registered.body).toMatchObject({ name: 'Sam Outage', token: expect.any(String) as unknown });
      id = registered.body.id as number;
      const changed = await visitor.send('PUT', `/api/users/${id}`, { json: { name: 'Sam Offline' } });
      expect(changed.status).toBe(200);
      expect(outage.calls()).toBe(2);
      // What the warning says: the failure, never the request with its server token.
      const failure = await server.app.chatDirectory
        .syncUser({ id, name: 'Sam', avatar_url: null, language: null, teams: [`member-${id}`] })
        .then(() => 'no failure', chatFailure);
      expect(failure).toMatch(/HTTP 503/);
      expect(failure).not.toMatch(/eyJ/);
    } finally {
      server.app.chatDirectory.setBaseUrl(null);
      await outage.close();
    }
    expect(await chatUser(id)).toBeUndefined();

    const again = new Visitor(server.url);
    expect((await again.signIn('sam@league.example', 'correct horse battery')).status).toBe(200);
    expect(await chatUser(id)).toMatchObject({ id: String(id), name: 'Sam Offline' });
  });

  it("leaves a chat user's teams to the league sync, and gives teams to a chat user that has none", async () => {
    const visitor = new Visitor(server.url);
    const id = (await visitor.register('tam@league.example', 'Tam Teams')).body.id as number;
    // Teams the league sync set stay through profile changes.
    await chat.partialUpdateUser({ id: String(id), set: { teams: [`member-${id}`, 'league-99'] } });
    expect((await visitor.send('PUT', `/api/users/${id}`, { json: { name: 'Tam T.' } })).status).toBe(200);
    expect(await chatUser(id)).toMatchObject({ name: 'Tam T.', teams: [`member-${id}`, 'league-99'] });
    // A chat user without teams (as a client's connection creates one) gets the member's at sign-in.
    await chat.partialUpdateUser({ id: String(id), unset: ['teams'] });
    expect((await new Visitor(server.url).signIn('tam@league.example', 'correct horse battery')).status).toBe(200);
    expect((await chatUser(id))?.teams).toEqual([`member-${id}`]);
  });

  it('does not fail registration when the chat service cannot be reached at all', async () => {
    const outage = await brokenChatService();
    await outage.close(); // nothing listens there any more: connection refused
    server.app.chatDirectory.setBaseUrl(outage.url);
    try {
      const registered = await new Visitor(server.url).register('kim@league.example', 'Kim Unreachable');
      expect(registered.status).toBe(201);
    } finally {
      server.app.chatDirectory.setBaseUrl(null);
    }
  });

  it('sets up the demo league chat: every demo member, the league channels and a direct conversation, once', async () => {
    await seedDemoData(server.database, server.config.dataDir, server.config.demoPassword);
    await syncDemoChat(server.app.chatDirectory, server.database);
    await syncDemoChat(server.app.chatDirectory, server.database); // idempotent: nothing doubles

    const { users } = await chat.queryUsers({ name: { $in: DEMO_USERS.map((d) => d.name) } }, [], { limit: 100 });
    expect(users).toHaveLength(DEMO_USERS.length);
    for (const user of users) expect(user.image).toMatch(new RegExp(`^${PUBLIC_URL}/api/users/${user.id}/avatar\\?v=`));
    const alex = users.find((u) => u.name === DEMO_USERS[0]!.name)!;
    const jordan = users.find((u) => u.name === DEMO_USERS[1]!.name)!;

    const leagueId = (await server.database.db.selectFrom('leagues').select('id').executeTakeFirstOrThrow()).id;
    for (const user of users) expect(user.teams).toEqual([`member-${user.id}`, `league-${leagueId}`]);
    const league = await chat.queryChannels({ type: 'team' }, [{ created_at: 1 }], { message_limit: 10, limit: 30 });
    for (const channel of league) expect(channel.data?.team).toBe(`league-${leagueId}`);
    const demoTeams = DEMO_CHANNELS.filter((c) => c.type === 'team');
    // The league's own channels carry the league's names (decision 0040); the others their own.
    const leagueName = (demo: DemoChannel) =>
      ({ general: LEAGUE_NAME, 'match-day': `${LEAGUE_NAME} · Match day`, results: `${LEAGUE_NAME} · Results` })[
        demo.league as string
      ] ?? demo.name;
    const byId = new Map(league.map((c) => [c.id, c]));
    expect([...byId.keys()].sort()).toEqual(demoTeams.map((c) => c.id).sort());
    const ids = DEMO_USERS.map((d) => users.find((u) => u.name === d.name)!.id);
    for (const demo of demoTeams) {
      const channel = byId.get(demo.id!)!;
      expect(channel.data?.name).toBe(leagueName(demo));
      // Every demo member is in the league, so its league-wide channels hold them all; its team
      // channels are checked against the squads in demo-chat-follows.test.ts.
      if (demo.members !== 'league' || !['HAW', 'COM', 'OWL', 'BEA'].includes(demo.league!)) {
        const expected = demo.members === 'all' || demo.members === 'league' ? ids : demo.members.map((m) => ids[m]!);
        expect(Object.keys(channel.state.members).sort()).toEqual([...expected].sort());
      }
      expect(channel.state.messages.map((m) => m.text)).toEqual(demo.messages.map((m) => m.text));
    }
    expect(byId.get('general')!.state.messages[0]).toMatchObject({
      user: { id: alex.id },
      text: expect.stringContaining('Welcome') as unknown,
    });

    const direct = await chat.queryChannels({ type: 'messaging', members: { $eq: [alex.id, jordan.id] } }, [], {
      message_limit: 10,
    });
    expect(direct).toHaveLength(1);
    expect(direct[0]!.data?.team).toBe(`league-${leagueId}`);
    expect(direct[0]!.state.messages.map((m) => m.user?.id)).toEqual([alex.id, jordan.id]);
  });
});

describe('chat directory addresses', () => {
  const config: ChatDirectoryConfig = {
    chatProvider: 'sandbox',
    chatBaseUrl: null,
    chatApiKey: 'sideline-local',
    chatApiSecret: 's'.repeat(32),
    publicUrl: 'http://localhost:3000',
  };

  it('finds the sandbox at the listening address, loopback for a wildcard one', () => {
    expect(sandboxUrlOf({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe('http://127.0.0.1:3000/chat');
    expect(sandboxUrlOf({ address: '::', family: 'IPv6', port: 3001 })).toBe('http://[::1]:3001/chat');
    expect(sandboxUrlOf({ address: '10.0.0.5', family: 'IPv4', port: 80 })).toBe('http://10.0.0.5:80/chat');
    expect(sandboxUrlOf({ address: 'fd00::5', family: 'IPv6', port: 80 })).toBe('http://[fd00::5]:80/chat');
    expect(sandboxUrlOf(null)).toBeNull();
  });

  it('uses the sandbox once listening, CHAT_BASE_URL when set, and the hosted default for the hosted service', () => {
    let listening: string | null = null;
    const sandbox = new ChatDirectory(config, () => listening);
    expect(() => sandbox.client()).toThrow(/not listening/);
    listening = 'http://127.0.0.1:4000/chat';
    expect(sandbox.client().baseURL).toBe('http://127.0.0.1:4000/chat');

    const configured = new ChatDirectory({ ...config, chatBaseUrl: 'https://chat.internal.example' }, () => listening);
    expect(configured.client().baseURL).toBe('https://chat.internal.example');

    const hosted = new ChatDirectory({ ...config, chatProvider: 'stream' }, () => listening);
    expect(hosted.baseUrl()).toBeUndefined();
    expect(hosted.client().baseURL).toBe('https://chat.stream-io-api.com');
    expect(hosted.client().secret).toBe(config.chatApiSecret);
  });

  it('describes a member as a chat user with an absolute picture URL', () => {
    const directory = new ChatDirectory({ ...config, publicUrl: 'https://league.example/app' }, () => null);
    const pat = { id: 7, name: 'Pat', avatar_url: '/api/users/7/avatar?v=abc', language: 'it', teams: ['member-7'] };
    expect(directory.chatUser(pat)).toEqual({
      id: '7',
      name: 'Pat',
      image: 'https://league.example/app/api/users/7/avatar?v=abc',
      language: 'it',
      teams: ['member-7'],
    });
    expect(directory.chatUser({ id: 8, name: 'Lee', avatar_url: null, language: null, teams: [] })).toEqual({
      id: '8',
      name: 'Lee',
      image: undefined,
      language: undefined,
      teams: [],
    });
  });
});
