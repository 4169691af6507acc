// @vitest-environment jsdom
/**
 * A due reminder wherever the member is (issue #27 item 5), against the REAL chat sandbox: the
 * app's REAL protected layout (src/app/MainLayout.tsx) with its REAL chat connection, on the League
 * page (a stand-in page: only the layout matters), signed in as Alice; Bob writes, Alice's other
 * tab sets the reminders. The sandbox sends `notification.reminder_due` at its own clock's time.
 *   - The notice appears on a page that is not the chat, with the count on the Chat link, stays
 *     (8.5 s of real time: past a toast's 3 s and 8 s), and Dismiss removes both for good (another page,
 *     the event again, the layout mounted again).
 *   - "Open message" goes to the reply's address in its thread; "Remind me in 30 min" moves the
 *     reminder on the service; several due reminders fold into "3 reminders are due".
 *   - With the connection down at the due time (the service tells Alice's other tab only), the
 *     reminder machine's clock announces it; the same due time told again is not a second notice.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { selectClient } from '../../machines/chat-connection/chat-connection.selectors';
import { dueKey, SNOOZE_MS } from '../../machines/due-reminders/due-reminders.machine';
import { selectDueCount, selectNotices } from '../../machines/due-reminders/due-reminders.selectors';
import { REMINDER_PRESETS_MS } from '../../machines/reminder/reminder.machine';
import type { SessionUser as MachineUser } from '../../machines/session/session.types';
import { sessionMachine } from '../../machines/session/session.machine';
import { MainLayout } from '../../src/app/MainLayout';
import { dueRemindersStorageKey } from '../../src/features/chat/reminders/due-reminder-gate';
import { dueRemindersOf, holdDueReminders } from '../../src/features/chat/reminders/due-reminders';
import { chatConnections, connectionInputFor } from '../../src/lib/chat/chat-connections';
import { ImagePreviewProvider } from '../../src/lib/image-preview';
import { SessionProvider } from '../../src/lib/session';
import { ToastProvider } from '../../src/lib/toasts';
import type { SessionUser } from '../../src/lib/user';
import { connectClient, nextEvent, recordEvents, startChatServer, userToken, type ChatServer } from '../support/chat';
import { initTestI18n } from '../support/chat-ui';

const WAIT = { timeout: 10_000 };
const ALICE = 7001;
const BOB = 7002;

let server: ChatServer;
let bob: StreamChat;
/** Alice's other tab: sets the reminders, as the chat page's menu would. */
let aliceTab: StreamChat;
let user: SessionUser;

beforeAll(async () => {
  await initTestI18n();
  server = await startChatServer();
  bob = await connectClient(server, String(BOB), 'Bob Brown');
  aliceTab = await connectClient(server, String(ALICE), 'Alice Adams');
  aliceTab.reminders.registerSubscriptions();
  // The app's chat connection goes to this sandbox.
  vi.stubEnv('VITE_CHAT_BASE_URL', server.chatUrl);
  vi.stubEnv('VITE_CHAT_API_KEY', server.config.chatApiKey);
  user = {
    id: ALICE,
    name: 'Alice Adams',
    email: 'alice@league.example',
    avatar_url: null,
    language: 'en',
    bio: '',
    phone: null,
    timezone: null,
    token: userToken(server, String(ALICE)),
  };
}, 60_000);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
});

/** Where the app is: the chat's routes show their address. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The app's protected layout as Alice, at `path`: League and Dashboard pages, and the chat's addresses. */
function renderApp(path = '/league') {
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrentUser: fromPromise(() => Promise.resolve<MachineUser>(user)),
      endServerSession: fromPromise(() => Promise.resolve()),
    },
  });
  return render(
    <SessionProvider machine={machine}>
      <ToastProvider>
        <ImagePreviewProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route element={<MainLayout />}>
                <Route path="/league" element={<h1>League</h1>} />
                <Route path="/dashboard" element={<h1>Dashboard</h1>} />
                <Route path="/chat/*" element={<Where />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </ImagePreviewProvider>
      </ToastProvider>
    </SessionProvider>,
  );
}

/** The app's own chat client, once its connection is up (the layout listens from then on). */
async function appClient(): Promise<StreamChat> {
  const actor = chatConnections.connectionFor(connectionInputFor(user)!);
  let client: StreamChat | null = null;
  await waitFor(() => {
    client = selectClient(actor.getSnapshot()) as StreamChat | null;
    expect(client).not.toBeNull();
    expect(document.querySelector('[data-part="due-reminder-announcement"]')).not.toBeNull();
  }, WAIT);
  return client!;
}

/** A channel of Alice and Bob named `name`, with Bob's messages `texts`; Alice's channel and the ids. */
async function roomWith(id: string, name: string, ...texts: string[]): Promise<{ mine: Channel; ids: string[] }> {
  const mine = aliceTab.channel('messaging', id, { members: [String(ALICE), String(BOB)], name });
  await mine.watch();
  const bobs = bob.channel('messaging', id);
  await bobs.watch();
  const ids: string[] = [];
  for (const text of texts) ids.push((await bobs.sendMessage({ text })).message.id);
  return { mine, ids };
}

/** Alice's reminder on `messageId`, due `inMs` from now on the service. */
async function remind(messageId: string, inMs: number) {
  const remindAt = new Date(Date.now() + inMs).toISOString();
  await aliceTab.reminders.createReminder({ messageId, remind_at: remindAt });
  return remindAt;
}

const chatLink = () => screen.getByRole('navigation', { name: 'Main' }).querySelector('a[href="/chat"]')!;
const notices = () => screen.queryByRole('region', { name: 'Reminders due' });
/** The due count on the Chat link (what a screen reader hears of it), or null without one. */
const dueCount = () =>
  chatLink().querySelector('[data-part="reminder-due-count"] .visually-hidden')?.textContent ?? null;

describe('a due reminder on a page other than the chat', () => {
  it('raises a notice that stays, counts on the Chat link, and once dismissed is not announced again', async () => {
    const { ids } = await roomWith('due-league', 'Match day', 'Bring the cones');
    const view = renderApp('/league');
    const client = await appClient();
    expect(notices()).toBeNull();
    expect(dueCount()).toBeNull();

    const due = nextEvent(client, 'notification.reminder_due', 8000);
    const remindAt = await remind(ids[0]!, 1500);
    const event = await due;
    const region = await screen.findByRole('region', { name: 'Reminders due' }, WAIT);
    expect(screen.getByRole('heading', { name: 'League' })).toBeTruthy();
    expect(region.textContent).toContain('Reminder · Match day');
    expect(region.textContent).toContain('Bob Brown: Bring the cones');
    // Announced to screen readers, and counted on the Chat link, apart from its unread count.
    expect(document.querySelector('[data-part="due-reminder-announcement"]')?.textContent).toBe(
      'Reminder: Bob Brown in Match day: “Bring the cones”',
    );
    const count = chatLink().querySelector('[data-part="reminder-due-count"]')!;
    expect(count.querySelector('[aria-hidden="true"]:not(svg)')?.textContent).toBe('1');
    expect(dueCount()).toBe('1 reminder due');
    // Apart from the unread count (Bob's messages), and after it.
    expect(chatLink().querySelector('.badge:not(.badge-reminder) + .badge-reminder')).not.toBeNull();
    // Every action is a control the keyboard reaches, each naming the reminder it acts on.
    const open = within(region).getByRole('link', { name: 'Open message' });
    expect(open.getAttribute('href')).toBe(`/chat/messaging/due-league?message=${ids[0]}`);
    expect(within(region).getByRole('button', { name: 'Dismiss' }).getAttribute('aria-describedby')).toBeTruthy();

    // Past a success toast's 3 s and an error toast's 8 s, in real time (no timer of any kind
    // may take it away): still there.
    await act(() => new Promise((resolve) => setTimeout(resolve, 8500)));
    expect(notices()).not.toBeNull();
    expect(dueCount()).toBe('1 reminder due');

    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(notices()).toBeNull();
    expect(dueCount()).toBeNull();
    expect(document.activeElement?.id).toBe('main');
    const kept = JSON.parse(sessionStorage.getItem(dueRemindersStorageKey(String(ALICE)))!) as { settled: string[] };
    expect(kept.settled).toEqual([dueKey(ids[0]!, remindAt)]);

    // Another page, and the same due time announced again: nothing.
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    act(() => client.dispatchEvent({ ...event, received_at: undefined }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(notices()).toBeNull();
    // The layout mounted again (a reload in this session): still nothing.
    view.unmount();
    renderApp('/league');
    await appClient();
    act(() => client.dispatchEvent({ ...event, received_at: undefined }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(notices()).toBeNull();
  }, 40_000);

  it('"Open message" goes to a thread reply in its thread and clears the notice', async () => {
    const { ids } = await roomWith('due-open', 'Results', 'Who has the keys?');
    const { message: reply } = await bob
      .channel('messaging', 'due-open')
      .sendMessage({ text: 'I do, in the van', parent_id: ids[0] });
    renderApp('/league');
    await appClient();
    await remind(reply.id, 1000);
    const region = await screen.findByRole('region', { name: 'Reminders due' }, WAIT);
    expect(region.textContent).toContain('Bob Brown: I do, in the van');
    await userEvent.click(within(region).getByRole('link', { name: 'Open message' }));
    expect(screen.getByTestId('where').textContent).toBe(`/chat/messaging/due-open/thread/${ids[0]}?reply=${reply.id}`);
    expect(notices()).toBeNull();
    expect(dueCount()).toBeNull();
  }, 30_000);

  it('"Remind me in 30 min" moves the reminder 30 minutes on, on the service', async () => {
    const { ids } = await roomWith('due-snooze', 'Kit', 'Wash the bibs');
    renderApp('/league');
    await appClient();
    await remind(ids[0]!, 1000);
    const region = await screen.findByRole('region', { name: 'Reminders due' }, WAIT);
    const before = Date.now();
    await userEvent.click(within(region).getByRole('button', { name: 'Remind me in 30 min' }));
    expect(notices()).toBeNull();
    expect(await screen.findByText('Reminder set in 30 minutes', undefined, WAIT)).toBeTruthy();
    const { reminders } = await aliceTab.queryReminders({ filter: { message_id: ids[0]! } });
    const moved = Date.parse(reminders[0]!.remind_at!);
    expect(moved - before).toBeGreaterThanOrEqual(SNOOZE_MS);
    expect(moved - Date.now()).toBeLessThanOrEqual(SNOOZE_MS);
    // One of the spec's presets (section 9).
    expect(REMINDER_PRESETS_MS).toContain(SNOOZE_MS);
  }, 30_000);

  it('folds several due reminders into one summary that unfolds; "Dismiss all" clears them', async () => {
    const { ids } = await roomWith('due-many', 'Training', 'Cones', 'Bibs', 'Balls');
    renderApp('/league');
    await appClient();
    for (const id of ids) await remind(id, 1000);
    await waitFor(() => expect(dueCount()).toBe('3 reminders due'), WAIT);
    const region = notices()!;
    expect(region.getAttribute('data-state')).toBe('collapsed');
    expect(region.textContent).toContain('3 reminders are due');
    expect(within(region).queryByRole('link', { name: 'Open message' })).toBeNull();
    const show = within(region).getByRole('button', { name: 'Show' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(show);
    const list = within(region).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Bob Brown: Cones'),
      expect.stringContaining('Bob Brown: Bibs'),
      expect.stringContaining('Bob Brown: Balls'),
    ]);
    // One dismissed from the list: the other two stay, focus stays in the notices.
    await userEvent.click(within(within(list).getAllByRole('listitem')[1]!).getByRole('button', { name: 'Dismiss' }));
    expect(dueCount()).toBe('2 reminders due');
    expect(document.activeElement).toBe(region);
    await userEvent.click(within(region).getByRole('button', { name: 'Dismiss all' }));
    expect(notices()).toBeNull();
    expect(dueCount()).toBeNull();
  }, 30_000);
});

describe('the reminder machine’s clock', () => {
  it('announces a reminder whose due time passes while the connection is down, once', async () => {
    const { ids } = await roomWith('due-offline', 'Away', 'Lock the shed');
    // A client of Alice's of its own (not the layout's), held as the layout holds the app's.
    const client = await connectClient(server, String(ALICE), 'Alice Adams');
    const release = holdDueReminders(client);
    const actor = dueRemindersOf(client, null);
    try {
      const known = new Promise<void>((resolve) => {
        const subscription = client.reminders.state.subscribe(({ reminders }) => {
          if (reminders.has(ids[0]!)) {
            resolve();
            queueMicrotask(() => subscription());
          }
        });
      });
      const heard = recordEvents(client, 'notification.reminder_due');
      const elsewhere = nextEvent(aliceTab, 'notification.reminder_due', 8000, (e) => e.message_id === ids[0]);
      const remindAt = await remind(ids[0]!, 2500);
      await known;
      // The socket goes down before the due time; the service tells Alice's other tab only.
      await client.closeConnection();
      const event = await elsewhere;
      await waitFor(() => expect(selectDueCount(actor.getSnapshot())).toBe(1), { timeout: 8000 });
      expect(heard).toHaveLength(0);
      expect(selectNotices(actor.getSnapshot())[0]).toMatchObject({
        key: dueKey(ids[0]!, remindAt),
        channel: 'Away',
        author: 'Bob Brown',
        text: 'Lock the shed',
        to: `/chat/messaging/due-offline?message=${ids[0]}`,
      });
      // Back online, the same due time told again (as a late event would): not a second notice.
      await client.openConnection();
      client.dispatchEvent({ ...event, received_at: undefined });
      expect(selectDueCount(actor.getSnapshot())).toBe(1);
    } finally {
      release();
      await client.disconnectUser();
    }
  }, 30_000);
});
