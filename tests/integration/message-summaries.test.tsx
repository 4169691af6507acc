// @vitest-environment jsdom
/**
 * Lists name what a message is (issue #27 item 7) against the REAL chat sandbox with REAL
 * stream-chat clients: the pinned messages and "Saved for later" name a poll by its question, a
 * file and a photo by their names and a voice message by its length — never "(no text)" or
 * "Attachment". A message that comes without its poll (the hosted service's answers and
 * `message.updated` events may leave it out) is named from one poll query by id.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel, MessageResponse } from 'stream-chat';
import { describe, expect, it, vi } from 'vitest';
import RemindersView from '../../src/features/chat/reminders/RemindersView';
import { summariseMessage, type SummarisableMessage } from '../../src/features/chat/shared/message-summary';
import { fetchPollNames, usePollNames } from '../../src/features/chat/shared/use-poll-names';
import { ChannelHeader } from '../../src/features/chat/workspace/ChannelHeader';
import { useTranslation } from '../../src/i18n/use-translation';
import { initTestI18n, renderInWorkspace } from '../support/chat-ui';
import { twoMembers } from '../support/two-members';

const WAIT = { timeout: 5000 };
const chat = twoMembers();

/** Alice's poll asking `question`, sent in `channel`. */
async function sendPoll(channel: Channel, question: string): Promise<MessageResponse> {
  const { poll } = await chat.alice.createPoll({ name: question, options: [{ text: 'Red' }, { text: 'Blue' }] });
  return (await channel.sendMessage({ poll_id: poll.id })).message;
}

/** A poll, a file, a photo and a voice message in `channel`, oldest first. */
async function sendEachKind(channel: Channel): Promise<MessageResponse[]> {
  const poll = await sendPoll(channel, 'Which kit on Sunday?');
  const send = async (attachment: Record<string, unknown>) =>
    (await channel.sendMessage({ attachments: [attachment] })).message;
  const file = await send({ type: 'file', title: 'fixtures-2026.pdf', asset_url: 'https://cdn.example/f.pdf' });
  const photo = await send({ type: 'image', fallback: 'lineup.png', image_url: 'https://cdn.example/l.png' });
  const voice = await send({ type: 'voiceRecording', duration: 12.4, asset_url: 'https://cdn.example/v.webm' });
  return [poll, file, photo, voice];
}

const NAMED = ['Voice message (0:12)', 'Photo: lineup.png', 'fixtures-2026.pdf', 'Poll: Which kit on Sunday?'];

describe('pinned messages', () => {
  it('names a pinned poll by its question and attachments by their names', async () => {
    const { mine } = await chat.room('summary-pins');
    for (const message of await sendEachKind(mine)) await chat.alice.pinMessage(message.id);
    const user = userEvent.setup();
    await renderInWorkspace(<ChannelHeader onOpenPanel={null} />, chat.workspace(mine));
    await user.click(screen.getByRole('button', { name: 'Pinned messages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pinned messages' }, WAIT);
    const texts = () => [...dialog.querySelectorAll('.pinned-text')].map((element) => element.textContent);
    // Newest pin first.
    await waitFor(() => expect(texts()).toEqual(NAMED), WAIT);
    expect(within(dialog).getByRole('button', { name: /Poll: Which kit on Sunday\?/ })).toBeTruthy();
  });
});

describe('Saved for later', () => {
  it('names a saved poll by its question and attachments by their names', async () => {
    const { mine } = await chat.room('summary-saved');
    const messages = await sendEachKind(mine);
    for (const message of messages)
      await chat.alice.reminders.createReminder({ messageId: message.id, remind_at: null });
    const user = userEvent.setup();
    await renderInWorkspace(<RemindersView onOpenPanel={null} />, chat.workspace(mine));
    const view = screen.getByRole('region', { name: 'Saved and reminders' });
    await user.click(within(view).getByRole('button', { name: 'Saved for later' }));
    const saved = await within(view).findByRole('list', { name: 'Saved for later' }, WAIT);
    const texts = () =>
      within(saved)
        .queryAllByRole('listitem')
        .map((item) => item.querySelector('.reminders-item-text')?.textContent);
    // Newest saved first, each with its author.
    await waitFor(() => expect(texts()).toEqual(NAMED.map((text) => `Alice Adams ${text}`)), WAIT);
  });
});

/** Each message's summary, with the poll questions looked up as the lists do. */
function Summaries({ messages }: { messages: SummarisableMessage[] }) {
  const { t } = useTranslation();
  const pollName = usePollNames(chat.alice, messages);
  return (
    <ul>
      {messages.map((message, index) => (
        <li key={index}>{summariseMessage(message, t, { pollName })}</li>
      ))}
    </ul>
  );
}

describe('a message that comes without its poll', () => {
  it('is named from one poll query by id, and a message that carries its poll asks for nothing', async () => {
    const { mine } = await chat.room('summary-fetch');
    const first = await sendPoll(mine, 'Pizza after training?');
    const second = await sendPoll(mine, 'Who brings the cones?');
    // As a service answer or an update may give them: the poll's id, not the poll.
    const bare = [first, second].map(({ poll: _poll, ...rest }) => rest);
    expect(bare.every((message) => message.poll_id && !('poll' in message))).toBe(true);
    // Nothing in the client's poll cache either (a list opened before the channel was loaded).
    expect(chat.alice.polls.fromState(first.poll_id!)).toBeUndefined();

    const queries = vi.spyOn(chat.alice, 'queryPolls');
    await initTestI18n();
    const view = render(<Summaries messages={[...bare, { text: 'plain' }]} />);
    await waitFor(
      () =>
        expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
          'Poll: Pizza after training?',
          'Poll: Who brings the cones?',
          'plain',
        ]),
      WAIT,
    );
    expect(queries).toHaveBeenCalledTimes(1);
    expect(queries.mock.calls[0]![0]).toEqual({ id: { $in: [first.poll_id, second.poll_id].sort() } });
    view.unmount();

    queries.mockClear();
    render(<Summaries messages={[first]} />);
    expect(screen.getByRole('listitem').textContent).toBe('Poll: Pizza after training?');
    expect(queries).not.toHaveBeenCalled();
    queries.mockRestore();
  });

  it('leaves out polls the member cannot see, which then read "Poll"', async () => {
    const { mine } = await chat.room('summary-hidden');
    const visible = await sendPoll(mine, 'Shirts or skins?');
    // Bob's own poll in a channel Alice is not in.
    const { poll: hidden } = await chat.bob.createPoll({ name: 'Secret plan?', options: [{ text: 'Yes' }] });
    const bobsOnly = chat.bob.channel('messaging', 'summary-bob-alone', { members: ['bob'] });
    await bobsOnly.watch();
    await bobsOnly.sendMessage({ poll_id: hidden.id });
    expect(await fetchPollNames(chat.alice, [visible.poll_id!, hidden.id])).toEqual({
      [visible.poll_id!]: 'Shirts or skins?',
    });
    await initTestI18n();
    render(<Summaries messages={[{ poll_id: hidden.id }]} />);
    await waitFor(() => expect(screen.getByRole('listitem').textContent).toBe('Poll'), WAIT);
  });
});
