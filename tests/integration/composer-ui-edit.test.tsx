// @vitest-environment jsdom
/**
 * The composer's modes and the channel's rules (real machines, real client, chat sandbox): the
 * quoted-message chip; ↑ in an empty composer edits my last message and the edit reaches the other
 * member; Escape leaves editing or the quote; drafts come back when the channel opens again and
 * follow the member's other tab; slow mode counts down; a frozen channel shows why the member
 * cannot write.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, nextEvent, serverClient, startChatServer, type ChatServer } from '../support/chat';
import { renderComposer, WAIT } from './composer-ui-support';

let server: ChatServer;
let alice: StreamChat;
let bob: StreamChat;
let view: Awaited<ReturnType<typeof renderComposer>> | null = null;

async function openChannel(id: string, data: Record<string, unknown> = {}): Promise<Channel> {
  await serverClient(server)
    .channel('team', id, { name: 'Match day', members: ['alice', 'bob'], created_by_id: 'bob', ...data })
    .create();
  await bob.channel('team', id).watch();
  const channel = alice.channel('team', id);
  await channel.watch();
  return channel;
}

beforeAll(async () => {
  server = await startChatServer();
  await serverClient(server).upsertUsers([
    { id: 'alice', name: 'Alice Adams' },
    { id: 'bob', name: 'Bob Brown' },
  ]);
  alice = await connectClient(server, 'alice', 'Alice Adams');
  bob = await connectClient(server, 'bob', 'Bob Brown');
});
afterEach(() => {
  view?.unmount();
  view = null;
  cleanup();
});
afterAll(() => server.close());

const input = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message #Match day' });
const composerRoot = () => document.querySelector('[data-part="composer"]')!;

describe('composer: quote and edit', () => {
  it('shows the quoted message as a chip that can be removed, and sends the quote', async () => {
    const channel = await openChannel('quotes');
    const { message: quoted } = await bob.channel('team', 'quotes').sendMessage({ text: 'Who brings the nets?' });
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    const quote = () =>
      act(() =>
        view!.composer().send({
          type: 'composer.quote',
          message: { id: quoted.id, text: quoted.text, user: { id: 'bob', name: 'Bob Brown' } },
        }),
      );

    quote();
    // The chip's code comes with the first quote.
    expect(await screen.findByText('Replying to Bob Brown')).toBeTruthy();
    expect(screen.getByText('Who brings the nets?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove quote' }));
    expect(screen.queryByText('Replying to Bob Brown')).toBeNull();
    expect(document.activeElement).toBe(input());

    quote();
    await user.click(input());
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Replying to Bob Brown')).toBeNull();

    quote();
    await user.type(input(), 'I do');
    const received = nextEvent(bob, 'message.new', 10_000);
    await user.keyboard('{Enter}');
    const { message } = await received;
    expect(message?.text).toBe('I do');
    expect(message?.quoted_message_id).toBe(quoted.id);
    expect(screen.queryByText('Replying to Bob Brown')).toBeNull();
  });

  it('↑ in an empty composer edits my last message; the edit reaches the other member', async () => {
    const channel = await openChannel('edits');
    await channel.sendMessage({ text: 'Kick-off at 10' });
    const { message: mine } = await channel.sendMessage({ text: 'Bring water' });
    await bob.channel('team', 'edits').sendMessage({ text: 'Noted' });
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Create a poll' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record a voice message' })).toBeTruthy();

    await user.click(input());
    await user.keyboard('{ArrowUp}');
    expect(composerRoot().getAttribute('data-state')).toBe('editing');
    expect(screen.getByText('Editing message')).toBeTruthy();
    expect(input().value).toBe('Bring water');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
    // A poll or a voice message is a message of its own: not offered while editing.
    expect(screen.queryByRole('button', { name: 'Create a poll' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record a voice message' })).toBeNull();

    // Escape leaves editing, empty.
    await user.keyboard('{Escape}');
    expect(composerRoot().getAttribute('data-state')).toBe('composing');
    expect(input().value).toBe('');

    // Cancel does too.
    await user.keyboard('{ArrowUp}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Editing message')).toBeNull();
    expect(document.activeElement).toBe(input());

    await user.keyboard('{ArrowUp}');
    await user.type(input(), ' and snacks');
    const updated = nextEvent(bob, 'message.updated', 10_000);
    await user.keyboard('{Enter}');
    const { message } = await updated;
    expect(message?.id).toBe(mine.id);
    expect(message?.text).toBe('Bring water and snacks');
    expect(input().value).toBe('');
    expect(composerRoot().getAttribute('data-state')).toBe('composing');

    // Not while something is typed.
    await user.type(input(), 'x{ArrowUp}');
    expect(composerRoot().getAttribute('data-state')).toBe('composing');
  });
});

describe('composer: drafts', () => {
  it('come back when the channel opens again, and follow the member’s other tab', async () => {
    const channel = await openChannel('drafts');
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    await user.type(input(), 'Line-up: Sam, Ola');
    // Closed before the draft's debounce: it is saved on the way out.
    const saved = nextEvent(alice, 'draft.updated', 10_000);
    view.unmount();
    view = null;
    cleanup();
    expect((await saved).draft?.message?.text).toBe('Line-up: Sam, Ola');

    view = await renderComposer(alice, channel);
    await waitFor(() => expect(input().value).toBe('Line-up: Sam, Ola'), WAIT);
    expect(composerRoot().getAttribute('data-draft')).toBe('idle');

    // The same member in another tab changes the draft, then sends the message.
    const otherTab = await connectClient(server, 'alice', 'Alice Adams');
    const there = otherTab.channel('team', 'drafts');
    await there.watch();
    await there.createDraft({ text: 'Line-up: Sam, Ola, Kim' });
    await waitFor(() => expect(input().value).toBe('Line-up: Sam, Ola, Kim'), WAIT);
    await there.deleteDraft();
    await waitFor(() => expect(input().value).toBe(''), WAIT);
    await otherTab.disconnectUser();
  });
});

describe('composer: the channel’s rules', () => {
  it('slow mode counts down after a message', async () => {
    const channel = await openChannel('slow');
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    // Turned on while the channel is open.
    const changed = nextEvent(alice, 'channel.updated', 10_000);
    await serverClient(server)
      .channel('team', 'slow')
      .updatePartial({ set: { cooldown: 2 } });
    await changed;
    await user.type(input(), 'First{Enter}');
    expect(screen.getByText('Slow mode is on: you can send again in 2 seconds')).toBeTruthy();
    expect(composerRoot().getAttribute('data-cooldown')).toBe('coolingDown');
    await user.type(input(), 'Second{Enter}');
    expect(input().value).toBe('Second');
    await screen.findByText('Slow mode is on: you can send again in 1 second', {}, WAIT);
    await waitFor(() => expect(composerRoot().getAttribute('data-cooldown')).toBe('ready'), WAIT);
    expect(screen.queryByText(/Slow mode is on/)).toBeNull();
    const received = nextEvent(bob, 'message.new', 10_000);
    await user.keyboard('{Enter}');
    expect((await received).message?.text).toBe('Second');
  });

  it('a frozen channel shows why the member cannot write', async () => {
    const channel = await openChannel('frozen');
    view = await renderComposer(alice, channel);
    expect(input()).toBeTruthy();
    const changed = nextEvent(alice, 'channel.updated', 10_000);
    await serverClient(server)
      .channel('team', 'frozen')
      .updatePartial({ set: { frozen: true } });
    await changed;
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('This channel is frozen: no one can send messages until a moderator unfreezes it.');
    expect(status.getAttribute('data-state')).toBe('frozen');
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.keyDown(document, { key: 'U', ctrlKey: true, shiftKey: true });
    expect(document.querySelector('[data-part="composer-file-input"]')).toBeNull();
  });

  it('without send-message the member is told so; a ban says until when', async () => {
    // A public livestream Alice only watches: she may read, not write.
    await serverClient(server)
      .channel('livestream', 'finals', { name: 'Finals', created_by_id: 'bob' } as Record<string, unknown>)
      .create();
    const live = alice.channel('livestream', 'finals');
    await live.watch();
    view = await renderComposer(alice, live);
    expect(screen.getByRole('status').textContent).toBe("You can't send messages in this channel");
    view.unmount();
    view = null;
    cleanup();

    const channel = await openChannel('bans');
    view = await renderComposer(alice, channel);
    const banned = nextEvent(alice, 'user.banned', 10_000);
    await serverClient(server).banUser('alice', { banned_by_id: 'bob', type: 'team', id: 'bans', timeout: 60 });
    await banned;
    const status = await screen.findByRole('status');
    expect(status.getAttribute('data-state')).toBe('banned');
    expect(status.textContent).toMatch(/^You are banned from this channel until /);
  });
});
