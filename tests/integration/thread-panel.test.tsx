// @vitest-environment jsdom
/**
 * The thread panel (issue #13 item 1) against the REAL chat sandbox with REAL stream-chat clients:
 * a thread's parent and latest replies, a reply written in the panel (thread-only, and also sent to
 * the channel), a brand-new thread that fills as replies arrive, the latest 50 of a long thread
 * with the earlier ones paged in, reading marks the thread read for its participant, a reload when
 * the client's connection has recovered, and a parent that does not exist. A thread opened (here
 * by its address) puts the cursor in its reply box.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { Channel } from 'stream-chat';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import ThreadPanel from '../../src/features/chat/thread/ThreadPanel';
import { nextEvent } from '../support/chat';
import { renderInWorkspace } from '../support/chat-ui';
import { twoMembers } from '../support/two-members';
import { installScrollShims } from '../support/message-list';

const WAIT = { timeout: 5000 };
const chat = twoMembers();

beforeAll(() => {
  installScrollShims();
});

const closed: string[] = [];
async function showThread(channel: Channel, parentId: string, path = '/chat') {
  const harness = chat.workspace(channel);
  await renderInWorkspace(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 4000, itemHeight: 50 }}>
      <ThreadPanel parentId={parentId} onClose={() => closed.push(parentId)} />
    </VirtuosoMockContext.Provider>,
    harness,
    { path },
  );
  return screen.getByRole('complementary', { name: 'Thread' });
}

/** The "Point N" replies the panel's list shows. */
const pointsIn = (panel: HTMLElement) =>
  within(within(panel).getByRole('log', { name: 'Replies' }))
    .queryAllByRole('article')
    .flatMap((article) => article.textContent?.match(/Point \d+/g) ?? []);

describe('the thread panel', () => {
  it('shows the parent and its replies, and sends a reply to the thread only unless asked', async () => {
    const { mine, bobs } = await chat.room('thread-reply');
    const parent = (await bobs.sendMessage({ text: 'Who has the <b>match ball</b>?' })).message;
    await bobs.sendMessage({ text: 'I left it at the clubhouse', parent_id: parent.id });
    const panel = await showThread(mine, parent.id);
    await within(panel).findByText('I left it at the clubhouse', undefined, WAIT);
    // User text is text: the markup shows as written.
    expect(within(panel).getByText('Who has the <b>match ball</b>?')).toBeTruthy();
    expect(within(panel).getByText('1 reply')).toBeTruthy();

    const user = userEvent.setup();
    const input = within(panel).getByRole('textbox', { name: 'Reply…' });
    // The thread opened with the cursor in its reply box: what is typed at once is the reply.
    expect(document.activeElement).toBe(input);
    const arrived = nextEvent(chat.bob, 'message.new', 3000, (e) => e.message?.text === 'I will fetch it');
    await user.keyboard('I will fetch it{Enter}');
    const event = await arrived;
    expect(event.message).toMatchObject({ parent_id: parent.id });
    expect(event.message?.show_in_channel).toBeFalsy();
    await within(panel).findByText('2 replies', undefined, WAIT);

    await user.click(within(panel).getByLabelText('Also send to channel'));
    const shared = nextEvent(chat.bob, 'message.new', 3000, (e) => e.message?.text === 'Ball is in the kit bag');
    await user.type(input, 'Ball is in the kit bag{Enter}');
    expect((await shared).message).toMatchObject({ parent_id: parent.id, show_in_channel: true });
    await waitFor(() => expect(mine.state.messages.some((m) => m.text === 'Ball is in the kit bag')).toBe(true), WAIT);
    expect(mine.state.messages.some((m) => m.text === 'I will fetch it')).toBe(false);
    expect(within(panel).getByLabelText<HTMLInputElement>('Also send to channel').checked).toBe(false);
  });

  it('offers no slash commands in the thread: their answers belong to the channel', async () => {
    const { mine } = await chat.room('thread-commands');
    const parent = (await mine.sendMessage({ text: 'Any gifs?' })).message;
    const panel = await showThread(mine, parent.id);
    const user = userEvent.setup();
    const input = await within(panel).findByRole('textbox', { name: 'Reply…' }, WAIT);
    await user.type(input, '/gi');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('option', { name: /giphy/ })).toBeNull();
    expect(mine.getConfig()?.commands?.some((c) => c.name === 'giphy')).toBe(true);
  });

  it('opens a message without replies as an empty thread that fills as replies arrive', async () => {
    const { mine, bobs } = await chat.room('thread-new');
    const parent = (await mine.sendMessage({ text: 'Carpool to the away game?' })).message;
    const panel = await showThread(mine, parent.id);
    await within(panel).findByText(/No replies yet/, undefined, WAIT);
    await act(async () => {
      await bobs.sendMessage({ text: 'Two seats in my car', parent_id: parent.id });
    });
    await within(panel).findByText('Two seats in my car', undefined, WAIT);
    expect(within(panel).getByText('1 reply')).toBeTruthy();
  });

  it('shows the latest 50 replies of a long thread and pages in the earlier ones', async () => {
    const { mine, bobs } = await chat.room('thread-long');
    const parent = (await bobs.sendMessage({ text: 'Season review' })).message;
    for (let n = 1; n <= 60; n++) await bobs.sendMessage({ text: `Point ${n}`, parent_id: parent.id });
    const panel = await showThread(mine, parent.id);
    await within(panel).findByText('Point 60', undefined, WAIT);
    // The first page is the latest 50; the list asks for more at its top, up to the first reply.
    await waitFor(() => expect(within(panel).queryByText('Point 1')).not.toBeNull(), WAIT);
    const shown = pointsIn(panel);
    expect(shown).toHaveLength(60);
    expect(new Set(shown).size).toBe(60);
  });

  it('goes to the reply the address names (?reply=, as "Go to message" links), paging back to it', async () => {
    const { mine, bobs } = await chat.room('thread-target');
    const parent = (await bobs.sendMessage({ text: 'Kit list' })).message;
    const ids: string[] = [];
    for (let n = 1; n <= 55; n++)
      ids.push((await bobs.sendMessage({ text: `Point ${n}`, parent_id: parent.id })).message.id);
    const panel = await showThread(mine, parent.id, `/chat?reply=${ids[1]}`);
    // Point 2 is older than the first page of 50: it is paged in and marked.
    const target = await waitFor(() => {
      const article = within(panel).getByText('Point 2').closest('article')!;
      expect(article.getAttribute('data-highlighted')).toBe('true');
      return article;
    }, WAIT);
    expect(target.getAttribute('data-message-id')).toBe(ids[1]);
    expect(within(panel).getByText('Point 3').closest('article')!.getAttribute('data-highlighted')).toBeNull();
  });

  it('marks the thread read for the member reading it', async () => {
    const { mine, bobs } = await chat.room('thread-read');
    const parent = (await mine.sendMessage({ text: 'Kit colours for Sunday?' })).message;
    await bobs.sendMessage({ text: 'Red home shirts', parent_id: parent.id });
    const before = await chat.alice.getUnreadCount();
    expect(before.threads.find((t) => t.parent_message_id === parent.id)?.unread_count).toBe(1);
    const read = nextEvent(chat.alice, 'notification.mark_read', 5000, (e) => e.thread_id === parent.id);
    const panel = await showThread(mine, parent.id);
    await within(panel).findByText('Red home shirts', undefined, WAIT);
    await read;
    const after = await chat.alice.getUnreadCount();
    expect(after.threads.find((t) => t.parent_message_id === parent.id)?.unread_count ?? 0).toBe(0);
  });

  it('reloads the thread when the client reports its connection recovered', async () => {
    const { mine, bobs } = await chat.room('thread-recovered');
    const parent = (await bobs.sendMessage({ text: 'Bus leaves at 9' })).message;
    await bobs.sendMessage({ text: 'Point 1', parent_id: parent.id });
    const panel = await showThread(mine, parent.id);
    await within(panel).findByText('Point 1', undefined, WAIT);
    await waitFor(() => expect(panel.dataset.state).toBe('open'), WAIT);
    const client = mine.getClient();
    const getThread = vi.spyOn(client, 'getThread');
    try {
      // The machine's own actor (thread-actors' watchConnection) hears it, not the component.
      act(() => void client.dispatchEvent({ type: 'connection.recovered' }));
      await waitFor(() => expect(getThread).toHaveBeenCalledWith(parent.id, expect.anything()), WAIT);
      // The reload's answer arrives, and the thread shows its replies still.
      await act(async () => void (await getThread.mock.results[0]!.value));
      expect(within(panel).getByText('Point 1')).toBeTruthy();
      expect(panel.dataset.state).toBe('open');
    } finally {
      getThread.mockRestore();
    }
  });

  it('is made wider and narrower from its edge by keyboard, within 360–420 px, remembered', async () => {
    localStorage.removeItem('sideline.chat.threadWidth');
    const { mine } = await chat.room('thread-width');
    const parent = (await mine.sendMessage({ text: 'Wide enough?' })).message;
    const panel = await showThread(mine, parent.id);
    const edge = within(panel).getByRole('separator', { name: 'Resize the thread panel' });
    expect(edge.getAttribute('aria-valuenow')).toBe('380');
    const user = userEvent.setup();
    edge.focus();
    await user.keyboard('{ArrowLeft}');
    expect(edge.getAttribute('aria-valuenow')).toBe('400');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(edge.getAttribute('aria-valuenow')).toBe('420');
    await user.keyboard('{End}{ArrowRight}');
    expect(edge.getAttribute('aria-valuenow')).toBe('360');
    expect(panel.style.width).toBe('360px');
    expect(localStorage.getItem('sideline.chat.threadWidth')).toBe('360');
  });

  it('says the thread has not been found for a parent that does not exist, and closes', async () => {
    const { mine } = await chat.room('thread-missing');
    const panel = await showThread(mine, 'no-such-message');
    expect(await within(panel).findByText('Thread has not been found', undefined, WAIT)).toBeTruthy();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Back to the channel' }));
    expect(closed).toContain('no-such-message');
  });
});
