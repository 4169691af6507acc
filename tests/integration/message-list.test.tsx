// @vitest-environment jsdom
/**
 * The message list against the real chat sandbox and a real `stream-chat` client: where it opens
 * (the first unread message, with the "N new messages" separator), date separators and author
 * groups, pages of 25 older messages, jumps far back (a set loaded around the message, merged
 * with overlapping ones) and back to the latest, live messages and the count of new ones below,
 * marking read, typing, read receipts and the reconnecting state.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectClient, nextEvent, serverClient, startChatServer, type ChatServer } from '../support/chat';
import {
  articleWith,
  installScrollShims,
  list,
  messageTexts,
  openList,
  rowWith,
  separatorsIn,
  type OpenedList,
} from '../support/message-list';

const WAIT = { timeout: 10_000 };
const DAY = 24 * 60 * 60 * 1000;

let server: ChatServer;
let admin: StreamChat;
let alice: StreamChat;
let bob: StreamChat;
let opened: OpenedList | null = null;
let seededAt = 0;

/**
 * Messages on earlier days. The sandbox's timestamps only increase within the process, so the
 * server starts, and these are created, with the clock set back (only `Date` is faked).
 */
async function startWithDays() {
  const now = Date.now();
  seededAt = now;
  const yesterday = new Date(now - DAY);
  yesterday.setHours(10, 0, 0, 0);
  const at = async (time: number, text: string, user_id: string) => {
    vi.setSystemTime(time);
    await admin.channel('messaging', 'days').sendMessage({ text, user_id });
  };
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(now - 11 * DAY);
    server = await startChatServer();
    admin = serverClient(server);
    await admin.upsertUsers([
      { id: 'alice', name: 'Alice Adams' },
      { id: 'bob', name: 'Bob Brown' },
      { id: 'sam', name: 'Sam Lee' },
    ]);
    await channelWith('days');
    await at(now - 10 * DAY, 'Season kick-off', 'bob');
    await at(now - 3 * DAY, 'Training moved', 'bob');
    await at(yesterday.getTime(), 'First', 'bob');
    await at(yesterday.getTime() + 60_000, 'Second', 'bob');
    await at(yesterday.getTime() + 20 * 60_000, 'Third', 'bob');
    await at(yesterday.getTime() + 21 * 60_000, 'Sam here', 'sam');
  } finally {
    vi.useRealTimers();
  }
  await admin.channel('messaging', 'days').sendMessage({ text: 'Today it is', user_id: 'alice' });
}

async function channelWith(id: string, members = ['alice', 'bob', 'sam']) {
  const channel = admin.channel('messaging', id, { members, created_by_id: 'alice' });
  await channel.create();
  return channel;
}

async function seed(id: string, count: number, prefix: string, userId = 'bob') {
  const channel = admin.channel('messaging', id);
  const ids: string[] = [];
  for (let i = 1; i <= count; i++)
    ids.push((await channel.sendMessage({ text: `${prefix} ${i}`, user_id: userId })).message.id);
  return ids;
}

/** Alice reads the channel up to now (waiting for the service to confirm it). */
async function aliceReads(id: string) {
  const [channel] = await alice.queryChannels({ cid: `messaging:${id}` }, {}, { watch: true, state: true });
  const confirmed = nextEvent(
    alice,
    'message.read',
    3000,
    (e) => e.cid === `messaging:${id}` && e.user?.id === 'alice',
  );
  await channel!.markRead();
  await confirmed;
}

type Query = { limit?: number; id_lt?: string; id_gt?: string; id_around?: string };

/** The message pages `client` asks for in channel `id` (observed on the real requests). */
function recordQueries(client: StreamChat, id: string): Query[] {
  const queries: Query[] = [];
  client.axiosInstance.interceptors.request.use((config) => {
    if (config.url?.endsWith(`/channels/messaging/${id}/query`)) {
      const body = (typeof config.data === 'string' ? JSON.parse(config.data) : config.data) as { messages?: Query };
      if (body.messages) queries.push(body.messages);
    }
    return config;
  });
  return queries;
}

beforeAll(async () => {
  installScrollShims();
  await startWithDays();
  alice = await connectClient(server, 'alice', 'Alice Adams');
  bob = await connectClient(server, 'bob', 'Bob Brown');
});
afterEach(() => {
  opened?.close();
  opened = null;
});
afterAll(() => server.close());

describe('message list: where it opens', () => {
  it('opens at the first unread message with the "N new messages" separator', async () => {
    await channelWith('unread');
    await seed('unread', 2, 'Read');
    await aliceReads('unread');
    await seed('unread', 3, 'Unread');
    opened = await openList(alice, 'messaging:unread');
    await waitFor(() => expect(messageTexts()).toEqual(['Read 1', 'Read 2', 'Unread 1', 'Unread 2', 'Unread 3']), WAIT);
    expect(separatorsIn(rowWith('Unread 1'))).toEqual(['3 new messages']);
    expect(screen.getAllByText('3 new messages')).toHaveLength(1);
    expect(rowWith('Read 2').querySelector('[data-part="unread-separator"]')).toBeNull();
    // The end is in view: the channel is marked read (and the separator stays where it was).
    await waitFor(() => expect(opened!.channel.countUnread()).toBe(0), WAIT);
    expect(separatorsIn(rowWith('Unread 1'))).toEqual(['3 new messages']);
  });

  it('counts the unread messages it holds when a late channel query brought an older count', async () => {
    await channelWith('stale');
    await aliceReads('stale');
    const arrived = (text: string) =>
      nextEvent(alice, 'message.new', 3000, (e) => e.cid === 'messaging:stale' && e.message?.text === text);
    let seen = arrived('Stale 1');
    await seed('stale', 1, 'Stale');
    await seen;
    // A channel query the service answers now (one unread) but whose answer is applied after the
    // next message's event, as a slow network can order them.
    let answered!: () => void;
    const atService = new Promise<void>((resolve) => (answered = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const interceptor = alice.axiosInstance.interceptors.response.use(async (response) => {
      if (response.config.url?.endsWith('/channels')) {
        answered();
        await held;
      }
      return response;
    });
    const query = alice.queryChannels({ cid: 'messaging:stale' }, {}, { watch: true, state: true });
    await atService;
    seen = arrived('Late 1');
    await seed('stale', 1, 'Late');
    await seen;
    release();
    await query;
    alice.axiosInstance.interceptors.response.eject(interceptor);
    const channel = alice.activeChannels['messaging:stale']!;
    expect(channel.state.read['alice']!.unread_messages).toBe(1);
    expect(channel.state.messages.map((m) => m.text)).toEqual(['Stale 1', 'Late 1']);

    opened = await openList(alice, 'messaging:stale', { asWatched: true });
    await waitFor(() => expect(messageTexts()).toEqual(['Stale 1', 'Late 1']), WAIT);
    expect(separatorsIn(rowWith('Stale 1'))).toEqual(['Today', '2 new messages']);
  });

  it('loads the messages around the last read one when more than a page is unread', async () => {
    await channelWith('many-unread');
    const lastRead = (await seed('many-unread', 10, 'Old'))[9];
    await aliceReads('many-unread');
    await seed('many-unread', 40, 'New');
    // A client that has not seen the channel yet: it holds only the latest 25 messages.
    const reader = await connectClient(server, 'alice', 'Alice Adams');
    const queries = recordQueries(reader, 'many-unread');
    opened = await openList(reader, 'messaging:many-unread', { viewportHeight: 500 });
    await waitFor(() => expect(separatorsIn(rowWith('New 1'))).toEqual(['40 new messages']), WAIT);
    expect(messageTexts()).toContain('Old 10');
    expect(queries).toContainEqual({ limit: 25, id_around: lastRead });
    // Opened in the middle of the history: the end is not in view, nothing is marked read.
    expect(opened.channel.countUnread()).toBe(40);
    expect(screen.queryByRole('button', { name: 'Jump to first unread' })).toBeNull();

    // Once the list is placed, "Jump to latest" is offered; at the latest messages the first
    // unread one is above, and a control brings the member back.
    fireEvent.click(await screen.findByRole('button', { name: 'Jump to latest' }, WAIT));
    await waitFor(() => expect(messageTexts()).toContain('New 40'), WAIT);
    await waitFor(() => expect(opened!.channel.countUnread()).toBe(0), WAIT);
    const back = await screen.findByRole('button', { name: 'Jump to first unread' }, WAIT);
    expect(back.closest('[data-part="unread-control"]')?.textContent).toContain('40 new messages');
    expect(messageTexts()).not.toContain('New 1');
    fireEvent.click(back);
    await waitFor(() => expect(separatorsIn(rowWith('New 1'))).toEqual(['40 new messages']), WAIT);
  });
});

describe('message list: separators and groups', () => {
  it('separates days in the member language and groups one author within 5 minutes', async () => {
    opened = await openList(alice, 'messaging:days');
    await waitFor(() => expect(messageTexts()).toHaveLength(7), WAIT);

    const now = seededAt;
    const fullDate = new Intl.DateTimeFormat('en', { weekday: 'long' }).format(new Date(now - 10 * DAY));
    expect(separatorsIn(rowWith('Season kick-off'))[0]).toContain(fullDate);
    expect(separatorsIn(rowWith('Season kick-off'))[0]).toMatch(/\d{4}/);
    expect(separatorsIn(rowWith('Training moved'))).toEqual([
      new Intl.DateTimeFormat('en', { weekday: 'long' }).format(new Date(now - 3 * DAY)),
    ]);
    expect(separatorsIn(rowWith('First'))).toEqual(['Yesterday']);
    expect(separatorsIn(rowWith('Second'))).toEqual([]);
    expect(separatorsIn(rowWith('Today it is'))).toEqual(['Today']);

    // One avatar and name per group: a minute later continues it, twenty minutes later starts one.
    const header = (text: string) => articleWith(text).querySelector('.chat-message-author')?.textContent ?? null;
    expect(header('First')).toBe('Bob Brown');
    expect(header('Second')).toBeNull();
    expect(articleWith('Second').dataset.groupStart).toBeUndefined();
    expect(header('Third')).toBe('Bob Brown');
    expect(header('Sam here')).toBe('Sam Lee');
    // Each message is an article named by its author and time; the time shows relative, the full one in its title.
    expect(articleWith('Second').getAttribute('aria-label')).toMatch(/^Bob Brown, .*\d{4}/);
    const time = articleWith('Today it is').querySelector('time')!;
    expect(time.getAttribute('dateTime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(time.textContent).toBe('now');
    // The full moment is its title and in the article's name; no second text swapped in on hover.
    expect(articleWith('Today it is').getAttribute('aria-label')).toContain(time.getAttribute('title'));
    expect(time.dataset.full).toBeUndefined();
    // Follow-up messages carry their clock time for the gutter (shown on hover or focus).
    expect(articleWith('Second').dataset.clock).toMatch(/\d{1,2}:\d{2}/);
    expect(time.getAttribute('title')).toMatch(/\d{4}/);
  });
});

describe('message list: pages and jumps', () => {
  let history: string[];
  let queries: Query[];
  /** A fresh client per test: the client keeps loaded message sets per channel. */
  let reader: StreamChat;

  beforeAll(async () => {
    await channelWith('history');
    history = await seed('history', 80, 'History');
    await aliceReads('history');
    await channelWith('short');
    await seed('short', 30, 'Short');
    await aliceReads('short');
  });
  beforeEach(async () => {
    reader = await connectClient(server, 'alice', 'Alice Adams');
    queries = recordQueries(reader, 'history');
  });

  it('loads pages of 25 older messages while the top is in view, keeping the place', async () => {
    opened = await openList(reader, 'messaging:history');
    // The latest 25 fit (30 rows do): the top is in view, so older pages follow until it is not.
    // Prepended above what was shown: once react-virtuoso has applied the shift of its first index
    // the view is where it was, not at the oldest message. (On a busy machine the mocked list can
    // draw one frame from its first row before the shift and ask for one more page; the place is
    // kept all the same.)
    await waitFor(() => {
      expect(queries.length).toBeGreaterThanOrEqual(2);
      expect(list().dataset.state).toBe('browsing');
      expect(messageTexts()).toContain('History 56');
      expect(messageTexts()).not.toContain('History 6');
    }, WAIT);
    expect(queries.slice(0, 2)).toEqual([
      { limit: 25, id_lt: history[55] },
      { limit: 25, id_lt: history[30] },
    ]);
    expect(queries.slice(2)).toEqual(queries.length > 2 ? [{ limit: 25, id_lt: history[5] }] : []);
    // That extra page may still be on its way: what the list holds agrees with the pages asked for
    // once the answers are in.
    await waitFor(() => {
      const extra = queries.length > 2;
      expect(opened!.channel.state.messages).toHaveLength(extra ? 80 : 75);
      expect(list().dataset.hasPrev).toBe(extra ? 'false' : 'true');
      expect(document.querySelector('[data-part="loading-older"]')).toBeNull();
    }, WAIT);
  });

  it('stops when a page comes back short: hasPrev is recomputed and the beginning is shown', async () => {
    opened = await openList(reader, 'messaging:short');
    await waitFor(() => expect(list().dataset.hasPrev).toBe('false'), WAIT);
    expect(opened.channel.state.messages).toHaveLength(30);
    await waitFor(() => expect(messageTexts()[0]).toBe('Short 1'), WAIT);
    expect(screen.getByText('This is the beginning of the conversation.')).toBeTruthy();
  });

  it('jumps to a message far back (highlighted) and back to the latest, counting new ones below', async () => {
    opened = await openList(reader, 'messaging:history', { targetMessageId: history[4]!, viewportHeight: 500 });
    await waitFor(() => expect(articleWith('History 5').dataset.highlighted).toBe('true'), WAIT);
    expect(queries[0]).toEqual({ limit: 25, id_around: history[4] });
    // The channel's first 25: nothing older, newer ones exist; not the latest messages.
    expect(list().dataset.latest).toBe('false');
    expect(list().dataset.hasPrev).toBe('false');
    expect(list().dataset.hasNext).toBe('true');
    expect(messageTexts()).not.toContain('History 80');

    // A new message meanwhile is counted below, not shown.
    await bob.channel('messaging', 'history').sendMessage({ text: 'While you were away' });
    const jump = await screen.findByRole('button', { name: 'Jump to latest, 1 new message' }, WAIT);
    expect(jump.textContent).toContain('1 new');
    expect(messageTexts()).not.toContain('While you were away');

    fireEvent.click(jump);
    await waitFor(() => expect(messageTexts()).toContain('While you were away'), WAIT);
    expect(list().dataset.latest).toBe('true');
    expect(messageTexts()).toContain('History 80');
    expect(messageTexts()).not.toContain('History 5');
  });

  it('merges a jumped-to set with the latest one when they overlap', async () => {
    opened = await openList(reader, 'messaging:history', { targetMessageId: history[59]! });
    await waitFor(() => expect(articleWith('History 60').dataset.highlighted).toBe('true'), WAIT);
    // 25 around History 60 overlap the latest messages: one set, the latest, without gaps.
    expect(list().dataset.latest).toBe('true');
    expect(list().dataset.hasNext).toBe('false');
    const texts = messageTexts().filter((t) => t.startsWith('History'));
    const numbers = texts.map((t) => Number(t.split(' ')[1]));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    expect(numbers[numbers.length - 1]).toBe(80);
  });

  it('says when a message cannot be found and stays where it was', async () => {
    opened = await openList(reader, 'messaging:history', { targetMessageId: 'no-such-message' });
    expect(await screen.findByText('That message could not be found in this channel', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(list().dataset.state).toBe('browsing'), WAIT);
  });
});

describe('message list: live', () => {
  it('shows new messages live, typing, my receipt, and keeps its content while reconnecting', async () => {
    await channelWith('live', ['alice', 'bob']);
    await seed('live', 3, 'Earlier');
    await aliceReads('live');
    opened = await openList(alice, 'messaging:live');
    await waitFor(() => expect(messageTexts()).toEqual(['Earlier 1', 'Earlier 2', 'Earlier 3']), WAIT);

    const bobs = bob.channel('messaging', 'live');
    await bobs.watch();
    await bobs.sendMessage({ text: 'Kick-off moved to 10:30' });
    await waitFor(() => expect(messageTexts()).toContain('Kick-off moved to 10:30'), WAIT);
    // Announced politely; at the bottom, so nothing is counted below and it is marked read.
    const announcer = document.querySelector('[data-part="announcer"]')!;
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(announcer.textContent).toBe('Bob Brown: Kick-off moved to 10:30'), WAIT);
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull();
    await waitFor(() => expect(opened!.channel.countUnread()).toBe(0), WAIT);

    await bobs.keystroke();
    await waitFor(
      () => expect(document.querySelector('[data-part="typing"]')!.textContent).toBe('Bob Brown is typing…'),
      WAIT,
    );
    await bobs.stopTyping();
    await waitFor(() => expect(document.querySelector('[data-part="typing"]')!.textContent).toBe(''), WAIT);

    // My message: sent (one check), then read by Bob (two checks, his name on hover and focus).
    const mine = `alice-${Date.now()}`;
    act(() => {
      opened!.harness.workspace.outbox.send({
        type: 'outbox.send',
        message: { id: mine, text: 'On my way', cid: 'messaging:live', createdAt: new Date().toISOString() },
      });
    });
    await waitFor(
      () => expect(articleWith('On my way').querySelector('[data-part="receipt"]')?.textContent).toContain('Sent'),
      WAIT,
    );
    expect(document.querySelectorAll(`[data-message-id="${mine}"]`)).toHaveLength(1);
    await bobs.markRead();
    await waitFor(
      () =>
        expect(articleWith('On my way').querySelector('[data-part="receipt"]')?.getAttribute('data-state')).toBe(
          'read',
        ),
      WAIT,
    );
    const readers = within(articleWith('On my way')).getByLabelText('Read by Bob Brown');
    expect(readers.textContent).toContain('Read by 1');
    // Only my last message carries the receipt.
    expect(articleWith('Earlier 3').querySelector('[data-part="receipt"]')).toBeNull();

    // Reconnecting: a visible state, and the messages stay; back, it refreshes.
    opened.setReconnecting(true);
    expect(screen.getByText('Reconnecting…').closest('[role="status"]')).toBeTruthy();
    expect(list().dataset.state).toBe('reconnecting');
    expect(messageTexts()).toContain('On my way');
    opened.setReconnecting(false);
    const refreshed = vi.spyOn(opened.channel, 'countUnread');
    act(() => void alice.dispatchEvent({ type: 'connection.recovered' }));
    await waitFor(() => expect(refreshed).toHaveBeenCalled(), WAIT);
    await waitFor(() => expect(list().dataset.state).toBe('browsing'), WAIT);
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    expect(messageTexts()).toContain('Kick-off moved to 10:30');
  });
});
