/**
 * A bounded, seeded fuzz over every route of the chat sandbox: thousands of requests with wrong
 * types, hostile strings, deep nesting and broken JSON, as a member, an outsider, the server and
 * nobody. No answer may be a 5xx, every refusal must be the chat error envelope, and what was
 * stored must still serve every member afterwards, also after a restart.
 */
import type { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, serverToken, startChatServer, userToken, type ChatServer } from '../support/chat.js';
import { ENGINES } from '../support/engines.js';
import { bodyOf, fillPath, pick, queryOf, seeded } from '../support/fuzz-requests.js';
import { instantiate, mutate, TEMPLATES, type PoolIds } from '../support/fuzz-templates.js';
import { SCREENS_UNDER_SERVICE_PREFIXES } from '../../server/http/web-app.js';

/** Requests per engine: enough to reach every route many times, few enough for seconds. */
const REQUESTS = Number(process.env.CHAT_FUZZ_REQUESTS ?? 3000);
const SEED = Number(process.env.CHAT_FUZZ_SEED ?? 20261125);
/** Routes that hold the request open (long poll) or upgrade it (WebSocket). */
const SKIPPED = new Set(['/chat/connect', '/chat/longpoll']);
/** The product's own pages under /chat (the chat screen), served by the web app, not the sandbox. */
const PAGES = new Set(SCREENS_UNDER_SERVICE_PREFIXES);

interface Finding {
  route: string;
  status: number;
  message: string;
  /** The request that found it, to replay. */
  request: string;
}

describe.each(ENGINES)('chat sandbox routes under random input on $name', (engine) => {
  let server: ChatServer;
  let alice: StreamChat;
  const clients: StreamChat[] = [];
  const messages: string[] = [];
  const polls: string[] = [];
  const options: string[] = [];
  const users = ['alice', 'bob', 'carol'];
  const pools: PoolIds = { ids: [], messages, polls, options, users };
  const ids = { channel: 'fuzz', messages, polls, options, users };

  beforeAll(async () => {
    server = await startChatServer(engine);
    alice = await connectClient(server, 'alice', 'Alice Adams');
    clients.push(alice, await connectClient(server, 'bob', 'Bob Brown'));
    clients.push(await connectClient(server, 'carol', 'Carol Outsider'));
    const room = alice.channel('messaging', 'fuzz', { members: ['alice', 'bob'] });
    await room.create();
    for (const text of ['first', 'second', 'third']) messages.push((await room.sendMessage({ text })).message.id);
    const { poll } = await alice.createPoll({ name: 'Who plays?', options: [{ text: 'Me' }, { text: 'You' }] });
    polls.push(poll.id);
    options.push(...poll.options.map((option) => option.id));
    const { message } = await room.sendMessage({ text: 'Vote', poll_id: poll.id });
    messages.push(message.id);
    pools.ids = [...users, ...messages, ...polls, ...options, 'messaging:fuzz', 'fuzz'];
  });
  afterAll(() => server.close());

  function routes() {
    return server.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/chat/') &&
        route.method !== 'OPTIONS' &&
        route.method !== 'HEAD' &&
        !SKIPPED.has(route.url) &&
        !PAGES.has(route.url),
    );
  }

  it('answers every request below 500, refusing in the chat error envelope', async () => {
    const random = seeded(SEED);
    const table = routes();
    expect(table.length).toBeGreaterThan(40);
    const findings = new Map<string, Finding>();
    const reached = new Set<string>();
    const identities = [userToken(server, 'alice'), userToken(server, 'carol'), serverToken(server), null];
    for (let i = 0; i < REQUESTS; i++) {
      const route = table[i % table.length]!;
      const token = pick(random, identities);
      const key = `${route.method} ${route.url}`;
      const template = TEMPLATES[key];
      const shaped = template !== undefined && random() < 0.75;
      const query = new URLSearchParams({ api_key: server.config.chatApiKey, ...queryOf(random, pools) });
      if (token && token === identities[2] && random() < 0.7) query.set('user_id', pick(random, users));
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      let payload = hasBody ? bodyOf(random, pools) : undefined;
      if (shaped) {
        const mutations = 1 + Math.floor(random() * 2);
        let shape = instantiate(random, template, pools) as typeof template;
        for (let m = 0; m < mutations; m++) shape = mutate(random, shape, pools) as typeof template;
        if (shape?.query && typeof shape.query === 'object')
          for (const [name, text] of Object.entries(shape.query)) query.set(name, String(text));
        if (shape && 'payload' in shape) query.set('payload', JSON.stringify(shape.payload));
        if (hasBody && shape && 'body' in shape) payload = JSON.stringify(shape.body);
      }
      const url = `${fillPath(random, route.url, ids)}?${query}`;
      const request = `${route.method} ${url.slice(0, 300)} ${(payload ?? '').slice(0, 300)}`;
      const response = await server.app.inject({
        method: route.method as 'GET',
        url,
        headers: {
          ...(token ? { authorization: token, 'stream-auth-type': 'jwt' } : {}),
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
        },
        payload,
      });
      reached.add(key);
      if (response.statusCode >= 500) {
        findings.set(`${key} ${response.statusCode}`, {
          route: key,
          status: response.statusCode,
          message: response.body.slice(0, 200),
          request,
        });
        continue;
      }
      if (response.statusCode < 400) continue;
      const body = safeJson(response.body);
      const enveloped =
        body !== null &&
        typeof body.code === 'number' &&
        typeof body.message === 'string' &&
        body.StatusCode === response.statusCode;
      if (!enveloped)
        findings.set(`${key} envelope`, {
          route: key,
          status: response.statusCode,
          message: response.body.slice(0, 200),
          request,
        });
    }
    expect(reached.size).toBe(table.length);
    expect([...findings.values()]).toEqual([]);
  });

  it('still serves every member what was stored, also after a restart', async () => {
    const check = async () => {
      for (const user of ['alice', 'bob', 'carol']) {
        const query = new URLSearchParams({ api_key: server.config.chatApiKey });
        const response = await server.app.inject({
          method: 'POST',
          url: `/chat/channels?${query}`,
          headers: {
            authorization: userToken(server, user),
            'stream-auth-type': 'jwt',
            'content-type': 'application/json',
          },
          payload: JSON.stringify({
            filter_conditions: { members: { $in: [user] } },
            state: true,
            watch: false,
            limit: 30,
          }),
        });
        expect({ user, status: response.statusCode }).toEqual({ user, status: 200 });
      }
    };
    await check();
    // The clients leave first: one still connected while the server closes reconnects into its 503.
    await Promise.all(clients.map((client) => client.disconnectUser()));
    server = (await server.restart()) as ChatServer;
    await check();
  });
});

function safeJson(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
