// @vitest-environment jsdom
/**
 * What each message shows, against the real chat sandbox and a real `stream-chat` client: text
 * with links (http(s) only) and highlighted mentions, never markup; attachments by type; quoted,
 * deleted, edited, pinned, system, error and ephemeral `/giphy` messages with their buttons; and
 * the outbox's failed messages, retried under their own id without a duplicate.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, nextEvent, serverClient, startChatServer, type ChatServer } from '../support/chat';
import { articleWith, installScrollShims, messageTexts, openList, type OpenedList } from '../support/message-list';

const WAIT = { timeout: 10_000 };

let server: ChatServer;
let admin: StreamChat;
let alice: StreamChat;
let opened: OpenedList | null = null;

async function channelWith(id: string) {
  const channel = admin.channel('messaging', id, { members: ['alice', 'bob', 'sam'], created_by_id: 'alice' });
  await channel.create();
  return channel;
}

beforeAll(async () => {
  installScrollShims();
  server = await startChatServer();
  admin = serverClient(server);
  await admin.upsertUsers([
    { id: 'alice', name: 'Alice Adams' },
    { id: 'bob', name: 'Bob Brown' },
    { id: 'sam', name: 'Sam Lee' },
  ]);
  alice = await connectClient(server, 'alice', 'Alice Adams');
});
afterEach(() => {
  opened?.close();
  opened = null;
});
afterAll(() => server.close());

describe('message text', () => {
  it('makes http(s) addresses links, highlights mentions, and shows markup as text', async () => {
    const channel = await channelWith('text');
    await channel.sendMessage({
      user_id: 'bob',
      text: 'Fixtures at https://league.example/fixtures?week=5 and sideline.org. <script>alert(1)</script><b>bold</b> javascript:alert(2) ftp://files.example/x',
    });
    await channel.sendMessage({
      user_id: 'bob',
      text: 'Thanks @Alice Adams and @Sam Lee!',
      mentioned_users: ['alice', 'sam'],
    });
    opened = await openList(alice, 'messaging:text');
    await waitFor(() => expect(messageTexts()).toHaveLength(2), WAIT);

    const first = articleWith(messageTexts()[0]!);
    const links = within(first).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://league.example/fixtures?week=5',
      'http://sideline.org/',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(first.querySelector('script, b')).toBeNull();
    expect(first.textContent).toContain('<script>alert(1)</script><b>bold</b>');
    expect(first.textContent).toContain('javascript:alert(2) ftp://files.example/x');

    const second = articleWith('Thanks @Alice Adams and @Sam Lee!');
    const mentions = [...second.querySelectorAll<HTMLElement>('.chat-mention')];
    expect(mentions.map((m) => [m.textContent, m.dataset.mine ?? null])).toEqual([
      ['@Alice Adams', 'true'],
      ['@Sam Lee', null],
    ]);
  });
});

describe('attachments', () => {
  it('renders images, files, video, audio, giphy, link previews and other cards by type', async () => {
    const channel = await channelWith('files');
    await channel.sendMessage({
      user_id: 'bob',
      text: 'Everything for Saturday',
      attachments: [
        {
          type: 'image',
          image_url: 'https://cdn.example/lineup.png',
          thumb_url: 'https://cdn.example/lineup-small.png',
          fallback: 'lineup.png',
        },
        {
          type: 'file',
          asset_url: 'https://cdn.example/rules.pdf',
          title: 'Rules.pdf',
          mime_type: 'application/pdf',
          file_size: 2_516_582,
        },
        { type: 'video', asset_url: 'https://cdn.example/goal.mp4', title: 'Goal.mp4' },
        { type: 'audio', asset_url: 'https://cdn.example/chant.mp3', title: 'Chant.mp3' },
        {
          type: 'giphy',
          title: 'celebrate',
          thumb_url: 'https://cdn.example/c.gif',
          image_url: 'https://cdn.example/c.gif',
        },
        {
          og_scrape_url: 'https://news.example/derby',
          title: 'Derby report',
          text: 'A late winner',
          title_link: 'https://news.example/derby',
          image_url: 'https://news.example/d.jpg',
        },
        {
          type: 'league_card',
          title: 'Week 5: Lions vs Tigers',
          text: 'Saturday 10:30',
          title_link: 'https://league.example/week/5',
        },
      ],
    });
    opened = await openList(alice, 'messaging:files');
    const article = await waitFor(() => articleWith('Everything for Saturday'), WAIT);
    const types = [...article.querySelectorAll<HTMLElement>('[data-part="attachment"]')].map((a) => a.dataset.type);
    expect(types).toEqual(['image', 'file', 'video', 'audio', 'giphy', 'link', 'card']);

    const file = within(article).getByRole('link', { name: /Download Rules\.pdf/ });
    expect(file.getAttribute('href')).toBe('https://cdn.example/rules.pdf');
    expect(file.textContent).toContain('Rules.pdf');
    expect(file.textContent).toContain('2.4 MB');
    expect(article.querySelector('video')?.getAttribute('src')).toBe('https://cdn.example/goal.mp4');
    expect(article.querySelector('video')?.hasAttribute('controls')).toBe(true);
    expect(article.querySelector('audio')?.getAttribute('src')).toBe('https://cdn.example/chant.mp3');
    expect(within(article).getByRole('link', { name: 'Derby report' }).getAttribute('href')).toBe(
      'https://news.example/derby',
    );
    expect(within(article).getByText('A late winner')).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'Week 5: Lions vs Tigers' }).getAttribute('href')).toBe(
      'https://league.example/week/5',
    );

    // An image opens the global image preview, full size.
    const image = within(article).getByRole('button', { name: 'Open image: lineup.png' });
    expect(image.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/lineup-small.png');
    fireEvent.click(image);
    await waitFor(() =>
      expect(document.querySelector('dialog img')?.getAttribute('src')).toBe('https://cdn.example/lineup.png'),
    );
  });
});

describe('message states', () => {
  it('shows quoted, edited, pinned, deleted and system messages; a quote jumps to its message', async () => {
    const channel = await channelWith('states');
    const original = (await channel.sendMessage({ user_id: 'bob', text: 'Bring the corner flags' })).message;
    await channel.sendMessage({ user_id: 'sam', text: 'I will', quoted_message_id: original.id });
    const edited = (await channel.sendMessage({ user_id: 'bob', text: 'Meet at 9' })).message;
    const bob = await connectClient(server, 'bob', 'Bob Brown');
    await bob.updateMessage({ id: edited.id, text: 'Meet at 9:30' });
    const pinned = (await channel.sendMessage({ user_id: 'bob', text: 'Season rules' })).message;
    await bob.pinMessage(pinned.id);
    const deleted = (await channel.sendMessage({ user_id: 'bob', text: 'Oops, wrong channel' })).message;
    await bob.deleteMessage(deleted.id);
    await channel.sendMessage({ user_id: 'bob', text: 'Sam Lee joined the team', type: 'system' } as never);

    opened = await openList(alice, 'messaging:states');
    await waitFor(() => expect(messageTexts()).toContain('Sam Lee joined the team'), WAIT);

    const reply = articleWith('I will');
    const quote = within(reply).getByRole('button', { name: 'Quoted message from Bob Brown, go to it' });
    expect(quote.textContent).toContain('Bring the corner flags');
    fireEvent.click(quote);
    expect(opened.harness.jumps).toEqual([original.id]);

    expect(within(articleWith('Meet at 9:30')).getByText('(edited)')).toBeTruthy();
    expect(within(articleWith('Bring the corner flags')).queryByText('(edited)')).toBeNull();
    const pin = articleWith('Season rules');
    expect(pin.dataset.pinned).toBe('true');
    expect(within(pin).getByText('Pinned')).toBeTruthy();
    const gone = articleWith('This message was deleted');
    expect(gone.dataset.state).toBe('deleted');
    expect(gone.textContent).not.toContain('Oops');
    const system = articleWith('Sam Lee joined the team');
    expect(system.dataset.state).toBe('system');
    expect(system.querySelector('.chat-avatar')).toBeNull();
  });

  it('shows a refused command as an error only I see, and a /giphy preview with Send, Shuffle and Cancel', async () => {
    await channelWith('commands');
    opened = await openList(alice, 'messaging:commands');
    const channel = opened.channel;
    // Sent as the composer sends: through the outbox, which adds an answer only for me to the channel.
    let sent = 0;
    const answer = async (text: string) => {
      const id = `alice-command-${Date.now()}-${sent++}`;
      act(() =>
        opened!.harness.workspace.outbox.send({ type: 'outbox.send', message: { id, text, cid: channel.cid } }),
      );
      await waitFor(() => expect(channel.state.messages.some((m) => m.id === id)).toBe(true), WAIT);
      return { id };
    };
    await answer('/nosuchcommand now');
    const error = await waitFor(() => articleWith(messageTexts().find((t) => t.startsWith('Sorry'))!), WAIT);
    expect(error.dataset.state).toBe('error');
    expect(within(error).getByText('Only visible to you')).toBeTruthy();

    const preview = await answer('/giphy goal');
    const article = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(`[data-message-id="${preview.id}"]`);
      if (!found) throw new Error('no preview yet');
      return found;
    }, WAIT);
    expect(article.dataset.state).toBe('ephemeral');
    const picture = () => article.querySelector('[data-type="giphy"] img')?.getAttribute('src');
    const first = picture();
    fireEvent.click(within(article).getByRole('button', { name: 'Shuffle' }));
    await waitFor(() => expect(picture()).not.toBe(first), WAIT);

    const bob = await connectClient(server, 'bob', 'Bob Brown');
    await bob.channel('messaging', 'commands').watch();
    const bobSees = nextEvent(bob, 'message.new', 5000, (e) => e.message?.id === preview.id);
    fireEvent.click(within(article).getByRole('button', { name: 'Send' }));
    expect((await bobSees).message?.type).toBe('regular');
    await waitFor(() => {
      const now = document.querySelector<HTMLElement>(`[data-message-id="${preview.id}"]`)!;
      expect(now.dataset.state).toBe('received');
      expect(within(now).queryByRole('button', { name: 'Send' })).toBeNull();
    }, WAIT);
    expect(document.querySelectorAll(`[data-message-id="${preview.id}"]`)).toHaveLength(1);

    const cancelled = await answer('/giphy miss');
    await waitFor(() => expect(document.querySelector(`[data-message-id="${cancelled.id}"]`)).not.toBeNull(), WAIT);
    fireEvent.click(
      within(document.querySelector<HTMLElement>(`[data-message-id="${cancelled.id}"]`)!).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(document.querySelector(`[data-message-id="${cancelled.id}"]`)).toBeNull(), WAIT);
  });
});

describe('outbox messages', () => {
  it('shows a failed message with its label after the channel messages, and retries it under the same id', async () => {
    const channel = await channelWith('outbox');
    await channel.sendMessage({ user_id: 'bob', text: 'Who brings the ball?' });
    opened = await openList(alice, 'messaging:outbox');
    await waitFor(() => expect(messageTexts()).toEqual(['Who brings the ball?']), WAIT);

    const id = `alice-retry-${Date.now()}`;
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    try {
      act(() => {
        opened!.harness.workspace.outbox.send({
          type: 'outbox.send',
          message: { id, text: 'I will', cid: 'messaging:outbox', createdAt: new Date().toISOString() },
        });
      });
      const failed = await screen.findByRole('button', { name: 'Error · Unsent' }, WAIT);
      const article = failed.closest('article')!;
      expect(article.dataset.state).toBe('failed');
      expect(article.dataset.messageId).toBe(id);
      expect(messageTexts()).toEqual(['Who brings the ball?', 'I will']);
    } finally {
      delete (window.navigator as unknown as Record<string, unknown>).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }

    fireEvent.click(screen.getByRole('button', { name: 'Error · Unsent' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Error · Unsent' })).toBeNull(), WAIT);
    await waitFor(() => expect(articleWith('I will').dataset.state).toBe('received'), WAIT);
    expect(document.querySelectorAll(`[data-message-id="${id}"]`)).toHaveLength(1);
    const stored = await admin.getMessage(id);
    expect(stored.message.text).toBe('I will');
  });

  it('shows an unauthorized message without a retry', async () => {
    const channel = await channelWith('frozen');
    await channel.update({ frozen: true });
    opened = await openList(alice, 'messaging:frozen');
    act(() => {
      opened!.harness.workspace.outbox.send({
        type: 'outbox.send',
        message: { id: `alice-frozen-${Date.now()}`, text: 'Anyone?', cid: 'messaging:frozen' },
      });
    });
    expect(await screen.findByText('Message Failed · Unauthorized', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Message Failed · Unauthorized' })).toBeNull();
  });
});
