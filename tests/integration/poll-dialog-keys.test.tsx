// @vitest-environment jsdom
/**
 * The poll dialog's keys (issue #27 item 4) in the real composer, over the real machines, the
 * real stream-chat client and the chat sandbox: Enter in an option goes to the next option (the new
 * empty row once the last one is filled) and never creates the poll, nor does Enter in the
 * question, the description or a checkbox; Enter on the empty last row adds no row; Ctrl+Enter (or
 * ⌘+Enter) creates the poll from any field, and only then does a message reach the other member.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, recordEvents, serverClient, settle, startChatServer, type ChatServer } from '../support/chat';
import { renderComposer, WAIT } from './composer-ui-support';

let server: ChatServer;
let alice: StreamChat;
let bob: StreamChat;
let view: Awaited<ReturnType<typeof renderComposer>> | null = null;

async function openChannel(id: string): Promise<Channel> {
  await serverClient(server)
    .channel('team', id, { name: 'Match day', members: ['alice', 'bob'], created_by_id: 'bob' })
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
});
afterAll(() => server.close());

/** Opens the poll dialog of a new channel's composer; what Bob hears from then on is recorded. */
async function openDialog(id: string) {
  const channel = await openChannel(id);
  const heard = recordEvents(bob, 'message.new', 'poll.updated');
  view = await renderComposer(alice, channel);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create a poll' }, WAIT));
  const dialog = await screen.findByRole('dialog', { name: 'Create a poll' }, WAIT);
  const fromBob = () => heard.filter((event) => event.cid === channel.cid);
  return { channel, user, dialog, fromBob };
}

const optionFields = (dialog: HTMLElement) => within(dialog).getAllByRole('textbox', { name: /^Option \d+$/ });
const polls = async () => (await alice.queryPolls({}, [], { limit: 100 })).polls;

describe('the poll dialog’s keys', () => {
  it('moves from option to option on Enter, creating nothing, and creates the poll on Ctrl+Enter', async () => {
    const { channel, user, dialog, fromBob } = await openDialog('poll-keys');
    const before = (await polls()).length;
    const question = within(dialog).getByRole('textbox', { name: 'Question' });
    expect(document.activeElement).toBe(question);

    // Enter in the question goes on (to the description), never submits: no "Question is required" yet.
    await user.type(question, 'Kit colour?{Enter}');
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Description (optional)' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Option 1' }));

    // The first option typed and Enter: the new empty row below takes the focus.
    await user.keyboard('Red{Enter}');
    expect(optionFields(dialog)).toHaveLength(2);
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Option 2' }));
    await user.keyboard('Blue{Enter}');
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Option 3' }));

    // Enter on the empty last row: no further row, the focus stays.
    await user.keyboard('{Enter}{Enter}');
    expect(optionFields(dialog)).toHaveLength(3);
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Option 3' }));

    // Back in the first option, Enter goes to the one below, whatever it holds.
    await user.click(within(dialog).getByRole('textbox', { name: 'Option 1' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Option 2' }));

    // Enter on a checkbox does not submit the form either.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Allow comments' }));
    await user.keyboard('{Enter}');

    // Nothing was created or sent: the dialog is open with what was typed.
    await settle(300);
    expect(screen.getByRole('dialog', { name: 'Create a poll' })).toBe(dialog);
    expect(optionFields(dialog).map((field) => (field as HTMLInputElement).value)).toEqual(['Red', 'Blue', '']);
    expect(fromBob()).toEqual([]);
    expect(await polls()).toHaveLength(before);

    // Ctrl+Enter, from the last (empty) option, creates it: one poll message with both options.
    await user.click(within(dialog).getByRole('textbox', { name: 'Option 3' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a poll' })).toBeNull(), WAIT);
    await waitFor(() => expect(fromBob().filter((e) => e.type === 'message.new')).toHaveLength(1), WAIT);
    const [sent] = fromBob();
    const poll = (await polls()).find((p) => p.id === sent!.message?.poll_id);
    expect(poll).toMatchObject({ name: 'Kit colour?', allow_answers: true });
    expect(poll!.options.map((o) => o.text)).toEqual(['Red', 'Blue']);
    expect(channel.state.messages.at(-1)?.poll_id).toBe(poll!.id);
  });

  it('takes ⌘+Enter too, and shows what is missing instead of creating an invalid poll', async () => {
    const { user, dialog, fromBob } = await openDialog('poll-keys-meta');
    const before = (await polls()).length;
    await user.click(within(dialog).getByRole('textbox', { name: 'Option 1' }));
    await user.keyboard('Clubhouse{Meta>}{Enter}{/Meta}');
    // No question: the spec's text shows and nothing is created.
    expect(await within(dialog).findByText('Question is required')).toBeTruthy();
    await settle(300);
    expect(fromBob()).toEqual([]);
    expect(await polls()).toHaveLength(before);

    await user.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Where do we meet?');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a poll' })).toBeNull(), WAIT);
    await waitFor(() => expect(fromBob().filter((e) => e.type === 'message.new')).toHaveLength(1), WAIT);
  });
});
