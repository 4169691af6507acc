// @vitest-environment jsdom
/**
 * The pinned-messages dialog (issue #13 item 6) from the channel header, against the REAL chat
 * sandbox with REAL stream-chat clients: empty, listed newest pin first with who pinned it,
 * kept current while open, a jump to the chosen message, Escape, and a dropped request with retry.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel } from 'stream-chat';
import { describe, expect, it } from 'vitest';
import { ChannelHeader } from '../../src/features/chat/workspace/ChannelHeader';
import { nextEvent } from '../support/chat';
import { renderInWorkspace } from '../support/chat-ui';
import { twoMembers } from '../support/two-members';

const WAIT = { timeout: 5000 };
const chat = twoMembers();

async function showHeader(channel: Channel) {
  const harness = chat.workspace(channel);
  await renderInWorkspace(<ChannelHeader onOpenPanel={null} />, harness);
  return harness;
}

const openButton = () => screen.getByRole('button', { name: 'Pinned messages' });
const dialog = () => screen.getByRole('dialog', { name: 'Pinned messages' });
/** Opens the dialog (its code loads on first use) and returns it. */
async function openDialog(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(openButton());
  return screen.findByRole('dialog', { name: 'Pinned messages' }, WAIT);
}
const listed = () =>
  within(dialog())
    .queryAllByRole('button')
    .filter((b) => b.dataset.messageId)
    .map((b) => b.querySelector('.pinned-text')?.textContent);

describe('pinned messages', () => {
  it('says how to pin when nothing is pinned, and Escape gives focus back to the button', async () => {
    const { mine } = await chat.room('pins-empty');
    await mine.sendMessage({ text: 'Nothing to see' });
    const user = userEvent.setup();
    await showHeader(mine);
    expect(
      await within(await openDialog(user)).findByText(/Nothing is pinned in this channel yet/, undefined, WAIT),
    ).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(openButton());
  });

  it('lists the pins newest first with who pinned them, as text, and jumps to the one chosen', async () => {
    const { mine, bobs } = await chat.room('pins-list');
    const first = (await mine.sendMessage({ text: 'Kick-off at <b>10:30</b>' })).message;
    const second = (await bobs.sendMessage({ text: 'Bring the orange bibs' })).message;
    await mine.sendMessage({ text: 'Not pinned' });
    await chat.alice.pinMessage(first.id);
    await chat.bob.pinMessage(second.id);
    const user = userEvent.setup();
    const harness = await showHeader(mine);
    await openDialog(user);
    await waitFor(() => expect(listed()).toEqual(['Bring the orange bibs', 'Kick-off at <b>10:30</b>']), WAIT);
    const newest = within(dialog()).getByRole('button', { name: /Bring the orange bibs/ });
    expect(newest.textContent).toContain('Bob Brown');
    expect(newest.textContent).toContain('Pinned by Bob Brown');
    // Markup in a message is shown as it was typed, never rendered.
    expect(dialog().querySelector('b')).toBeNull();

    await user.click(within(dialog()).getByRole('button', { name: /Kick-off at/ }));
    expect(harness.jumps).toEqual([first.id]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('follows pins and unpins made while it is open', async () => {
    const { mine, bobs } = await chat.room('pins-live');
    const message = (await bobs.sendMessage({ text: 'Pitch 4 today' })).message;
    const older = (await bobs.sendMessage({ text: 'Old news' })).message;
    await chat.bob.pinMessage(older.id);
    const user = userEvent.setup();
    await showHeader(mine);
    await openDialog(user);
    await waitFor(() => expect(listed()).toEqual(['Old news']), WAIT);

    const seen = nextEvent(chat.alice, 'message.updated', 3000, (e) => e.message?.id === message.id);
    await chat.bob.pinMessage(message.id);
    await seen;
    await waitFor(() => expect(listed()).toEqual(['Pitch 4 today', 'Old news']), WAIT);
    await chat.bob.unpinMessage(older.id);
    await waitFor(() => expect(listed()).toEqual(['Pitch 4 today']), WAIT);
  });

  it('shows 25 at first and 25 more on Show more', async () => {
    const { mine } = await chat.room('pins-many');
    for (let i = 1; i <= 27; i++) {
      const { message } = await mine.sendMessage({ text: `Note ${i}` });
      await chat.alice.pinMessage(message.id);
    }
    const user = userEvent.setup();
    await showHeader(mine);
    await openDialog(user);
    await waitFor(() => expect(listed()).toHaveLength(25), WAIT);
    expect(listed()[0]).toBe('Note 27');
    await user.click(within(dialog()).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(listed()).toHaveLength(27), WAIT);
    expect(listed().at(-1)).toBe('Note 1');
    expect(within(dialog()).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says when the pins cannot be loaded, and loads them on Try again', async () => {
    const { mine } = await chat.room('pins-offline');
    const pinned = (await mine.sendMessage({ text: 'Back again' })).message;
    await chat.alice.pinMessage(pinned.id);
    // The network drops the first request (a lost connection cannot be made here otherwise).
    let drops = 1;
    const interceptor = chat.alice.axiosInstance.interceptors.request.use((config) => {
      if (config.url?.endsWith('/pinned_messages') && drops-- > 0) throw new Error('Network Error');
      return config;
    });
    try {
      const user = userEvent.setup();
      await showHeader(mine);
      const alert = await within(await openDialog(user)).findByRole('alert', undefined, WAIT);
      expect(alert.textContent).toContain('The pinned messages could not be loaded.');
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(listed()).toEqual(['Back again']), WAIT);
      expect(within(dialog()).queryByRole('alert')).toBeNull();
    } finally {
      chat.alice.axiosInstance.interceptors.request.eject(interceptor);
    }
  });
});
