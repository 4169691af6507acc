// @vitest-environment jsdom
/**
 * Reminders in the chat (issue #13 item 3) against the REAL chat sandbox with REAL stream-chat
 * clients: "Remind me…" with a preset and with a custom time, "Save for later" and "Remove from
 * saved" in a message's "More" menu; the reminder line on a message; and "Saved and reminders"
 * with its three lists, edit and delete. A due reminder's notice: reminders-due.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMessage, type Channel } from 'stream-chat';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../machines/reminder/reminder.machine';
import { MessageActions } from '../../src/features/chat/message-actions/MessageActions';
import { ReminderSlot } from '../../src/features/chat/reminders/ReminderSlot';
import RemindersView from '../../src/features/chat/reminders/RemindersView';
import { toLocalInputValue } from '../../src/features/chat/reminders/reminder-format';
import { nextEvent } from '../support/chat';
import { useChannelMessages } from '../support/channel-messages';
import { renderInWorkspace } from '../support/chat-ui';
import { twoMembers } from '../support/two-members';

const WAIT = { timeout: 5000 };
const chat = twoMembers();

/** Each message of the open channel with its toolbar and reminder line, as the message list shows them. */
function MessagesView() {
  const messages = useChannelMessages();
  return (
    <ul>
      {messages.map((message) => (
        <li key={message.id}>
          <article data-part="message" tabIndex={0} aria-label={`${message.user?.name}: ${message.text}`}>
            <p>{message.text}</p>
            <ReminderSlot messageId={message.id} />
            <MessageActions message={message} />
          </article>
        </li>
      ))}
    </ul>
  );
}

/** A room of Alice and Bob with Bob's message `text`; Alice's client has the reminder store subscribed. */
async function roomWith(id: string, ...texts: string[]): Promise<{ mine: Channel; ids: string[] }> {
  const { mine, bobs } = await chat.room(id);
  chat.alice.reminders.registerSubscriptions();
  const ids: string[] = [];
  for (const text of texts) {
    const arrived = nextEvent(chat.alice, 'message.new', 3000, (e) => e.message?.text === text);
    ids.push((await bobs.sendMessage({ text })).message.id);
    await arrived;
  }
  return { mine, ids };
}

async function onServer(messageId: string) {
  const { reminders } = await chat.bob.queryReminders({ filter: { message_id: messageId } }).catch(() => ({
    reminders: [],
  }));
  // Bob's query sees Bob's reminders only; Alice's are read through her own client.
  return reminders[0] ?? (await chat.alice.queryReminders({ filter: { message_id: messageId } })).reminders[0];
}

async function openMore(user: ReturnType<typeof userEvent.setup>, text: string) {
  const article = screen.getByRole('article', { name: `Bob Brown: ${text}` });
  await user.click(within(article).getByRole('button', { name: 'More actions' }));
  return { article, menu: screen.getByRole('menu', { name: 'More actions' }) };
}

describe('the reminder menu of a message', () => {
  it('sets a 2 minute reminder, shows it on the message and removes it again', async () => {
    const { mine, ids } = await roomWith('remind-preset', 'Bring the cones');
    const harness = chat.workspace(mine);
    await renderInWorkspace(<MessagesView />, harness);
    const user = userEvent.setup();

    const { article, menu } = await openMore(user, 'Bring the cones');
    const before = Date.now();
    await user.click(within(menu).getByRole('menuitem', { name: 'Remind me…' }));
    const presets = await screen.findByRole('menu', { name: 'Remind me' }, WAIT);
    expect(
      within(presets)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['2 minutes', '30 minutes', '1 hour', '2 hours', '8 hours', '1 day', 'Custom…']);
    await user.click(within(presets).getByRole('menuitem', { name: '2 minutes' }));
    expect(await screen.findByText('Reminder set in 2 minutes', undefined, WAIT)).toBeTruthy();
    const stored = await onServer(ids[0]!);
    expect(Date.parse(stored!.remind_at!) - before).toBeGreaterThanOrEqual(2 * MINUTE_MS);
    expect(Date.parse(stored!.remind_at!) - Date.now()).toBeLessThanOrEqual(2 * MINUTE_MS);
    const line = await within(article).findByText(/Reminder in 2 minutes/, undefined, WAIT);
    expect(line.closest('[data-part="reminder"]')?.getAttribute('data-state')).toBe('upcoming');
    // Focus went back to "More".
    expect(document.activeElement?.getAttribute('data-action')).toBe('more');

    const again = await openMore(user, 'Bring the cones');
    await user.click(within(again.menu).getByRole('menuitem', { name: 'Remove from saved' }));
    await waitFor(() => expect(within(article).queryByText(/Reminder in/)).toBeNull(), WAIT);
    expect(await onServer(ids[0]!)).toBeUndefined();
  });

  it('saves a message for later without a time', async () => {
    const { mine, ids } = await roomWith('remind-save', 'Match report');
    await renderInWorkspace(<MessagesView />, chat.workspace(mine));
    const user = userEvent.setup();
    const { article, menu } = await openMore(user, 'Match report');
    await user.click(within(menu).getByRole('menuitem', { name: 'Save for later' }));
    expect(await within(article).findByText('Saved for later', undefined, WAIT)).toBeTruthy();
    const stored = await onServer(ids[0]!);
    expect(stored).toMatchObject({ message_id: ids[0] });
    expect(stored!.remind_at ?? null).toBeNull();
  });

  it('sets a custom time, refusing one in the past; Escape closes the menu and gives focus back', async () => {
    const { mine, ids } = await roomWith('remind-custom', 'Pay the referee');
    await renderInWorkspace(<MessagesView />, chat.workspace(mine));
    const user = userEvent.setup();

    let { menu } = await openMore(user, 'Pay the referee');
    await user.click(within(menu).getByRole('menuitem', { name: 'Remind me…' }));
    await screen.findByRole('menu', { name: 'Remind me' }, WAIT);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu', { name: 'Remind me' })).toBeNull();
    expect(document.activeElement?.getAttribute('data-action')).toBe('more');

    ({ menu } = await openMore(user, 'Pay the referee'));
    await user.click(within(menu).getByRole('menuitem', { name: 'Remind me…' }));
    const presets = await screen.findByRole('menu', { name: 'Remind me' }, WAIT);
    await user.click(within(presets).getByRole('menuitem', { name: 'Custom…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind me at' }, WAIT);
    const field = within(dialog).getByLabelText('Date and time');

    await user.clear(field);
    await user.type(field, toLocalInputValue(Date.now() - 60 * MINUTE_MS));
    await user.click(within(dialog).getByRole('button', { name: 'Set reminder' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a time in the future.');
    expect(await onServer(ids[0]!)).toBeUndefined();

    const wanted = new Date(Date.now() + 3 * 24 * 60 * MINUTE_MS);
    wanted.setSeconds(0, 0);
    await user.clear(field);
    await user.type(field, toLocalInputValue(wanted.getTime()));
    await user.click(within(dialog).getByRole('button', { name: 'Set reminder' }));
    await waitFor(
      // The machine sets "now + the chosen distance": within a few milliseconds of the minute chosen.
      async () =>
        expect(Math.abs(Date.parse((await onServer(ids[0]!))?.remind_at ?? '') - wanted.getTime())).toBeLessThan(1000),
      WAIT,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('on a thread reply', () => {
  it('offers the reminder items too', async () => {
    const { mine, ids } = await roomWith('remind-reply', 'Who has the keys?');
    const { message } = await mine.sendMessage({ text: 'I do', parent_id: ids[0] });
    expect(message.type).toBe('reply');
    await renderInWorkspace(
      <article data-part="message" tabIndex={0} aria-label="Alice Adams: I do">
        <MessageActions message={formatMessage(message)} />
      </article>,
      chat.workspace(mine),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const menu = screen.getByRole('menu', { name: 'More actions' });
    expect(within(menu).getByRole('menuitem', { name: 'Remind me…' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'Save for later' }));
    await waitFor(async () => expect(await onServer(message.id)).toMatchObject({ message_id: message.id }), WAIT);
    // The saved reply's "Go to message" opens its thread at the reply.
    await renderInWorkspace(<RemindersView onOpenPanel={null} />, chat.workspace(mine));
    const view = screen.getByRole('region', { name: 'Saved and reminders' });
    await user.click(within(view).getByRole('button', { name: 'Saved for later' }));
    const saved = await within(view).findByRole('list', { name: 'Saved for later' }, WAIT);
    const item = (await within(saved).findByText('I do', undefined, WAIT)).closest('li')!;
    expect(within(item).getByRole('link', { name: 'Go to message' }).getAttribute('href')).toBe(
      `/chat/messaging/remind-reply/thread/${ids[0]}?reply=${message.id}`,
    );
  });
});

describe('Saved and reminders', () => {
  it('lists upcoming, overdue and saved reminders, changes a time and deletes one', async () => {
    const { mine, ids } = await roomWith('remind-view', 'Upcoming one', 'Overdue one', 'Saved one');
    await chat.alice.reminders.createReminder({
      messageId: ids[0]!,
      remind_at: new Date(Date.now() + 30 * MINUTE_MS).toISOString(),
    });
    await chat.alice.reminders.createReminder({
      messageId: ids[1]!,
      remind_at: new Date(Date.now() - 3 * MINUTE_MS).toISOString(),
    });
    await chat.alice.reminders.createReminder({ messageId: ids[2]!, remind_at: null });
    await renderInWorkspace(<RemindersView onOpenPanel={null} />, chat.workspace(mine));
    const user = userEvent.setup();
    const view = screen.getByRole('region', { name: 'Saved and reminders' });

    const upcoming = await within(view).findByRole('list', { name: 'Upcoming' }, WAIT);
    const item = within(upcoming).getByText('Upcoming one').closest('li')!;
    expect(within(upcoming).queryByText('Overdue one')).toBeNull();
    expect(item.textContent).toMatch(/Reminder in (30|29) minutes/);
    expect(within(item).getByRole('link', { name: 'Go to message' }).getAttribute('href')).toBe(
      `/chat/messaging/remind-view?message=${ids[0]}`,
    );

    await user.click(within(view).getByRole('button', { name: 'Overdue' }));
    const overdue = await within(view).findByRole('list', { name: 'Overdue' }, WAIT);
    const late = await within(overdue).findByText('Overdue one', undefined, WAIT);
    expect(late.closest('li')!.textContent).toMatch(/Reminder due 3 minutes ago/);

    await user.click(within(view).getByRole('button', { name: 'Saved for later' }));
    const saved = await within(view).findByRole('list', { name: 'Saved for later' }, WAIT);
    const savedItem = (await within(saved).findByText('Saved one', undefined, WAIT)).closest('li')!;
    await user.click(within(savedItem).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(view).queryByText('Saved one')).toBeNull(), WAIT);
    expect(await onServer(ids[2]!)).toBeUndefined();

    // Change the overdue one's time: it moves to the upcoming list.
    await user.click(within(view).getByRole('button', { name: 'Overdue' }));
    const lateItem = (await within(view).findByText('Overdue one', undefined, WAIT)).closest('li')!;
    await user.click(within(lateItem).getByRole('button', { name: 'Change time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind me at' }, WAIT);
    const wanted = new Date(Date.now() + 2 * 24 * 60 * MINUTE_MS);
    wanted.setSeconds(0, 0);
    const field = within(dialog).getByLabelText('Date and time');
    await user.clear(field);
    await user.type(field, toLocalInputValue(wanted.getTime()));
    await user.click(within(dialog).getByRole('button', { name: 'Set reminder' }));
    await waitFor(() => expect(within(view).queryByText('Overdue one')).toBeNull(), WAIT);
    expect(Math.abs(Date.parse((await onServer(ids[1]!))!.remind_at!) - wanted.getTime())).toBeLessThan(1000);
    await user.click(within(view).getByRole('button', { name: 'Upcoming' }));
    const later = await within(view).findByRole('list', { name: 'Upcoming' }, WAIT);
    expect(await within(later).findByText('Overdue one', undefined, WAIT)).toBeTruthy();
  });

  it('says what to do when there is nothing', async () => {
    const { mine } = await roomWith('remind-empty');
    await chat.alice
      .queryReminders()
      .then(({ reminders }) => Promise.all(reminders.map((r) => chat.alice.reminders.deleteReminder(r.message_id))));
    await renderInWorkspace(<RemindersView onOpenPanel={null} />, chat.workspace(mine));
    expect(
      await screen.findByText(
        /No upcoming reminders\. Open a message's “More actions” menu and choose “Remind me…”/,
        undefined,
        WAIT,
      ),
    ).toBeTruthy();
  });
});
