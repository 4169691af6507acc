// @vitest-environment jsdom
/**
 * The composer's text, mentions and commands, as a member uses them (Testing Library, the real
 * composer and outbox machines, the real stream-chat client against the chat sandbox): Enter
 * sends and another member receives the text, Shift+Enter breaks the line, `@` suggests members
 * fuzzily without the muted ones (only them after /unmute), a picked mention is sent as
 * mentioned_users, `/` lists the channel's commands with their help.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { selectEntries } from '../../machines/outbox/outbox.selectors';
import { connectClient, nextEvent, serverClient, startChatServer, type ChatServer } from '../support/chat';
import { MEMBERS_FULLY_LOADED_BELOW } from '../../src/features/chat/composer/mention-search';
import { renderComposer, WAIT } from './composer-ui-support';

let server: ChatServer;
let alice: StreamChat;
let bob: StreamChat;
let channel: Channel;
let view: Awaited<ReturnType<typeof renderComposer>> | null = null;

beforeAll(async () => {
  server = await startChatServer();
  const admin = serverClient(server);
  await admin.upsertUsers([
    { id: 'alice', name: 'Alice Adams' },
    { id: 'bob', name: 'Bob Brown' },
    { id: 'jordan', name: 'Jordan Weber' },
    { id: 'carol', name: 'Carol Smith' },
  ]);
  await admin
    .channel('team', 'general', {
      name: 'League general',
      members: ['alice', 'bob', 'jordan', 'carol'],
      created_by_id: 'alice',
    } as Record<string, unknown>)
    .create();
  alice = await connectClient(server, 'alice', 'Alice Adams');
  bob = await connectClient(server, 'bob', 'Bob Brown');
  await bob.channel('team', 'general').watch();
  await alice.muteUser('carol');
  await waitFor(() => expect(alice.mutedUsers.map((m) => m.target.id)).toEqual(['carol']), WAIT);
  channel = alice.channel('team', 'general');
  await channel.watch();
});
afterEach(() => {
  view?.unmount();
  view = null;
  cleanup();
});
afterAll(() => server.close());

const input = () => screen.getByRole('textbox', { name: 'Message #League general' });
const options = () => within(screen.getByRole('listbox')).getAllByRole('option');

describe('composer: text', () => {
  it('Enter sends and another member receives the text; Shift+Enter breaks the line', async () => {
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    const box = input();
    expect(box.getAttribute('data-part')).toBe('composer-input');
    expect(box.closest('[data-part="composer"]')!.getAttribute('data-state')).toBe('composing');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.getAttribute('aria-disabled')).toBe('true');

    await user.type(box, 'Kick-off moved{Shift>}{Enter}{/Shift}to 10:30');
    expect((box as HTMLTextAreaElement).value).toBe('Kick-off moved\nto 10:30');
    expect(send.getAttribute('aria-disabled')).toBe('false');

    const received = nextEvent(bob, 'message.new', 10_000);
    await user.keyboard('{Enter}');
    const { message } = await received;
    expect(message?.text).toBe('Kick-off moved\nto 10:30');
    expect(message?.user?.id).toBe('alice');
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(box);
  });

  it('Enter on only spaces sends nothing', async () => {
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    await user.type(input(), '   {Enter}');
    expect((input() as HTMLTextAreaElement).value).toBe('   ');
    expect(selectEntries(view.harness.workspace.outbox.getSnapshot())).toEqual([]);
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('composer: mentions', () => {
  it('suggests members fuzzily, without me or the muted, and sends the picked one as mentioned_users', async () => {
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    const box = input();

    // A typo still finds Jordan; nobody else is that close.
    await user.type(box, 'Ready @jrodan');
    const listbox = screen.getByRole('listbox', { name: 'Members' });
    expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('Jordan Weber')]);
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');

    // Carol is muted: left out. Alice is me: left out.
    await user.clear(box);
    await user.type(box, '@car');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('No members match “car”', { selector: 'p' })).toBeTruthy();
    await user.clear(box);
    await user.type(box, '@a');
    expect(options().map((o) => o.textContent)).not.toContainEqual(expect.stringContaining('Alice'));
    expect(options().map((o) => o.textContent)).not.toContainEqual(expect.stringContaining('Carol'));

    // Arrows move, Escape closes, Enter picks.
    await user.clear(box);
    await user.type(box, 'Ready @jor');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'd');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('Ready @Jordan Weber ');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.type(box, 'for Saturday?');
    const received = nextEvent(bob, 'message.new', 10_000);
    await user.keyboard('{Enter}');
    const { message } = await received;
    expect(message?.text).toBe('Ready @Jordan Weber for Saturday?');
    expect(message?.mentioned_users?.map((u) => u.id)).toEqual(['jordan']);
  });

  it('after /unmute only muted users are suggested', async () => {
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    await user.type(input(), '/unmute @c');
    expect(screen.getByRole('listbox', { name: 'Muted members' })).toBeTruthy();
    expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('Carol Smith')]);
    await user.type(input(), '{Backspace}b');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Tab picks too.
    await user.type(input(), '{Backspace}ca{Tab}');
    expect((input() as HTMLTextAreaElement).value).toBe('/unmute @Carol Smith ');
  });
});

describe('composer: mentions in a large channel', () => {
  it('asks the service for members once typing pauses, not once per key', async () => {
    // At MEMBERS_FULLY_LOADED_BELOW members or more the client does not hold them all: `@` searches.
    const admin = serverClient(server);
    const crowd = Array.from({ length: MEMBERS_FULLY_LOADED_BELOW }, (_, i) => ({
      id: `fan-${i}`,
      name: `Fan ${String(i).padStart(3, '0')}`,
    }));
    await admin.upsertUsers(crowd);
    await admin
      .channel('team', 'terrace', {
        name: 'Terrace',
        members: ['alice', 'jordan', ...crowd.map((u) => u.id)],
        created_by_id: 'alice',
      } as Record<string, unknown>)
      .create();
    const terrace = alice.channel('team', 'terrace');
    await terrace.watch();
    const asked: unknown[] = [];
    const queryMembers = terrace.queryMembers.bind(terrace);
    terrace.queryMembers = (filter, ...rest) => {
      asked.push(filter);
      return queryMembers(filter, ...rest);
    };

    view = await renderComposer(alice, terrace);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message #Terrace' }), '@jor');
    await waitFor(
      () => expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('Jordan Weber')]),
      WAIT,
    );
    expect(asked).toEqual([{ name: { $autocomplete: 'jor' } }]);
  });
});

describe('composer: commands', () => {
  it('/ lists the channel’s commands with their arguments and help', async () => {
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    // The spec wants a character after the trigger.
    await user.type(input(), '/');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(input(), 'un');
    const listbox = screen.getByRole('listbox', { name: 'Commands' });
    const names = within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual([
      expect.stringMatching(/^\/unban \[@username\]Lift a member's ban$/),
      expect.stringMatching(/^\/unmute \[@username\]Unmute a member$/),
    ]);
    await user.keyboard('{ArrowDown}');
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    await user.clear(input());
    await user.type(input(), '/gi');
    expect(options().map((o) => o.textContent)).toEqual(['/giphy [text]Post a random GIF to the channel']);
    await user.keyboard('{Enter}');
    expect((input() as HTMLTextAreaElement).value).toBe('/giphy ');

    // The service answers /giphy with a preview only the sender sees: it joins the channel's messages.
    await user.type(input(), 'goal{Enter}');
    await waitFor(
      () => expect(channel.state.messages.find((m) => m.type === 'ephemeral')?.attachments?.[0]?.type).toBe('giphy'),
      WAIT,
    );
    expect((input() as HTMLTextAreaElement).value).toBe('');
  });
});
