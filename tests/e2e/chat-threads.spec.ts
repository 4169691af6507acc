/**
 * Threads in Chromium with two members: Jordan asks in a channel; Alex opens the message's thread
 * from its toolbar — the cursor is in the thread's reply box at once — and replies, once also to
 * the channel; hovering a reply in the narrow panel moves nothing. The address names the thread, the reply
 * count shows on the parent, and Jordan — the parent's author, so a participant — sees the thread
 * unread in the Threads view and on its link, opens it (which reads it) and sees the replies. The
 * panel and the view pass axe, the panel covers the channel on a phone, and Escape closes it with
 * focus back on the parent message. (Jordan's interface is in German: his locators use data-part.)
 */
import { expect, test, type Page } from './fixtures';
import { expectNoSeriousViolations, jordanClient, SECOND, signIn } from './support';

const CHANNEL = '/chat/team/results';
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const log = (page: Page) => page.locator('.chat-channel').getByRole('log');
const article = (page: Page, text: string) => log(page).getByRole('article').filter({ hasText: text }).last();
const panel = (page: Page) => page.locator('aside.chat-thread');
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` }) : Promise.resolve();

/**
 * Hovering a message shows its toolbar and nothing else moves: its box keeps its height and its
 * time its width (the full date once swapped in on hover wrapped the header in the thread panel).
 */
async function expectHoverMovesNothing(page: Page, row: ReturnType<Page['locator']>) {
  await page.mouse.move(0, 0);
  await expect(row.locator('[data-part="message-actions"]')).toHaveCount(0);
  const time = row.locator('time').first();
  const before = { row: (await row.boundingBox())!, time: (await time.boundingBox())! };
  await row.hover();
  await expect(row.locator('[data-part="message-actions"]')).toBeVisible();
  const after = { row: (await row.boundingBox())!, time: (await time.boundingBox())! };
  expect(after.row.height).toBe(before.row.height);
  expect(after.time.width).toBe(before.time.width);
  expect(after.time.y).toBe(before.time.y);
}

async function send(input: ReturnType<Page['locator']>, text: string) {
  await input.fill(text);
  await input.press('Enter');
}

test('a reply in a thread reaches the other member, unread until they open it', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const question = unique('Who can bring the corner flags');
  const request = await playwright.request.newContext({ baseURL });
  const asker = await jordanClient(request, baseURL!);
  const { message } = await asker.channel('team', 'results').sendMessage({ text: question });
  await asker.disconnectUser();
  await request.dispose();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(CHANNEL);
  await signIn(page);
  await article(page, question).hover();
  await article(page, question).locator('[data-action="replyInThread"]').click();
  await expect(page).toHaveURL(new RegExp(`${CHANNEL}/thread/${message.id}$`));
  await expect(page.getByRole('complementary', { name: 'Thread' })).toBeVisible();
  await expect(panel(page)).toContainText(question);
  await expect(panel(page)).toContainText('No replies yet');

  // The thread opened with the cursor in its reply box.
  const threadInput = panel(page).getByRole('textbox', { name: 'Reply…' });
  await expect(threadInput).toBeFocused();
  const reply = unique('I have them in my car');
  await send(threadInput, reply);
  await expect(panel(page).getByRole('article').filter({ hasText: reply })).toHaveAttribute(
    'data-state',
    /received|sent|read/,
  );
  await expect(panel(page).locator('.chat-thread-count')).toHaveText('1 reply');
  // A thread-only reply stays out of the channel; the parent shows the count.
  await expect(article(page, question).locator('[data-part="replies"]')).toHaveText('1 reply');
  await expect(log(page).getByRole('article').filter({ hasText: reply })).toHaveCount(0);

  // Quoting a reply goes to the thread's own composer.
  const replyRow = panel(page).getByRole('article').filter({ hasText: reply });
  await expectHoverMovesNothing(page, replyRow);
  await replyRow.hover();
  await replyRow.locator('[data-action="more"]').click();
  await page.locator('[data-part="message-menu"] [data-action="quote"]').click();
  await expect(threadInput).toBeFocused();
  await expect(panel(page).getByText('Replying to Alex Morgan')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Remove quote' }).click();

  const shared = unique('Flags are sorted');
  await panel(page).getByLabel('Also send to channel').check();
  await send(threadInput, shared);
  await expect(article(page, shared)).toBeVisible();
  await expect(panel(page).getByLabel('Also send to channel')).not.toBeChecked();
  await expectNoSeriousViolations(page, 'thread panel');
  await shot(page, 'thread-desktop');
  // Its left edge makes it wider by keyboard.
  const edge = page.getByRole('separator', { name: 'Resize the thread panel' });
  const before = (await panel(page).boundingBox())!.width;
  await edge.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await panel(page).boundingBox())!.width).toBe(before + 20);

  // Jordan: the thread is unread in his Threads view and on its link until he opens it.
  const jordan = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await jordan.goto('/chat/threads');
  await signIn(jordan, SECOND);
  await expect(jordan).toHaveURL(/\/chat\/threads$/);
  const item = jordan.locator(`[data-part="thread-item"][data-thread-id="${message.id}"]`);
  await expect(item).toHaveAttribute('data-unread', '2');
  await expect(item).toContainText(shared);
  await expect(jordan.locator('[data-part="threads-link"]')).toHaveAttribute('data-unread', '1');
  await expectNoSeriousViolations(jordan, 'threads view');
  await shot(jordan, 'threads-desktop');
  await item.click();
  await expect(jordan).toHaveURL(new RegExp(`${CHANNEL}/thread/${message.id}$`));
  await expect(panel(jordan)).toContainText(reply);
  await expect(panel(jordan)).toContainText(shared);
  await expect(jordan.locator('[data-part="threads-link"]')).toHaveAttribute('data-unread', '0');

  // A phone: the panel covers the channel; Escape closes it, focus back on the parent.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await panel(page).boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBe(390);
  await shot(page, 'thread-phone');
  await expectHoverMovesNothing(page, replyRow);
  await threadInput.focus();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${CHANNEL}$`));
  await expect(log(page).locator(`[data-message-id="${message.id}"]`)).toBeFocused();
  await jordan.setViewportSize({ width: 390, height: 844 });
  await jordan.goto('/chat/threads');
  await expect(jordan.locator(`[data-part="thread-item"][data-thread-id="${message.id}"]`)).toBeVisible();
  await shot(jordan, 'threads-phone');
});
