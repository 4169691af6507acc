// @vitest-environment jsdom
/**
 * Message actions and reactions (issue #10 item 4) against the REAL chat sandbox with REAL
 * stream-chat clients: a small list renders each message of `channel.state.messages` with
 * `MessageActions` and `ReactionList` (the real message list is built elsewhere). Two members
 * (Alice, Bob) share a channel; what one does, the other's client sees.
 */
import { cleanup, screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMessage, type Channel, type LocalMessage, type StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { selectEditing, selectIsEditing, selectQuoted } from '../../machines/composer/composer.selectors';
import { MessageActions } from '../../src/features/chat/message-actions/MessageActions';
import { ReactionList } from '../../src/features/chat/message-actions/ReactionList';
import { connectClient, nextEvent, rawChat, serverClient, startChatServer, type ChatServer } from '../support/chat';
import { useChannelMessages } from '../support/channel-messages';
import { renderInWorkspace, workspaceFor, type WorkspaceHarness } from '../support/chat-ui';

/** The list under test: every message of the open channel (or the given ones) with its actions and reactions. */
function MessagesView({ only }: { only?: LocalMessage[] }) {
  const messages = useChannelMessages();
  return (
    <>
      <ul>
        {(only ?? messages).map((message) => (
          <li key={message.id}>
            <article data-part="message" tabIndex={0} aria-label={`${message.user?.name}: ${message.text}`}>
              <p>{message.text}</p>
              <MessageActions message={message} />
              <ReactionList message={message} />
            </article>
          </li>
        ))}
      </ul>
      <textarea data-part="composer-input" aria-label="Message" />
    </>
  );
}

let server: ChatServer;
let alice: StreamChat;
let bob: StreamChat;
let aliceRoom: Channel;
let bobRoom: Channel;
const harnesses: WorkspaceHarness[] = [];

beforeAll(async () => {
  server = await startChatServer();
  alice = await connectClient(server, 'alice', 'Alice Adams');
  bob = await connectClient(server, 'bob', 'Bob Brown');
  aliceRoom = alice.channel('messaging', 'actions', { members: ['alice', 'bob'] });
  await aliceRoom.watch();
  bobRoom = bob.channel('messaging', 'actions');
  await bobRoom.watch();
});
afterEach(() => {
  cleanup();
  for (const harness of harnesses.splice(0)) harness.stop();
});
afterAll(() => server.close());

async function show(client: StreamChat, channel: Channel, only?: LocalMessage[]) {
  const harness = workspaceFor(client, channel);
  harnesses.push(harness);
  const view = await renderInWorkspace(<MessagesView only={only} />, harness);
  return { harness, view: within(view.container) };
}

/** Sends a message as `channel`'s member and waits until `others` have it. */
async function post(channel: Channel, text: string, ...others: Channel[]): Promise<string> {
  const waits = others.map((other) =>
    nextEvent(other.getClient(), 'message.new', 3000, (e) => e.message?.text === text),
  );
  const { message } = await channel.sendMessage({ text });
  await Promise.all(waits);
  return message.id;
}

type View = BoundFunctions<typeof queries>;

function articleOf(view: View, text: string): HTMLElement {
  return view.getByRole('article', { name: new RegExp(`: ${text}$`) });
}

async function openMore(user: ReturnType<typeof userEvent.setup>, article: HTMLElement) {
  await user.click(within(article).getByRole('button', { name: 'More actions' }));
  return screen.getByRole('menu', { name: 'More actions' });
}

const menuItemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('what a member may do', () => {
  it("offers Edit and Delete on one's own message only, Flag and Mark unread on others' only", async () => {
    await post(bobRoom, 'from bob (rights)', aliceRoom);
    await post(aliceRoom, 'from alice (rights)', bobRoom);
    const user = userEvent.setup();
    const { view } = await show(alice, aliceRoom);

    const others = articleOf(view, 'from bob \\(rights\\)');
    expect(within(others).getAllByRole('button', { name: /^React with/ })).toHaveLength(3);
    expect(menuItemNames(await openMore(user, others))).toEqual([
      'Quote',
      'Pin',
      'Mark unread from here',
      'Remind me…',
      'Save for later',
      'Copy link',
      'Flag',
      'Mute user',
      'Block user',
    ]);
    await user.keyboard('{Escape}');

    const own = articleOf(view, 'from alice \\(rights\\)');
    expect(menuItemNames(await openMore(user, own))).toEqual([
      'Quote',
      'Edit',
      'Delete',
      'Pin',
      'Remind me…',
      'Save for later',
      'Copy link',
    ]);
  });

  it('gives a moderator Edit and Delete on any message', async () => {
    const admin = serverClient(server);
    await admin.upsertUser({ id: 'moderator', name: 'Mo Derator', role: 'admin' });
    await admin.channel('messaging', 'actions').addMembers(['moderator']);
    const moderator = await connectClient(server, 'moderator', 'Mo Derator');
    const room = moderator.channel('messaging', 'actions');
    await room.watch();
    expect(room.data?.own_capabilities).toContain('delete-any-message');
    await post(bobRoom, 'from bob (moderated)', room);
    const user = userEvent.setup();
    const { view } = await show(moderator, room);
    const menu = await openMore(user, articleOf(view, 'from bob \\(moderated\\)'));
    expect(menuItemNames(menu)).toEqual(expect.arrayContaining(['Edit', 'Delete', 'Flag']));
  });

  it('shows a viewer without send-reaction, quote-message or pin-message none of those', async () => {
    const admin = serverClient(server);
    const stream = admin.channel('livestream', 'match-stream', { created_by_id: 'bob' });
    await stream.create();
    await stream.sendMessage({ text: 'kick-off', user_id: 'bob' });
    const viewer = await connectClient(server, 'viewer', 'Vera Viewer');
    const room = viewer.channel('livestream', 'match-stream');
    await room.watch();
    expect(room.data?.own_capabilities).not.toContain('pin-message');
    const user = userEvent.setup();
    const { view } = await show(viewer, room);
    const article = articleOf(view, 'kick-off');
    expect(within(article).queryByRole('button', { name: /^React with/ })).toBeNull();
    expect(within(article).queryByRole('button', { name: 'Add reaction' })).toBeNull();
    expect(menuItemNames(await openMore(user, article))).toEqual([
      'Remind me…',
      'Save for later',
      'Copy link',
      'Mute user',
      'Block user',
    ]);
  });

  it('has no toolbar on system messages', async () => {
    const admin = serverClient(server);
    const waiting = nextEvent(alice, 'message.new', 3000, (e) => e.message?.type === 'system');
    await admin.channel('messaging', 'actions').sendMessage({ text: 'Bob joined', type: 'system', user_id: 'bob' });
    await waiting;
    const { view } = await show(alice, aliceRoom);
    expect(within(articleOf(view, 'Bob joined')).queryByRole('toolbar')).toBeNull();
  });
});

describe('reactions', () => {
  it('toggles my reaction both ways, and the other member sees the counts', async () => {
    await post(bobRoom, 'react to me', aliceRoom);
    const user = userEvent.setup();
    const { view: aliceView } = await show(alice, aliceRoom);
    const { view: bobView } = await show(bob, bobRoom);
    const aliceArticle = articleOf(aliceView, 'react to me');
    const bobArticle = articleOf(bobView, 'react to me');

    const like = within(aliceArticle).getByRole('button', { name: 'React with 👍' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await user.click(like);
    const aliceChip = await within(aliceArticle).findByRole('button', { name: '👍: 1 reaction' });
    expect(aliceChip.getAttribute('aria-pressed')).toBe('true');
    expect(like.getAttribute('aria-pressed')).toBe('true');
    const bobChip = await within(bobArticle).findByRole('button', { name: '👍: 1 reaction' });
    expect(bobChip.getAttribute('aria-pressed')).toBe('false');

    await user.click(bobChip);
    await within(bobArticle).findByRole('button', { name: '👍: 2 reactions', pressed: true });
    await within(aliceArticle).findByRole('button', { name: '👍: 2 reactions', pressed: true });

    await user.click(within(aliceArticle).getByRole('button', { name: '👍: 2 reactions' }));
    await within(aliceArticle).findByRole('button', { name: '👍: 1 reaction', pressed: false });
    await within(bobArticle).findByRole('button', { name: '👍: 1 reaction', pressed: true });

    await user.click(within(bobArticle).getByRole('button', { name: '👍: 1 reaction' }));
    await waitFor(() => expect(within(aliceArticle).queryByRole('group', { name: 'Reactions' })).toBeNull());
    const message = aliceRoom.state.messages.find((m) => m.text === 'react to me')!;
    expect(message.reaction_groups?.like?.count ?? 0).toBe(0);
  });

  it('lists who reacted, by name', async () => {
    const id = await post(aliceRoom, 'who likes this', bobRoom);
    await bobRoom.sendReaction(id, { type: 'love' });
    await aliceRoom.sendReaction(id, { type: 'haha' });
    const user = userEvent.setup();
    const { view } = await show(alice, aliceRoom);
    const article = articleOf(view, 'who likes this');
    await within(article).findByRole('button', { name: '😂: 1 reaction' });
    await user.click(within(article).getByRole('button', { name: 'Who reacted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactions' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['😂Alice Adams (you)', '❤️Bob Brown']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Reactions' })).toBeNull();
    expect(document.activeElement).toBe(within(article).getByRole('button', { name: 'Who reacted' }));
  });

  it('shows a reaction of any emoji-mart id with its emoji', async () => {
    const id = await post(bobRoom, 'on fire', aliceRoom);
    await bobRoom.sendReaction(id, { type: 'fire' });
    const { view } = await show(alice, aliceRoom);
    // Not a default type and no emoji_code: the emoji data is loaded on demand to find it.
    await within(articleOf(view, 'on fire')).findByRole('button', { name: '🔥: 1 reaction' }, { timeout: 15_000 });
  });
});

describe('quote and edit', () => {
  it('puts a quoted message into the composer and focuses it', async () => {
    const id = await post(bobRoom, 'quote me', aliceRoom);
    const user = userEvent.setup();
    const { view, harness } = await show(alice, aliceRoom);
    await user.click(
      within(await openMore(user, articleOf(view, 'quote me'))).getByRole('menuitem', { name: 'Quote' }),
    );
    expect(selectQuoted(harness.open!.composer.getSnapshot())).toEqual({
      id,
      text: 'quote me',
      user: { id: 'bob', name: 'Bob Brown' },
    });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("puts one's own message into the composer for editing", async () => {
    const id = await post(aliceRoom, 'edit me', bobRoom);
    const user = userEvent.setup();
    const { view, harness } = await show(alice, aliceRoom);
    await user.click(within(await openMore(user, articleOf(view, 'edit me'))).getByRole('menuitem', { name: 'Edit' }));
    const snapshot = harness.open!.composer.getSnapshot();
    expect(selectIsEditing(snapshot)).toBe(true);
    expect(selectEditing(snapshot)).toMatchObject({ id, text: 'edit me' });
    expect(snapshot.context.text).toBe('edit me');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });
});

describe('delete', () => {
  it('asks first: cancel keeps the message, confirm deletes it for everyone', async () => {
    const id = await post(aliceRoom, 'delete me', bobRoom);
    const user = userEvent.setup();
    const { view } = await show(alice, aliceRoom);
    const article = articleOf(view, 'delete me');

    await user.click(within(await openMore(user, article)).getByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(within(article).getByRole('button', { name: 'More actions' }));
    expect((await alice.getMessage(id)).message.type).toBe('regular');

    await user.click(within(await openMore(user, article)).getByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
    const seenByBob = nextEvent(bob, 'message.deleted', 3000, (e) => e.message?.id === id);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await seenByBob;
    await waitFor(() => expect(aliceRoom.state.messages.find((m) => m.id === id)?.type).toBe('deleted'));
    // A deleted message has no actions.
    await waitFor(() =>
      expect(within(view.getByRole('article', { name: /: delete me$/ })).queryByRole('toolbar')).toBeNull(),
    );
  });
});

describe('pin, flag, copy link', () => {
  it('pins and unpins, seen by the other member', async () => {
    const id = await post(bobRoom, 'pin me', aliceRoom);
    const user = userEvent.setup();
    const { view } = await show(alice, aliceRoom);
    const article = articleOf(view, 'pin me');
    await user.click(within(await openMore(user, article)).getByRole('menuitem', { name: 'Pin' }));
    await waitFor(() => expect(bobRoom.state.messages.find((m) => m.id === id)?.pinned).toBe(true));
    await waitFor(() => expect(aliceRoom.state.messages.find((m) => m.id === id)?.pinned).toBe(true));
    const menu = await openMore(user, article);
    expect(menuItemNames(menu)).toContain('Unpin');
    expect(menuItemNames(menu)).not.toContain('Pin');
    await user.click(within(menu).getByRole('menuitem', { name: 'Unpin' }));
    await waitFor(() => expect(bobRoom.state.messages.find((m) => m.id === id)?.pinned).toBe(false));
  });

  it('flags a message of another member', async () => {
    await post(bobRoom, 'flag me', aliceRoom);
    const user = userEvent.setup();
    const { view } = await show(alice, aliceRoom);
    await user.click(within(await openMore(user, articleOf(view, 'flag me'))).getByRole('menuitem', { name: 'Flag' }));
    expect(await screen.findByText('Message flagged for the moderators')).toBeTruthy();
  });

  it("copies the message's link", async () => {
    const id = await post(bobRoom, 'link to me', aliceRoom);
    const user = userEvent.setup();
    const { view } = await show(alice, aliceRoom);
    await user.click(
      within(await openMore(user, articleOf(view, 'link to me'))).getByRole('menuitem', { name: 'Copy link' }),
    );
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/chat/messaging/actions?message=${id}`);
  });
});

describe('failures show the spec texts', () => {
  it("says 'Error deleting message', 'Error pinning message', 'Error adding flag' for a message gone meanwhile", async () => {
    // Alice has the channel open but stopped watching it: she does not see the message go.
    const admin = serverClient(server).channel('messaging', 'gone', {
      members: ['alice', 'bob'],
      created_by_id: 'bob',
    });
    await admin.create();
    const mine = (await admin.sendMessage({ text: 'mine, gone', user_id: 'alice' })).message.id;
    const theirs = (await admin.sendMessage({ text: 'theirs, gone', user_id: 'bob' })).message.id;
    const room = alice.channel('messaging', 'gone');
    await room.watch();
    await room.stopWatching();
    expect((await rawChat(server, 'DELETE', `/messages/${mine}?hard=true`, 'alice')).status).toBe(200);
    expect((await rawChat(server, 'DELETE', `/messages/${theirs}?hard=true`, 'bob')).status).toBe(200);
    const user = userEvent.setup();
    const { view } = await show(alice, room);

    const own = articleOf(view, 'mine, gone');
    await user.click(within(await openMore(user, own)).getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting message')).toBeTruthy();
    expect(document.activeElement).toBe(within(own).getByRole('button', { name: 'More actions' }));

    const others = articleOf(view, 'theirs, gone');
    await user.click(within(await openMore(user, others)).getByRole('menuitem', { name: 'Pin' }));
    expect(await screen.findByText('Error pinning message')).toBeTruthy();
    await user.click(within(await openMore(user, others)).getByRole('menuitem', { name: 'Flag' }));
    expect(await screen.findByText('Error adding flag')).toBeTruthy();
    await user.click(within(others).getByRole('button', { name: 'React with 😂' }));
    expect(await screen.findByText('Could not add the reaction')).toBeTruthy();
  });
});

describe('mark unread', () => {
  let longRoom: Channel;
  let oldest: string;
  let newest: string;

  beforeAll(async () => {
    const admin = serverClient(server).channel('messaging', 'long', {
      members: ['alice', 'bob'],
      created_by_id: 'bob',
    });
    await admin.create();
    const ids: string[] = [];
    for (let i = 0; i < 110; i++) ids.push((await admin.sendMessage({ text: `m${i}`, user_id: 'bob' })).message.id);
    oldest = ids[0]!;
    newest = ids[109]!;
    longRoom = alice.channel('messaging', 'long');
    await longRoom.watch();
    await longRoom.markRead();
  });

  it('marks unread from a message within the newest 100', async () => {
    const user = userEvent.setup();
    const { view } = await show(alice, longRoom);
    const marked = nextEvent(alice, 'notification.mark_unread');
    const article = view.getByRole('article', { name: /: m109$/ });
    await user.click(within(await openMore(user, article)).getByRole('menuitem', { name: 'Mark unread from here' }));
    const event = await marked;
    expect(event.first_unread_message_id).toBe(newest);
    expect(event.unread_messages).toBe(1);
    expect(await screen.findByText('Marked unread from this message')).toBeTruthy();
  });

  it('shows the newest-100 error for an older message', async () => {
    const { message } = await alice.getMessage(oldest);
    const user = userEvent.setup();
    const { view } = await show(alice, longRoom, [formatMessage(message)]);
    const article = view.getByRole('article', { name: /: m0$/ });
    await user.click(within(await openMore(user, article)).getByRole('menuitem', { name: 'Mark unread from here' }));
    expect(
      await screen.findByText(
        'Error marking message unread (cannot mark messages older than the newest 100 channel messages)',
      ),
    ).toBeTruthy();
  });
});

describe('keyboard', () => {
  it('reaches every action: one Tab stop, arrows within, the menu by ↓, Escape back to More', async () => {
    await post(bobRoom, 'keyboard only', aliceRoom);
    const user = userEvent.setup();
    const { view, harness } = await show(alice, aliceRoom);
    const article = articleOf(view, 'keyboard only');
    article.focus();
    await user.tab();
    const toolbar = within(article).getByRole('toolbar', { name: 'Message actions' });
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'React with 👍' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'React with ❤️' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    const more = within(toolbar).getByRole('button', { name: 'More actions' });
    expect(document.activeElement).toBe(more);
    await user.keyboard('{Home}{End}{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'More actions' });
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Quote' }));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Block user' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
    // ↑ opens it at the last item; Home then Enter chooses the first.
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Block user' }));
    await user.keyboard('{Home}{Enter}');
    expect(selectQuoted(harness.open!.composer.getSnapshot())?.text).toBe('keyboard only');
    // Escape in the toolbar goes back to the message.
    more.focus();
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(article);
  });
});
