// @vitest-environment jsdom
/**
 * Message actions of the More menu (issue #10 item 4): pin, flag, copy link, the spec's failure
 * texts, mark unread and the keyboard, against the REAL chat sandbox with REAL stream-chat clients
 * (tests/support/message-actions-room.tsx).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMessage, type Channel, type StreamChat } from 'stream-chat';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectQuoted } from '../../machines/composer/composer.selectors';
import { nextEvent, rawChat, serverClient, type ChatServer } from '../support/chat';
import { articleOf, menuItemNames, messageActionsRoom, openMore, post } from '../support/message-actions-room';

const { room, show } = messageActionsRoom();
let server: ChatServer;
let alice: StreamChat;
let aliceRoom: Channel;
let bobRoom: Channel;
beforeAll(() => void ({ server, alice, aliceRoom, bobRoom } = room));

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
