// @vitest-environment jsdom
/**
 * Message actions and reactions (issue #10 item 4): who may do what, reactions, quote, edit and
 * delete, against the REAL chat sandbox with REAL stream-chat clients (tests/support/message-actions-room.tsx).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel, StreamChat } from 'stream-chat';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectEditing, selectIsEditing, selectQuoted } from '../../machines/composer/composer.selectors';
import { connectClient, nextEvent, serverClient, type ChatServer } from '../support/chat';
import { articleOf, menuItemNames, messageActionsRoom, openMore, post } from '../support/message-actions-room';

const { room, show } = messageActionsRoom();
let server: ChatServer;
let alice: StreamChat;
let bob: StreamChat;
let aliceRoom: Channel;
let bobRoom: Channel;
beforeAll(() => void ({ server, alice, bob, aliceRoom, bobRoom } = room));

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
