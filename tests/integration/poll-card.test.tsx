// @vitest-environment jsdom
/**
 * A poll in a message (issue #13 item 2) against the REAL chat sandbox with REAL stream-chat
 * clients: live counts from the other member's votes, unique voting moving my vote, the vote limit
 * with the spec's text, anonymous polls naming nobody, comments apart from votes, and an ended poll
 * that takes no votes. Only an option's own vote control votes (round for one vote, square for
 * several): a press on the option's text or the card does not (issue #27: a tap on a poll to reach
 * its message's actions cast a vote).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel, LocalMessage } from 'stream-chat';
import { beforeAll, describe, expect, it } from 'vitest';
import { PollCard } from '../../src/features/chat/polls/PollCard';
import { renderInWorkspace } from '../support/chat-ui';
import { twoMembers } from '../support/two-members';

const WAIT = { timeout: 5000 };
const chat = twoMembers();

beforeAll(() => {
  chat.alice.polls.registerSubscriptions();
  chat.bob.polls.registerSubscriptions();
});

/** Alice's poll in a new room, as a message both see; the card rendered for Alice. */
async function pollMessage(
  id: string,
  poll: Record<string, unknown>,
): Promise<{ mine: Channel; bobs: Channel; message: LocalMessage }> {
  const { mine, bobs } = await chat.room(id);
  const { poll: created } = await chat.alice.createPoll({
    name: 'Kit colour?',
    options: [{ text: 'Red' }, { text: 'Blue' }, { text: 'White' }],
    ...poll,
  });
  const sent = await mine.sendMessage({ poll_id: created.id });
  await waitFor(() => expect(mine.state.findMessage(sent.message.id)?.poll_id).toBe(created.id), WAIT);
  const message = mine.state.findMessage(sent.message.id)!;
  const harness = chat.workspace(mine);
  await renderInWorkspace(<PollCard message={message} />, harness);
  return { mine, bobs, message };
}

const card = () => screen.getByRole('region', { name: 'Poll: Kit colour?' });
const option = (text: string) => within(card()).getByRole('button', { name: new RegExp(`^${text},`) });
/** The option's row: its vote control, text, count, bar and voters. */
const row = (text: string) => option(text).closest('li')!;
const pollOfBob = (message: LocalMessage) => chat.bob.polls.fromState(message.poll_id!)!;

describe('a poll in a message', () => {
  it('moves my vote under unique voting and shows the other member’s votes live, by name', async () => {
    const { message } = await pollMessage('poll-unique', { enforce_unique_vote: true });
    const user = userEvent.setup();
    expect(within(card()).getByText('Choose one')).toBeTruthy();
    await user.click(option('Red'));
    await waitFor(() => expect(option('Red').getAttribute('aria-pressed')).toBe('true'), WAIT);
    await user.click(option('Blue'));
    await waitFor(() => expect(option('Blue').getAttribute('aria-pressed')).toBe('true'), WAIT);
    await waitFor(() => expect(option('Red').getAttribute('aria-pressed')).toBe('false'), WAIT);

    await act(async () => {
      const poll = pollOfBob(message) ?? (await chat.bob.polls.getPoll(message.poll_id!))!;
      await poll.castVote(poll.data.options.find((o) => o.text === 'White')!.id, message.id);
    });
    await waitFor(() => expect(row('White').textContent).toContain('Bob Brown'), WAIT);
    expect(option('White').getAttribute('aria-label')).toBe('White, 1 vote');
  });

  it('votes only from the option’s own control, never from a press on its text or the card', async () => {
    const { message } = await pollMessage('poll-control', { enforce_unique_vote: true });
    const user = userEvent.setup();
    // The control is a round, named toggle; the option's text is not inside it.
    expect(option('Red').getAttribute('data-shape')).toBe('radio');
    expect(option('Red').contains(within(card()).getByText('Red'))).toBe(false);
    await user.click(within(card()).getByText('Red'));
    await user.click(within(card()).getByText('Kit colour?'));
    await user.click(row('Blue'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing reached the server.
    expect((await chat.alice.getPoll(message.poll_id!)).poll.vote_count).toBe(0);
    expect(within(card()).queryAllByRole('button', { pressed: true })).toEqual([]);
    await user.click(option('Blue'));
    await waitFor(() => expect(option('Blue').getAttribute('aria-pressed')).toBe('true'), WAIT);
    expect(row('Blue').dataset.voted).toBe('true');
  });

  it('stops at the vote limit with the spec’s text, and names nobody in an anonymous poll', async () => {
    await pollMessage('poll-limit', {
      enforce_unique_vote: false,
      max_votes_allowed: 2,
      voting_visibility: 'anonymous',
    });
    const user = userEvent.setup();
    expect(within(card()).getByText('Choose up to 2 · Anonymous')).toBeTruthy();
    // Several votes: square controls, as checkboxes.
    expect(option('Red').getAttribute('data-shape')).toBe('checkbox');
    await user.click(option('Red'));
    await waitFor(() => expect(option('Red').getAttribute('aria-pressed')).toBe('true'), WAIT);
    await user.click(option('Blue'));
    await waitFor(() => expect(option('Blue').getAttribute('aria-pressed')).toBe('true'), WAIT);
    await user.click(option('White'));
    expect(
      await screen.findByText('Reached the vote limit. Remove an existing vote first.', undefined, WAIT),
    ).toBeTruthy();
    expect(option('White').getAttribute('aria-pressed')).toBe('false');
    expect(card().textContent).not.toContain('Alice Adams');
  });

  it('keeps comments apart from votes, and takes no votes once ended by its creator', async () => {
    await pollMessage('poll-end', { allow_answers: true });
    const user = userEvent.setup();
    await user.type(within(card()).getByRole('textbox', { name: 'Add a comment' }), 'Red <b>please</b>{Enter}');
    await within(card()).findByText('Red <b>please</b>', undefined, WAIT);
    expect(within(card()).getByText('0 votes · 1 comment')).toBeTruthy();
    await user.click(within(card()).getByRole('button', { name: 'End the poll' }));
    await within(card()).findByText('Voting has ended', undefined, WAIT);
    expect(option('Red').getAttribute('aria-disabled')).toBe('true');
    await user.click(option('Red'));
    expect(option('Red').getAttribute('aria-pressed')).toBe('false');
    expect(within(card()).queryByRole('button', { name: 'End the poll' })).toBeNull();
  });

  it('takes a suggested option when the poll allows them', async () => {
    await pollMessage('poll-suggest', { allow_user_suggested_options: true });
    const user = userEvent.setup();
    await user.type(within(card()).getByRole('textbox', { name: 'Suggest an option' }), 'Green{Enter}');
    await waitFor(() => expect(option('Green').getAttribute('aria-label')).toBe('Green, 0 votes'), WAIT);
  });
});
