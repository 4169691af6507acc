/**
 * The message list in Chromium, two members in two browser contexts: live messages both ways,
 * the unread separator and the navigation badge; a deep link to a message far back, highlighted;
 * a message sent while offline fails with 'Error · Unsent' and is sent after a reload, once; and
 * axe finds nothing serious on the way.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './fixtures';
import { DEMO, jordanClient, SECOND, signIn, unreadBadge } from './support';

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function member(browser: Browser, who: typeof DEMO, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await signIn(page, who);
  return page;
}

// Jordan's interface is in German: find parts by role and structure, not by English names.
const log = (page: Page) => page.getByRole('log');
const article = (page: Page, text: string) => log(page).getByRole('article').filter({ hasText: text });
const composer = (page: Page) => page.locator('section.chat-channel').getByRole('textbox');

/** No serious or critical axe violation in the message list (the other parts have their own checks). */
async function expectAccessibleList(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).include('[data-part="message-list"]').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${state}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

test('messages arrive live both ways, with the unread separator and the navigation badge', async ({ browser }) => {
  // Two members signed in at once, and an accessibility scan: more than the default 30 s on 2 cores.
  test.setTimeout(90_000);
  const alex = await member(browser, DEMO, '/chat/team/matchday');
  const jordan = await member(browser, SECOND, '/chat/team/matchday');
  await expect(log(alex)).toHaveAccessibleName('Messages in Riverside League · Match day');
  await expect(log(jordan)).toBeVisible();

  const hello = unique('Who has the match ball?');
  await send(jordan, hello);
  await expect(article(alex, hello)).toBeVisible();
  await expect(article(alex, hello)).toHaveAttribute('aria-label', /^Jordan Weber, /);
  // Its time reads relative, the full date and time in its tooltip; hovering changes neither (the
  // layout must not move under the pointer).
  const time = article(alex, hello).locator('time');
  await expect(time).toHaveText('now');
  await expect(time).toHaveAttribute('title', /\d{4}/);
  await article(alex, hello).hover();
  await expect(time).toHaveText('now');
  const answer = unique('I will bring it');
  await send(alex, answer);
  await expect(article(jordan, answer)).toBeVisible();
  // My last message carries its receipt: read by Jordan, who has the channel open.
  await expect(article(alex, answer).locator('[data-part="receipt"]')).toHaveAttribute('data-state', 'read');
  await expectAccessibleList(alex, 'message list');

  // Alex elsewhere (a channel with nothing unread, so opening it changes no count): two messages
  // in Match day are unread, counted on the Chat link.
  await alex.goto('/chat/team/transfers');
  await expect(log(alex)).toHaveAccessibleName('Messages in Transfers');
  // The channel list has loaded, and whatever earlier tests left unread in Transfers is read now,
  // before the badge is counted.
  const matchDay = alex.locator('#chat-channel-panel').getByRole('link', { name: /^Riverside League · Match day/ });
  await expect(matchDay).toBeVisible();
  await expect(alex.locator('#chat-channel-panel [data-unread]').filter({ hasText: 'Transfers' })).toHaveCount(0);
  const before = await unreadBadge(alex);
  const first = unique('Kick-off moved to 10:30');
  const second = unique('Bring both kits');
  await send(jordan, first);
  await send(jordan, second);
  // Two browsers and the server share two cores here: the count may take longer than the default 5 s.
  await expect.poll(() => unreadBadge(alex), { timeout: 15_000 }).toBe(before + 2);

  await matchDay.click();
  const firstRow = log(alex)
    .locator('.chat-row')
    .filter({ has: alex.getByRole('article').filter({ hasText: first }) });
  await expect(firstRow.getByRole('separator')).toHaveText('2 new messages');
  await expect(article(alex, second)).toBeVisible();
  // The end is in view: marked read, and the badge goes down.
  await expect.poll(() => unreadBadge(alex)).toBe(before);
  await alex.context().close();
  await jordan.context().close();
});

test('a deep link to a message far back loads it and highlights it', async ({ browser, playwright, baseURL }) => {
  // Seeding 40 messages late in the suite (a busy sandbox) and signing in: more than the default 30 s.
  test.setTimeout(90_000);
  const request = await playwright.request.newContext({ baseURL });
  const jordan = await jordanClient(request, baseURL!);
  const results = jordan.channel('team', 'results');
  const ids: string[] = [];
  try {
    for (let i = 1; i <= 40; i++) ids.push((await results.sendMessage({ text: `Result line ${i}` })).message.id);
  } finally {
    await jordan.disconnectUser();
    await request.dispose();
  }
  const alex = await member(browser, DEMO, `/chat/team/results?message=${ids[2]}`);
  const target = article(alex, 'Result line 3');
  // The first visit signs in, connects and queries the channel list and the channel: give it time.
  await expect(target).toBeVisible({ timeout: 15_000 });
  await expect(target).toHaveAttribute('data-highlighted', 'true');
  await expect(target).toBeInViewport();
  // Far from the latest messages: offered the way back, which shows the newest.
  const jump = alex.getByRole('button', { name: /^Jump to latest/ });
  await expect(jump).toBeVisible();
  await expectAccessibleList(alex, 'message list after a jump');
  await jump.click();
  await expect(article(alex, 'Result line 40')).toBeInViewport();

  // Page Up scrolls the list from the composer, Page Down back.
  const scroller = log(alex);
  const top = () => scroller.evaluate((element) => element.scrollTop);
  const atEnd = await top();
  await composer(alex).focus();
  await alex.keyboard.press('PageUp');
  await expect.poll(top).toBeLessThan(atEnd - 100);
  await alex.keyboard.press('PageDown');
  await expect.poll(top).toBeGreaterThan(atEnd - 50);
  await expect(composer(alex)).toBeFocused();
  await alex.context().close();
});

test('a message sent offline fails as unsent and is sent once after a reload', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const alex = await member(browser, DEMO, '/chat/team/general');
  await expect(log(alex)).toBeVisible();
  const text = unique('Sent from the tunnel');
  await alex.context().setOffline(true);
  await send(alex, text);
  const failed = article(alex, text);
  await expect(failed).toHaveAttribute('data-state', 'failed');
  await expect(failed.getByRole('button', { name: 'Error · Unsent' })).toBeVisible();
  await expectAccessibleList(alex, 'failed message');

  await alex.context().setOffline(false);
  await alex.reload();
  await expect(article(alex, text)).toHaveAttribute('data-state', 'received', { timeout: 15_000 });
  await expect(article(alex, text)).toHaveCount(1);
  await expect(alex.getByText('Error · Unsent')).toHaveCount(0);

  // The service has it once.
  const request = await playwright.request.newContext({ baseURL });
  const jordan = await jordanClient(request, baseURL!);
  try {
    const channel = jordan.channel('team', 'general');
    const state = await channel.query({ messages: { limit: 100 } });
    expect(state.messages.filter((m) => m.text === text)).toHaveLength(1);
  } finally {
    await jordan.disconnectUser();
    await request.dispose();
  }
  await alex.context().close();
});
